import { formatNumber } from '@/lib/format';

/** Displayed id = first 8 characters. */
export const shortId = (id: string) => id.slice(0, 8);

/** A translate function (any namespace's t): what the text helpers here and in entry-text.ts take. */
export type Translate = (key: string, opts?: Record<string, unknown>) => string;
type T = Translate;

/** "12,345.6 hours" (unit translated; n/a shows the number only). */
export function formatUsage(t: T, value: number | null | undefined, unit: string): string {
  const n = formatNumber(value ?? 0);
  return unit === 'n/a' || !unit ? n : `${n} ${t(`units.${unit}`)}`;
}
