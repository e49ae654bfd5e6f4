import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { DialogFooter } from '@/components/ui/dialog';

/**
 * The end of a form dialog: the form's error (if any), then Cancel and the submit button. The submit is
 * disabled while the form is being sent and then reads `pendingLabel` (when given). Labels come from
 * the caller, in its own namespace.
 */
export function FormDialogFooter({
  error,
  cancelLabel,
  onCancel,
  submitLabel,
  pending,
  pendingLabel,
  destructive = false,
  className,
}: {
  error?: ReactNode;
  cancelLabel: string;
  onCancel: () => void;
  submitLabel: string;
  pending: boolean;
  pendingLabel?: string;
  destructive?: boolean;
  className?: string;
}) {
  return (
    <>
      {error ? (
        <p role="alert" className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
      <DialogFooter className={className}>
        <Button type="button" variant="outline" onClick={onCancel}>
          {cancelLabel}
        </Button>
        <Button type="submit" variant={destructive ? 'destructive' : undefined} disabled={pending}>
          {pending && pendingLabel ? pendingLabel : submitLabel}
        </Button>
      </DialogFooter>
    </>
  );
}
