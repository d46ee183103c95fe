import { describe, expect, it } from 'vitest';
import { attachment } from './content-disposition.js';

describe('a download named after a record', () => {
  it('keeps a plain name as it is', () => {
    expect(attachment('Ada Lovelace - DWA FY2026 Q2.pdf')).toBe(
      `attachment; filename="Ada Lovelace - DWA FY2026 Q2.pdf"; filename*=UTF-8''Ada%20Lovelace%20-%20DWA%20FY2026%20Q2.pdf`,
    );
  });

  it('gives old clients an ASCII name and new ones the exact UTF-8 name, never a quote or a folder', () => {
    expect(attachment('Zoë "Z" O\'Neil/../x\r\n.pdf')).toBe(
      `attachment; filename="Zo_ _Z_ O'Neil-..-x.pdf"; filename*=UTF-8''Zo%C3%AB%20%22Z%22%20O%27Neil-..-x.pdf`,
    );
  });
});
