import { describe, expect, it } from 'vitest';
import { isReadOnlyStatement } from '../db/client';
import { ReadCache } from './read-cache';

describe('ReadCache', () => {
  it('serves an entry only at its version and drops the least recently used beyond its bytes', () => {
    const c = new ReadCache(30);
    c.set('a', '1', 'x'.repeat(10));
    c.set('b', '1', 'y'.repeat(10));
    expect(c.get('a', '1')).toBe('x'.repeat(10));
    expect(c.get('a', '2')).toBeUndefined();
    c.set('c', '1', 'z'.repeat(15)); // 35 bytes: b (least recently used) goes
    expect(c.get('b', '1')).toBeUndefined();
    expect(c.get('a', '1')).toBeDefined();
    expect(c.get('c', '1')).toBeDefined();
    c.set('big', '1', 'w'.repeat(31)); // larger than the whole cache: not kept
    expect(c.get('big', '1')).toBeUndefined();
    expect(c.size).toBe(2);
  });

  it('counts as read-only only a SELECT that calls no state-changing function', () => {
    expect(isReadOnlyStatement('select * from equipment')).toBe(true);
    expect(isReadOnlyStatement('  (select 1) union (select 2)')).toBe(true);
    expect(isReadOnlyStatement('select id from "operator_update" for update')).toBe(true);
    expect(isReadOnlyStatement("select set_config('app.x', '1', false)")).toBe(false);
    expect(isReadOnlyStatement("select nextval('s')")).toBe(false);
    expect(isReadOnlyStatement('with x as (update equipment set name = 1) select 1')).toBe(false);
    expect(isReadOnlyStatement('insert into equipment default values')).toBe(false);
    expect(isReadOnlyStatement('update equipment set name = $1')).toBe(false);
    expect(isReadOnlyStatement('delete from equipment')).toBe(false);
  });

  it('shares an answer being computed with the same key and version, and forgets it once settled', async () => {
    const c = new ReadCache();
    let runs = 0;
    let finish: (v: string) => void = () => {};
    const compute = () => {
      runs += 1;
      return new Promise<string>((resolve) => (finish = resolve));
    };
    const a = c.once('k', '1', compute);
    const b = c.once('k', '1', compute);
    const other = c.once('k', '2', () => Promise.resolve('v2')); // another version: its own
    finish('v1');
    expect(await Promise.all([a, b, other])).toEqual(['v1', 'v1', 'v2']);
    expect(runs).toBe(1);
    expect(c.counts).toMatchObject({ misses: 2, shared: 1 });
    await expect(c.once('k', '1', () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await c.once('k', '1', () => Promise.resolve('again'))).toBe('again');
  });
});
