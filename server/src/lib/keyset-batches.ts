/**
 * An export's rows read in batches, each from where the last ended (keyset paging: newest first, then
 * by id), at most `limit` rows in all: the history, fuel, inspection and service exports (issue 43,
 * "Speed"; lib/json-stream.ts streams them).
 *
 * The rows of a batch live only inside the read of that batch: the generator, paused at its `yield`
 * while the client takes the batch's text, holds only where to go on from, so a slow client does not
 * keep a batch's rows alive (they were promoted and piled up as old garbage; issue 43, "memory stays
 * flat").
 */
export type KeysetSource<Row, After, Out> = {
  /** Up to `limit` rows after `after` (null: from the start), in the export's order. */
  read: (after: After | null, limit: number) => Promise<Row[]>;
  /** Where the next batch starts, from a batch's last row. */
  cursor: (last: Row) => After;
  /** A batch's rows as the export writes them. */
  map: (rows: Row[]) => Out[];
};

export async function* keysetBatches<Row, After, Out>(
  source: KeysetSource<Row, After, Out>,
  batchSize: number,
  limit: number,
): AsyncGenerator<Out[]> {
  const at = { after: null as After | null, sent: 0, done: false };
  while (!at.done && at.sent < limit) yield await nextBatch(source, at, batchSize, limit);
}

async function nextBatch<Row, After, Out>(
  source: KeysetSource<Row, After, Out>,
  at: { after: After | null; sent: number; done: boolean },
  batchSize: number,
  limit: number,
): Promise<Out[]> {
  const rows = await source.read(at.after, Math.min(batchSize, limit - at.sent));
  at.sent += rows.length;
  if (rows.length < batchSize) at.done = true;
  if (rows.length > 0) at.after = source.cursor(rows[rows.length - 1]!);
  return source.map(rows);
}
