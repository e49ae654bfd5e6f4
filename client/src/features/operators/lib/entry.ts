/** A new idempotency key for one intended submission (an update or an inspection). */
export const newKey = () =>
  typeof crypto.randomUUID === 'function'
    ? crypto.randomUUID()
    : `${Date.now()}-${Math.random().toString(36).slice(2)}`;

/** Parses a decimal the way phones type it ("12,5" or "12.5"). Empty -> undefined. */
export function parseAmount(value: string): number | undefined | 'invalid' {
  const v = value.trim().replace(',', '.');
  if (v === '') return undefined;
  const n = Number(v);
  return Number.isFinite(n) ? n : 'invalid';
}
