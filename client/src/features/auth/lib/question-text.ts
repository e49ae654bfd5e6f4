import type { SecurityQuestion } from '@domain/schemas/auth';

/** The text of a security question in the current language (the server sends English and Spanish). */
export const questionText = (q: SecurityQuestion, language: string | undefined) =>
  language === 'es' ? q.es : q.en;
