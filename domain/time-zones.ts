/**
 * Finding a time zone by what people type (issue 26): "Chicago" finds America/Chicago, "new york"
 * America/New_York, "sao paulo" America/Sao_Paulo. Plain code, no zod (the settings dialog loads it).
 */
import { isTimeZone } from './dates';

/** Every IANA zone the platform knows (Intl), UTC included. */
export function allTimeZones(): string[] {
  const list =
    typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return list.includes('UTC') ? list : [...list, 'UTC'];
}

/** Lower case, no accents, "_" "/" "-" as spaces: "São Paulo" and "America/Sao_Paulo" meet. */
const normal = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[_/\-,]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/** The city part of a zone, as people write it: "America/Argentina/Buenos_Aires" -> "Buenos Aires". */
export const zoneCity = (zone: string) => (zone.split('/').pop() ?? zone).replace(/_/g, ' ');

/**
 * Zones matching a query, best first: the city named exactly, then cities starting with it, then
 * zones containing it anywhere (region included); alphabetical within each. Empty query: none.
 */
export function searchTimeZones(query: string, zones: readonly string[], limit = 50): string[] {
  const q = normal(query);
  if (!q) return [];
  const scored: { zone: string; score: number }[] = [];
  for (const zone of zones) {
    const city = normal(zoneCity(zone));
    const whole = normal(zone);
    const score =
      city === q || whole === q ? 0 : city.startsWith(q) ? 1 : whole.includes(q) ? 2 : -1;
    if (score >= 0) scored.push({ zone, score });
  }
  scored.sort((a, b) => a.score - b.score || a.zone.localeCompare(b.zone));
  return scored.slice(0, limit).map((s) => s.zone);
}

/**
 * What was typed, as an IANA zone: a zone name (in its canonical spelling), else the one zone whose
 * city is named exactly ("Chicago" -> "America/Chicago"); null when it names none or several.
 */
export function resolveTimeZone(
  value: string,
  zones: readonly string[] = allTimeZones(),
): string | null {
  const v = value.trim();
  if (!v) return null;
  if (isTimeZone(v))
    return new Intl.DateTimeFormat('en', { timeZone: v }).resolvedOptions().timeZone;
  const q = normal(v);
  const exact = zones.filter((z) => normal(zoneCity(z)) === q || normal(z) === q);
  return exact.length === 1 ? exact[0]! : null;
}
