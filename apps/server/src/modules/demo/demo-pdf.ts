import { renderPdf } from '../../platform/pdf.js';

type Margin = [number, number, number, number];

/**
 * A small real PDF of a demo document (a disclosure, a training manual): the firm, the title, a line
 * under it, the paragraphs, and a note that it is a demo.
 */
export function demoPdf(firm: string, title: string, subtitle: string, paragraphs: string[]) {
  return renderPdf({
    title: `${firm} ${title}`,
    styles: { heading: { fontSize: 16, bold: true, margin: [0, 0, 0, 8] } },
    content: [
      { text: firm, style: 'heading' },
      { text: title, bold: true },
      { text: subtitle, margin: [0, 0, 0, 12] },
      ...paragraphs.map((text) => ({ text, margin: [0, 0, 0, 6] as Margin })),
      { text: 'Demo document of the portal: not a filing.', italics: true, margin: [0, 12, 0, 0] },
    ],
  });
}
