import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { currentScope, withScope } from '../db/scope';

/**
 * Streamed exports (issue 43, "Speed"; docs/architecture.md "Exports stream"): an export's rows are read
 * in batches and written to the reply as they come, so its first bytes leave before the last batch is
 * read and the server holds one batch at a time, whatever the company's size.
 *
 * The body is byte for byte what the route's serializer wrote for the whole array (`JSON.stringify` of
 * each item encoded by its schema, joined by commas, in brackets). The reply goes out chunked (no
 * Content-Length). A batch that fails after the first bytes have gone cuts the reply short (the client
 * sees a broken download, never a partial file that parses).
 */

/**
 * Runs each step of `source` in the database scope of the code that called this (the request's
 * company): a stream pulls its next batch from whatever callback asked for more data (the socket
 * draining), outside the request's async context (db/scope.ts).
 */
export function inThisScope<T>(source: AsyncIterable<T>): AsyncGenerator<T> {
  // Read now: a generator's body runs only when its first item is asked for.
  const scope = currentScope();
  return (async function* () {
    const it = source[Symbol.asyncIterator]();
    for (;;) {
      const step = await withScope(scope, () => it.next());
      if (step.done) return;
      yield step.value;
    }
  })();
}

/** The text of a JSON array, one chunk per batch of items; `encode` writes one item. */
export async function* jsonArrayText<T>(
  batches: AsyncIterable<readonly T[]>,
  encode: (item: T) => string,
): AsyncGenerator<string> {
  yield '[';
  let first = true;
  for await (const batch of batches) {
    if (batch.length === 0) continue;
    const parts: string[] = [];
    for (const item of batch) {
      parts.push(first ? encode(item) : `,${encode(item)}`);
      first = false;
    }
    yield parts.join('');
  }
  yield ']';
}

/**
 * Sends the batches of a request's export as a streamed JSON array. The first batch is read before
 * the reply starts, so a failure there (the database unreachable, a refusal) answers as any error
 * does; later batches are read as the client takes the bytes (the stream's back-pressure). The batches
 * run in the request's database scope. The route's declared response schema still documents the answer,
 * but a stream is not serialized by Fastify, so `encode` applies it to each item.
 */
export async function sendJsonArray<T>(
  reply: FastifyReply,
  batches: AsyncIterable<readonly T[]>,
  encode: (item: T) => string,
): Promise<FastifyReply> {
  const it = inThisScope(batches);
  const first = await it.next();
  async function* all(): AsyncGenerator<readonly T[]> {
    if (first.done) return;
    yield first.value;
    yield* it;
  }
  const body = Readable.from(jsonArrayText(all(), encode), { objectMode: false });
  return reply.type('application/json; charset=utf-8').send(body);
}
