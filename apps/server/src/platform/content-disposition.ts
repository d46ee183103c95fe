/**
 * `Content-Disposition: attachment` for a download named after a record (RFC 6266): a plain-ASCII
 * `filename` for old clients (quotes, backslashes, control and non-ASCII characters replaced) and the
 * exact name as UTF-8 in `filename*`. Path separators never survive, so a name cannot climb folders.
 */
export function attachment(fileName: string): string {
  const printable = [...fileName].filter((ch) => (ch.codePointAt(0) ?? 0) >= 0x20 && ch !== '\u007f').join('');
  const safe = printable.replace(/[/\\]/g, '-');
  const ascii = safe.replace(/[^\u0020-\u007e]/g, '_').replace(/["%]/g, '_');
  const encoded = encodeURIComponent(safe).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
