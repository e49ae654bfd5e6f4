/**
 * The stock ledger (modules/parts/stock.service.ts) is the only writer of stock moves and of a part's
 * quantity on hand (issue 27): this test reads every server source file and fails when another one
 * (but the demo and bench seeders) inserts a stock move or sets on_hand.
 */
import { expect, it } from 'vitest';
import { writersOutside } from '../../test/one-writer';

const allowed = (rel: string) =>
  rel === 'modules/parts/stock.service.ts' ||
  rel === 'cli/demo.ts' ||
  rel === 'cli/bench-seed.ts' ||
  rel.startsWith('db/schema/');

const writes: [string, RegExp][] = [
  ['writes a stock move', /(insert|update)\(\s*stockMove\s*\)|(into|update)\s+stock_move\b/i],
  [
    'moves a quantity on hand',
    /\.set\(\{[^}]*\bonHand\b|\bonHand\s*:\s*sql|\bset\.onHand\s*=|\bon_hand\s*=/,
  ],
];

it('no module but the stock ledger writes stock moves or quantities on hand', () => {
  expect(writersOutside(allowed, writes)).toEqual([]);
});

it('the check itself catches a writer', () => {
  for (const line of [
    'await tx.insert(stockMove).values({',
    '.update(part).set({ onHand: 3 })',
    'update part set on_hand = on_hand - 1',
  ])
    expect(
      writes.some(([, re]) => re.test(line)),
      line,
    ).toBe(true);
});
