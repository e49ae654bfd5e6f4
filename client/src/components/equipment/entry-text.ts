import type { HistoryRecordDto } from '@domain/schemas/equipment';
import { formatNumber } from '@/lib/format';
import { formatUsage, type Translate as T } from './format';

/** What an entry's text is told from (a history record, or the dashboard's history entry). */
export type EntryFacts = Pick<
  HistoryRecordDto,
  'noteType' | 'content' | 'usage' | 'reading' | 'previousUsage'
>;

/**
 * What the entry says, in the user's language: the server writes the automatic entries (added with,
 * increased by, corrected, serviced at, retired, restored) in English; they are told again here from
 * the entry's own figures. Notes and operator readings are shown as written.
 */
export function entryText(t: T, h: EntryFacts, unit: string): string {
  const c = h.content;
  const u = (v: number) => formatUsage(t, Math.round(v * 100) / 100, unit);
  switch (h.noteType) {
    case 'change':
      return t('notes.changed');
    case 'usage_update':
      if (h.usage === null) return c;
      if (h.reading === 'initial' && c.startsWith('Added with usage '))
        return t('notes.auto.initial', { usage: u(h.usage) });
      if (h.reading === 'initial' && c.startsWith('Imported with usage '))
        return t('notes.auto.imported', { usage: u(h.usage) });
      if (c.startsWith('Imported reading: ')) return importedText(t, c, u(h.usage));
      if (
        h.reading === 'increase' &&
        h.previousUsage !== null &&
        c.startsWith('Usage increased by ')
      )
        return t('notes.auto.increase', {
          increase: u(h.usage - h.previousUsage),
          usage: u(h.usage),
        });
      if (
        h.reading === 'correction' &&
        h.previousUsage !== null &&
        c.startsWith('Usage corrected ')
      )
        return t('notes.auto.correction', { from: u(h.previousUsage), to: u(h.usage) });
      return operatorNotesText(t, c);
    case 'maintenance':
      return h.usage !== null && /^Serviced at [\d.,]+ \S+$/.test(c)
        ? t('notes.auto.serviced', { usage: u(h.usage) })
        : c;
    case 'retired':
      if (c === 'Retired') return t('notes.auto.retired');
      return c.startsWith('Retired: ')
        ? t('notes.auto.retiredWith', { notes: c.slice('Retired: '.length) })
        : c;
    case 'restored':
      return c === 'Restored to the active equipment' ? t('notes.auto.restored') : c;
    case 'note':
      return c.startsWith('Imported fuel entry') ? importedText(t, c, '') : c;
    default:
      return c;
  }
}

/**
 * An imported reading or fuel entry (import.service.ts): "Imported reading: 1,234 hours · fuel 20 gal
 * diesel · the file's note" or "Imported fuel entry · fuel ...". Its own parts are told again; the
 * note stays as written.
 */
function importedText(t: T, c: string, usage: string): string {
  const [first, ...rest] = c.split(' · ');
  const out = [
    first === 'Imported fuel entry'
      ? t('notes.auto.importedFuel')
      : t('notes.auto.importedReading', { usage }),
  ];
  rest.forEach((part, i) => {
    const fuel = i === 0 ? /^fuel ([\d,.]+) gal (gas|diesel)$/.exec(part) : null;
    out.push(
      fuel
        ? t('notes.fuel', {
            amount: formatNumber(Number(fuel[1]!.replace(/,/g, '')), 1),
            type: t(`fuelShort.${fuel[2]}`),
          })
        : part,
    );
  });
  return out.join(' · ');
}

/**
 * An operator update's notes as written, except the one the server writes itself: the reading taken
 * with an inspection ("Inspection: Daily truck check", the checklist's own name kept).
 */
export function operatorNotesText(t: T, notes: string): string {
  return notes.startsWith('Inspection: ')
    ? t('notes.auto.inspection', { name: notes.slice('Inspection: '.length) })
    : notes;
}
