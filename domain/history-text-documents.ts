import type { HistoryEntry } from './history';

/**
 * The sentences of the document kinds (issue 42) in each language, beside history-text.ts (which calls
 * `documentText`): "Document added: Insurance 2027 (insurance)", "Documento agregado: ... (seguro)".
 */
type DocumentEntry = Extract<
  HistoryEntry,
  { kind: 'document_added' | 'document_replaced' | 'document_removed' }
>;

const categories: Record<'en' | 'es', Record<string, string>> = {
  en: {
    manual: 'manual',
    registration: 'registration',
    insurance: 'insurance',
    warranty: 'warranty',
    receipt: 'receipt',
    certificate: 'inspection certificate',
    photo: 'photo',
    other: 'other',
  },
  es: {
    manual: 'manual',
    registration: 'matrícula',
    insurance: 'seguro',
    warranty: 'garantía',
    receipt: 'recibo',
    certificate: 'certificado de inspección',
    photo: 'foto',
    other: 'otro',
  },
};

const words = {
  en: {
    added: 'Document added',
    replaced: (previous: string) => `Document replaced (was “${previous}”)`,
    removed: 'Document removed',
  },
  es: {
    added: 'Documento agregado',
    replaced: (previous: string) => `Documento reemplazado (antes “${previous}”)`,
    removed: 'Documento quitado',
  },
};

export function documentText(lang: 'en' | 'es', e: DocumentEntry): string {
  const W = words[lang];
  const category = categories[lang][e.params.category] ?? e.params.category;
  const head =
    e.kind === 'document_added'
      ? W.added
      : e.kind === 'document_replaced'
        ? W.replaced(e.params.previous)
        : W.removed;
  return `${head}: ${e.params.title} (${category})`;
}
