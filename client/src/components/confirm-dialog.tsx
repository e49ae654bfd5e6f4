import type { ReactNode } from 'react';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from '@/components/ui/alert-dialog';

/**
 * "Are you sure?" before an action (remove a task, delete a program, an operator, a manager; restore
 * a retired machine, reset the fuel count): a title, what will happen, Cancel and the action. `onConfirm` runs the action; the dialog
 * stays open until the caller closes it (on success), so a failure can be shown with it still there,
 * unless `closeOnConfirm`. With a `trigger` (a button) it opens itself when the trigger is pressed
 * (`open` left out); `children` stand between the description and the buttons.
 */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  cancelLabel,
  confirmLabel,
  onConfirm,
  pending = false,
  destructive = true,
  closeOnConfirm = false,
  trigger,
  children,
}: {
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  title: string;
  description: ReactNode;
  cancelLabel: string;
  confirmLabel: string;
  onConfirm: () => void;
  pending?: boolean;
  /** A red action (the default); false for an action that undoes nothing (restore, reset a count). */
  destructive?: boolean;
  /** Close as soon as the action is chosen, instead of leaving it to the caller. */
  closeOnConfirm?: boolean;
  trigger?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <AlertDialog open={open} onOpenChange={onOpenChange}>
      {trigger ? <AlertDialogTrigger asChild>{trigger}</AlertDialogTrigger> : null}
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{title}</AlertDialogTitle>
          <AlertDialogDescription>{description}</AlertDialogDescription>
        </AlertDialogHeader>
        {children}
        <AlertDialogFooter>
          <AlertDialogCancel>{cancelLabel}</AlertDialogCancel>
          <AlertDialogAction
            destructive={destructive}
            disabled={pending}
            onClick={(ev) => {
              if (!closeOnConfirm) ev.preventDefault();
              onConfirm();
            }}
          >
            {confirmLabel}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
