import { randomUUID } from 'node:crypto';

/**
 * A `multipart/form-data` body as a browser's form sends it: text fields, then files, each
 * `{ field, name, bytes, type }`. Returns the payload and its content type for `inject`.
 */
export function multipartOf(
  fields: Record<string, string>,
  files: { field?: string; name: string; bytes: Buffer; type?: string }[] = [],
) {
  const boundary = `----portal${randomUUID().replaceAll('-', '')}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields))
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  for (const f of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${f.field ?? 'file'}"; filename="${f.name}"\r\nContent-Type: ${f.type ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      f.bytes,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
