import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import pLimit from 'p-limit';
import { currentScope, withScope } from '../db/scope';

/**
 * Streamed exports (issue 43, "Speed"; docs/architecture.md "Exports stream"): an export's rows are read
 * in batches and written to the reply as they come, so its first bytes leave before the last batch is
 * read and the server holds one batch at a time, whatever the company's size.
 *
 * The body is byte for byte what the route's serializer wrote for the whole array (`JSON.stringify` of
 * each item encoded by its schema, joined by commas, in brackets). The reply goes out chunked (no
 * Content-Length). A batch that fails after the first bytes have gone cuts the reply short (the client
 * sees a broken download, never a partial file that parses). Later batches wait their turn in one
 * queue per server (LATER_BATCHES), so a new download's first bytes never wait for other downloads.
 */

/**
 * Runs each step of `source` in the database scope of the code that called this (the request's
 * company): a stream pulls its next batch from whatever callback asked for more data (the socket
 * draining), outside the request's async context (db/scope.ts).
 */
export function inThisScope<T>(source: AsyncIterable<T>): AsyncIterableIterator<T> {
  // Read now: the steps run later, from whatever asks for them.
  const scope = currentScope();
  const it = source[Symbol.asyncIterator]();
  // A plain iterator, not a generator: a generator paused at its `yield` would keep the step (a whole
  // batch) alive until the next one is asked for (see jsonArrayText).
  return {
    next: () => withScope(scope, () => it.next()),
    [Symbol.asyncIterator]() {
      return this;
    },
  };
}

/**
 * The most characters in one chunk of a streamed answer. V8 puts a string over ~128 KB straight into
 * its large-object space, which only a full collection frees; a whole batch as one chunk is 350 KB for
 * 250 machines. Chunks this size stay in the new space. A precaution: what was measured to pile up
 * (issue 43, "memory stays flat") was the batches kept alive (see jsonArrayText), not these strings.
 */
export const CHUNK_CHARS = 32 * 1024;

/**
 * The text of a JSON array, in chunks of about CHUNK_CHARS (a chunk ends after the item that reaches
 * it; no chunk spans two batches); `encode` writes one item.
 *
 * Each batch is turned into its text as soon as it is read and only the text is kept while the client
 * takes it: nothing here (nor in inThisScope) holds the batch's objects across a `yield`. A batch's rows
 * kept until the client had taken its last byte lived through several young-generation collections,
 * were promoted, and piled up as old garbage: 20 downloads of 10,000 machines on PostgreSQL kept ~100 MB
 * alive and grew the heap to ~420 MB between full collections (issue 43, "memory stays flat").
 */
export async function* jsonArrayText<T>(
  batches: AsyncIterable<readonly T[]>,
  encode: (item: T) => string,
): AsyncGenerator<string> {
  yield '[';
  const it = batches[Symbol.asyncIterator]();
  const state = { first: true };
  for (;;) {
    const chunks = await nextBatchText(it, encode, state);
    if (chunks === null) break;
    for (let i = 0; i < chunks.length; i++) {
      const chunk = chunks[i]!;
      chunks[i] = ''; // the client has this one: let it go
      yield chunk;
    }
  }
  yield ']';
}

/** The next batch's text in chunks, or null after the last batch. The batch dies with this call. */
async function nextBatchText<T>(
  it: AsyncIterator<readonly T[]>,
  encode: (item: T) => string,
  state: { first: boolean },
): Promise<string[] | null> {
  const step = await it.next();
  if (step.done) return null;
  const chunks: string[] = [];
  let parts: string[] = [];
  let length = 0;
  for (const item of step.value) {
    const text = state.first ? encode(item) : `,${encode(item)}`;
    state.first = false;
    parts.push(text);
    length += text.length;
    if (length >= CHUNK_CHARS) {
      chunks.push(parts.join(''));
      parts = [];
      length = 0;
    }
  }
  if (parts.length > 0) chunks.push(parts.join(''));
  return chunks;
}

/**
 * Exports share the database fairly, and a new download's first bytes come first (issue 43: 20 users
 * asking for the full equipment list at once saw their first bytes after 5 to 26 s; "the first byte
 * comes in under 1 s and memory stays flat"):
 * - every export's later batches wait in one queue per server, read at most LATER_BATCHES at a time,
 *   first come first served (p-limit), so the server holds that many batches being read whatever the
 *   number of downloads;
 * - and none is read while a first batch is being read: a download that has just arrived goes ahead of
 *   those already under way (PGlite runs one query at a time; PostgreSQL's pool is shared).
 * The whole downloads take about as long as before: the database's work is the same.
 */
export const LATER_BATCHES = 2;
const laterBatches = pLimit(LATER_BATCHES);
let firstBatchesReading = 0;
let firstBatchesRead: { promise: Promise<void>; resolve: () => void } | null = null;

/** Reads an export's first batch (later batches wait until no first batch is being read). */
export async function readFirstBatch<T>(it: AsyncIterator<T>): Promise<IteratorResult<T>> {
  firstBatchesReading += 1;
  try {
    return await it.next();
  } finally {
    firstBatchesReading -= 1;
    if (firstBatchesReading === 0 && firstBatchesRead) {
      firstBatchesRead.resolve();
      firstBatchesRead = null;
    }
  }
}

/** Reads a later batch: in the server's one queue, LATER_BATCHES at a time, after any first batch. */
export async function readLaterBatch<T>(it: AsyncIterator<T>): Promise<IteratorResult<T>> {
  return laterBatches(async () => {
    while (firstBatchesReading > 0) {
      if (!firstBatchesRead) {
        let resolve!: () => void;
        const promise = new Promise<void>((r) => (resolve = r));
        firstBatchesRead = { promise, resolve };
      }
      await firstBatchesRead.promise;
    }
    return it.next();
  });
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
  // Read before the reply starts; given once to the text, then let go.
  let first: IteratorResult<readonly T[]> | null = await readFirstBatch(it);
  const all: AsyncIterable<readonly T[]> = {
    [Symbol.asyncIterator]: () => ({
      next: () => {
        if (first === null) return readLaterBatch(it);
        const step = first;
        first = null;
        return Promise.resolve(step);
      },
    }),
  };
  const body = Readable.from(jsonArrayText(all, encode), { objectMode: false });
  return reply.type('application/json; charset=utf-8').send(body);
}
