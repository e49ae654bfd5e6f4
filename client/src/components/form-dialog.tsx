import type { FormEvent, ReactNode } from 'react';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';

/**
 * A dialog holding one form: its title, description (and an optional note under them), then the form,
 * left to the browser-free checks of its schema (`noValidate`). `onSubmit` is usually
 * `form.handleSubmit(onValid, onInvalid)`; the fields and the footer are the children.
 */
export function FormDialog({
  open = true,
  onOpenChange,
  title,
  description,
  note,
  onSubmit,
  className,
  children,
}: {
  /** Shown (the default: a dialog mounted only while open). */
  open?: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description: ReactNode;
  note?: ReactNode;
  onSubmit: (e: FormEvent<HTMLFormElement>) => Promise<void> | void;
  /** The dialog's size and scrolling (DialogContent's class). */
  className?: string;
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
        <form onSubmit={(e) => void onSubmit(e)} className="grid gap-4" noValidate>
          {children}
        </form>
      </DialogContent>
    </Dialog>
  );
}
