import type { HistoryEntry, HistoryKind } from '@domain/history';
import { historyLang, historyText, type HistoryLang } from '@domain/history-text';
import { useTranslation } from 'react-i18next';
import { asVolumeUnit, type VolumeUnit } from '@domain/fuel';
import { useCurrentUser } from '@/lib/auth';

/** What an entry's text is written from: its typed record (and its stored text, for rows outside the record). */
export type EntryFacts = { kind: HistoryKind; params: Record<string, unknown>; content: string };

/** The reader's language for history sentences (domain/history-text.ts). */
export function useHistoryLang(): HistoryLang {
  const { i18n } = useTranslation();
  return historyLang(i18n.resolvedLanguage ?? i18n.language);
}

/** The company's volume unit: fuel in history sentences is said in it (stored gallons). */
export function useVolumeUnit(): VolumeUnit {
  return asVolumeUnit(useCurrentUser().user?.volumeUnit);
}

/**
 * What the entry says, in the reader's language: written by the one renderer (domain/history-text.ts)
 * from the entry's kind and params; nothing is parsed back from stored sentences.
 */
export function entryText(
  lang: HistoryLang,
  h: EntryFacts,
  brief = false,
  volumeUnit: VolumeUnit = 'gal',
): string {
  // The server validated kind and params (domain/history.ts storedEntry) before answering; parsing them
  // again here would put zod on the dashboard's first screen (JavaScript budget, ADR 0007).
  return historyText(lang, { kind: h.kind, params: h.params } as HistoryEntry, {
    brief,
    volumeUnit,
  });
}
