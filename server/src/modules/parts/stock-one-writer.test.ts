/**
 * The stock ledger (modules/parts/stock.service.ts) is the only writer of stock moves and of a part's
 * quantity on hand (issue 27): this test reads every server source file and fails when another one
 * (but the demo and bench seeders) inserts a stock move or sets on_hand.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

const src = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = path.join(dir, name);
    if (statSync(p).isDirectory()) return name === 'migrations' ? [] : sources(p);
    return /\.ts$/.test(name) && !/\.test\.ts$/.test(name) ? [p] : [];
  });
}

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
  const offences: string[] = [];
  for (const file of sources(src)) {
    const rel = path.relative(src, file).split(path.sep).join('/');
    if (allowed(rel)) continue;
    const text = readFileSync(file, 'utf8');
    for (const [what, re] of writes) if (re.test(text)) offences.push(`${rel} ${what}`);
  }
  expect(offences).toEqual([]);
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
