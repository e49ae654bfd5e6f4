/**
 * A document's bytes (issue 42, "Viewing" and "Safety"): streamed chunk by chunk from the database, with
 * an ETag (its SHA-256) and one byte range (`Range: bytes=a-b`, `a-`, `-n`; If-Range honoured).
 * Always `X-Content-Type-Options: nosniff` and `Content-Security-Policy: sandbox`; images the browser
 * draws and PDFs are `inline`, everything else `attachment`; the filename goes in both forms of RFC 6266
 * (an ASCII fallback and `filename*` in UTF-8, RFC 5987), so accents and spaces arrive as written.
 */
import { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { opensInBrowser } from '@domain/documents';
import type { Deps } from '../../deps';
import { AppError } from '../../lib/errors';
import { inThisScope } from '../../lib/json-stream';
import type { CompanyContext } from '../../plugins/session';
import { documentHead } from './documents.service';
import { readChunks } from './upload';

/** RFC 5987 `value-chars`: attr-char stays, everything else is %XX of its UTF-8 bytes. */
const encode5987 = (s: string) =>
  encodeURIComponent(s).replace(
    /['()*!]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );

/** `inline; filename="Manual de operacion.pdf"; filename*=UTF-8''Manual%20de%20operaci%C3%B3n.pdf` */
export function contentDisposition(kind: 'inline' | 'attachment', filename: string): string {
  const ascii = filename
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]/g, '_')
    .replace(/["\\]/g, '_');
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encode5987(filename)}`;
}

/** The one range asked for, or 'all' (none, several, or not bytes), or null (cannot be satisfied). */
export function rangeOf(header: string | undefined, size: number): [number, number] | 'all' | null {
  if (!header) return 'all';
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m || (m[1] === '' && m[2] === '')) return 'all';
  if (m[1] === '') {
    const n = Number(m[2]);
    if (n === 0) return null;
    return [Math.max(0, size - n), size - 1];
  }
  const start = Number(m[1]);
  const end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  if (start >= size || end < start) return null;
  return [start, end];
}

export async function sendDocumentFile(
  deps: Deps,
  ctx: CompanyContext,
  id: string,
  req: FastifyRequest,
  reply: FastifyReply,
) {
  const head = await documentHead(deps.db, ctx, id);
  const etag = `"${head.sha256}"`;
  const type = head.contentType.startsWith('text/')
    ? `${head.contentType}; charset=utf-8`
    : head.contentType;
  void reply
    .header('etag', etag)
    .header('accept-ranges', 'bytes')
    .header('cache-control', 'private, no-cache')
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', 'sandbox')
    .header(
      'content-disposition',
      contentDisposition(opensInBrowser(head.contentType) ? 'inline' : 'attachment', head.filename),
    );
  const match = req.headers['if-none-match'];
  if (match && match.split(',').some((t) => t.trim() === etag || t.trim() === '*'))
    return reply.status(304).send();

  const ifRange = req.headers['if-range'];
  const range = ifRange && ifRange !== etag ? 'all' : rangeOf(req.headers.range, head.size);
  if (range === null)
    throw new AppError('range_not_satisfiable', 'documents.rangeOutside', {
      params: { size: head.size },
      headers: { 'content-range': `bytes */${head.size}` },
    });
  const [start, end] = range === 'all' ? [0, head.size - 1] : range;
  const length = head.size === 0 ? 0 : end - start + 1;
  const cs = head.chunkSize;
  const first = Math.floor(start / cs);
  const last = Math.floor(end / cs);
  async function* bytes() {
    let n = first;
    for await (const chunk of readChunks(deps, ctx.companyId, id, first, last)) {
      const from = n === first ? start - n * cs : 0;
      const to = n === last ? end - n * cs + 1 : chunk.length;
      yield chunk.subarray(from, to);
      n += 1;
    }
  }
  if (range !== 'all')
    void reply.status(206).header('content-range', `bytes ${start}-${end}/${head.size}`);
  return reply
    .header('content-length', String(length))
    .type(type)
    .send(Readable.from(inThisScope(bytes())));
}
