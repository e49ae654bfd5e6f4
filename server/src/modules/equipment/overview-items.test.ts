import { describe, expect, it } from 'vitest';
import { RATE_WINDOW_DAYS } from '@domain/usage-rate';
import { OverviewItemCache, readingsValidUntil } from './overview-items';

const DAY = 86_400_000;
const WINDOW = RATE_WINDOW_DAYS * DAY;
const now = Date.parse('2026-06-01T12:00:00Z');
const item = (rv: string, validUntil = Number.POSITIVE_INFINITY) => ({
  rv,
  today: '2026-06-01',
  validUntil,
  text: `{"rv":"${rv}"}`,
});

describe('readingsValidUntil: when a kept overview item stops being the one computed now', () => {
  it('the first reading inside the window to leave it, or a future reading to become current', () => {
    expect(readingsValidUntil([], now)).toBe(Number.POSITIVE_INFINITY);
    // The anchor (before the window) never moves the answer; the oldest reading inside it does.
    const anchor = { t: now - WINDOW - DAY, usage: 1 };
    const inside = { t: now - 10 * DAY, usage: 2 };
    const newest = { t: now - DAY, usage: 3 };
    expect(readingsValidUntil([newest, anchor, inside], now)).toBe(inside.t + WINDOW);
    const future = { t: now + 3_600_000, usage: 4 };
    expect(readingsValidUntil([anchor, inside, future], now)).toBe(future.t);
    expect(readingsValidUntil([anchor, { t: Number.NaN, usage: 5 }], now)).toBe(
      Number.POSITIVE_INFINITY,
    );
  });
});

describe('OverviewItemCache', () => {
  it('answers only for the same row version and day, before the item runs out', () => {
    const cache = new OverviewItemCache();
    cache.set('a', item('10', now + 1000));
    expect(cache.get('a', '10', '2026-06-01', now)).toBe('{"rv":"10"}');
    expect(cache.get('a', '11', '2026-06-01', now)).toBeUndefined();
    expect(cache.get('a', '10', '2026-06-02', now)).toBeUndefined();
    expect(cache.get('a', '10', '2026-06-01', now + 1000)).toBeUndefined();
    expect(cache.get('b', '10', '2026-06-01', now)).toBeUndefined();
    expect(cache.counts).toEqual({ hits: 1, misses: 4 });
    expect(cache.mayHold('a', '2026-06-01', now)).toBe(true);
    expect(cache.mayHold('a', '2026-06-02', now)).toBe(false);
    expect(cache.mayHold('a', '2026-06-01', now + 1000)).toBe(false);
    expect(cache.mayHold('b', '2026-06-01', now)).toBe(false);
    cache.set('a', item('11'));
    expect(cache.get('a', '11', '2026-06-01', now)).toBe('{"rv":"11"}');
    expect(cache.size).toBe(1);
  });

  it('holds at most its limit, dropping the item kept longest', () => {
    const cache = new OverviewItemCache(2);
    cache.set('a', item('1'));
    cache.set('b', item('1'));
    cache.set('a', item('2')); // written again: now the newest
    cache.set('c', item('1'));
    expect(cache.size).toBe(2);
    expect(cache.get('b', '1', '2026-06-01', now)).toBeUndefined();
    expect(cache.get('a', '2', '2026-06-01', now)).toBeDefined();
    expect(cache.get('c', '1', '2026-06-01', now)).toBeDefined();
  });
});
