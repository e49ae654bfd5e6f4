import { lazy, Suspense, type ComponentProps } from 'react';

/** The void dialog (its form: zod, react-hook-form), loaded when a void is first asked for (ADR 0007). */
export const VoidDialog = lazy(() =>
  import('./void-dialog').then((m) => ({ default: m.VoidDialog })),
);

/**
 * The void dialog, open while something is being voided (rendered only then), loaded when first asked
 * for; closing it calls `onClose` (the voiding ends).
 */
export function OpenVoidDialog({
  onClose,
  ...dialog
}: Omit<ComponentProps<typeof VoidDialog>, 'open' | 'onOpenChange'> & { onClose: () => void }) {
  return (
    <Suspense fallback={null}>
      <VoidDialog
        open
        onOpenChange={(o) => {
          if (!o) onClose();
        }}
        {...dialog}
      />
    </Suspense>
  );
}
