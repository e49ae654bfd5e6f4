import type { ReactNode } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Button, type ButtonProps } from '@/components/ui/button';

/** A button whose action runs only after the user confirms it in a dialog. */
export function ConfirmButton(props: {
  label: ReactNode;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  cancelLabel: string;
  onConfirm: () => void;
  variant?: ButtonProps['variant'];
  confirmVariant?: 'default' | 'destructive';
  disabled?: boolean;
  className?: string;
  children?: ReactNode;
}) {
  return (
    <ConfirmDialog
      trigger={
        <Button
          variant={props.variant ?? 'outline'}
          disabled={props.disabled}
          className={props.className}
        >
          {props.label}
        </Button>
      }
      title={props.title}
      description={props.description}
      cancelLabel={props.cancelLabel}
      confirmLabel={props.confirmLabel}
      onConfirm={props.onConfirm}
      destructive={props.confirmVariant === 'destructive'}
      closeOnConfirm
    >
      {props.children}
    </ConfirmDialog>
  );
}
