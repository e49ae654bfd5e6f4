import { storedEntry, type HistoryKind } from '@domain/history';
import { historyLang, historyText, type HistoryLang } from '@domain/history-text';
import { useTranslation } from 'react-i18next';

/** What an entry's text is written from: its typed record (and its stored text, for rows outside the record). */
export type EntryFacts = { kind: HistoryKind; params: Record<string, unknown>; content: string };

/** The reader's language for history sentences (domain/history-text.ts). */
export function useHistoryLang(): HistoryLang {
  const { i18n } = useTranslation();
  return historyLang(i18n.resolvedLanguage ?? i18n.language);
}

/**
 * What the entry says, in the reader's language: written by the one renderer (domain/history-text.ts)
 * from the entry's kind and params; nothing is parsed back from stored sentences.
 */
export function entryText(lang: HistoryLang, h: EntryFacts, brief = false): string {
  return historyText(lang, storedEntry(h.kind, h.params, h.content), { brief });
}
