import type { FormEvent, ReactNode } from 'react';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';

/**
 * A dialog with a title and a description (and an optional note under them), then its content: the
 * shell of FormDialog, and of dialogs whose form mounts only once its data has loaded (service-dialog.tsx)
 * or that hold more than a form (notes-history-dialog.tsx).
 */
export function TitledDialog({
  open = true,
  onOpenChange,
  title,
  description,
  note,
  className,
  children,
}: {
  /** Shown (the default: a dialog mounted only while open). */
  open?: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description: ReactNode;
  note?: ReactNode;
  /** The dialog's size and scrolling (DialogContent's class). */
  className?: string | undefined;
  children: ReactNode;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className={className}>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
          {note}
        </DialogHeader>
        {children}
      </DialogContent>
    </Dialog>
  );
}

/**
 * A dialog holding one form: its title, description (and an optional note under them), then the form,
 * left to the browser-free checks of its schema (`noValidate`). `onSubmit` is usually
 * `form.handleSubmit(onValid, onInvalid)`; the fields and the footer are the children.
 */
export function FormDialog({
  onSubmit,
  children,
  ...dialog
}: Omit<Parameters<typeof TitledDialog>[0], 'children'> & {
  onSubmit: (e: FormEvent<HTMLFormElement>) => Promise<void> | void;
  children: ReactNode;
}) {
  return (
    <TitledDialog {...dialog}>
      <form onSubmit={(e) => void onSubmit(e)} className="grid gap-4" noValidate>
        {children}
      </form>
    </TitledDialog>
  );
}
