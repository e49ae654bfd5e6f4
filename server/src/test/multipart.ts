import { randomBytes } from 'node:crypto';

/**
 * A multipart/form-data body as a browser sends it (documents, issue 42): text fields, then the file
 * with its name as raw UTF-8 (accents as typed) and the browser's Content-Type (never believed).
 */
export function multipartBody(
  fields: Record<string, string>,
  file?: { name: string; bytes: Buffer; type?: string; field?: string },
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----ems${randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields))
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
      ),
    );
  if (file)
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'file'}"; filename="${file.name}"\r\n` +
          `Content-Type: ${file.type ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from('\r\n'),
    );
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  const payload = Buffer.concat(parts);
  return {
    payload,
    headers: {
      'content-type': `multipart/form-data; boundary=${boundary}`,
      'content-length': String(payload.length),
    },
  };
}

/** A PDF's signature followed by `size` bytes in all (random after the header). */
export function pdfBytes(size: number): Buffer {
  const head = Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n');
  return Buffer.concat([head, randomBytes(Math.max(0, size - head.length))]).subarray(0, size);
}
