import type { FastifyReply, FastifyRequest } from 'fastify';
import { idParamSchema } from '@domain/schemas/operators';
import { notFound } from './errors';

/** A route's `:id`; a malformed id is simply not found (404), like another company's id. */
export function idOf(params: unknown): string {
  const r = idParamSchema.safeParse(params);
  if (!r.success) throw notFound();
  return r.data.id;
}

/** The Idempotency-Key header (the outbox's key), trimmed and bounded; null when absent. */
export function idempotencyKeyOf(req: FastifyRequest): string | null {
  const header = req.headers['idempotency-key'];
  return typeof header === 'string' && header.trim() ? header.trim().slice(0, 200) : null;
}

/** A stored photo: its sniffed type, never sniffed again by the browser, cached privately. */
export function sendPhoto(reply: FastifyReply, photo: { contentType: string; data: Buffer }) {
  return reply
    .header('content-type', photo.contentType)
    .header('cache-control', 'private, max-age=86400')
    .header('x-content-type-options', 'nosniff')
    .send(photo.data);
}
