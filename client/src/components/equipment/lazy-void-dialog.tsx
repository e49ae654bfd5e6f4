import { lazy } from 'react';

/** The void dialog (its form: zod, react-hook-form), loaded when a void is first asked for (ADR 0007). */
export const VoidDialog = lazy(() =>
  import('./void-dialog').then((m) => ({ default: m.VoidDialog })),
);
