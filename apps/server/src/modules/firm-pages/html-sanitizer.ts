import sanitizeHtml from 'sanitize-html';

/**
 * What a page written in the rich text editor may keep: the editor's own formatting (headings,
 * paragraphs, emphasis, lists, quotes, code, rules) and links to web and mail addresses. Everything
 * else is dropped: scripts and styles with their content, event handlers and any other attribute,
 * `javascript:` and `data:` URLs, frames, forms and images from elsewhere.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'h1',
    'h2',
    'h3',
    'h4',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'code',
    'pre',
    'blockquote',
    'ul',
    'ol',
    'li',
    'a',
    'hr',
  ],
  allowedAttributes: { a: ['href', 'target', 'rel'], ol: ['start'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // A link leaves the portal in a new tab that cannot reach back into it.
  transformTags: {
    a: (tagName, attribs) => ({
      tagName,
      attribs: { ...(attribs.href ? { href: attribs.href } : {}), target: '_blank', rel: 'noopener noreferrer' },
    }),
  },
};

/** Rich text from an editor, kept to the allow-list above; an empty editor's `<p></p>` is no content. */
export function sanitizePageHtml(html: string): string {
  const clean = sanitizeHtml(html, OPTIONS).trim();
  return clean.replace(/<p>\s*(<br \/>)?\s*<\/p>/g, '').trim() === '' ? '' : clean;
}
