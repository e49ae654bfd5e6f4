/**
 * What the streamed export tests share (issue 43, "Speed"; issue 44): one GET of an export, checked as
 * streamed JSON, with the number of database queries it took, and the bound on that number. Used by
 * the service log, inspections and history export tests.
 */
import { expect } from 'vitest';
import { call } from './factories';
import type { TestApp } from './helpers';

/** GET `url` as `o`: 200, chunked, JSON. Returns its rows and the queries the answer took. */
export async function streamedExport<R>(t: TestApp, o: { cookie: string }, url: string) {
  const before = t.database.queryCount.value;
  const res = await call(t.app, o.cookie, 'GET', url);
  const queries = t.database.queryCount.value - before;
  expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
  expect(res.headers['transfer-encoding']).toBe('chunked');
  expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
  return { rows: res.json<R[]>(), queries };
}

/** One query per batch of `batch` rows (the last one shorter), plus the session's. */
export function expectQueriesPerBatch(queries: number, rows: number, batch: number) {
  const batches = Math.ceil(rows / batch);
  expect(queries).toBeGreaterThanOrEqual(batches);
  expect(queries).toBeLessThanOrEqual(batches + 2);
}
