import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialogFooter } from '@/components/form-dialog-footer';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { translateError, translateKey } from '@/lib/translate-message';

/**
 * Void a wrong reading: asks why (required), then runs `onVoid`. The entry stays in the history, struck
 * through, with who voided it and why; usage and fuel are recomputed on the server.
 */
export function VoidDialog({
  open,
  onOpenChange,
  what,
  onVoid,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** What is voided, as the manager sees it (e.g. "1,250 hours on Nov 20 by Maria"). */
  what: string;
  onVoid: (reason: string) => Promise<unknown>;
}) {
  const { t } = useTranslation('equipment');
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const close = (o: boolean) => {
    if (!o) {
      setReason('');
      setError(null);
    }
    onOpenChange(o);
  };
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!reason.trim()) {
      setError(translateKey(t, 'equipment.voidReason'));
      return;
    }
    setBusy(true);
    try {
      await onVoid(reason.trim());
      close(false);
    } catch (err) {
      setError(translateError(t, err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent>
        <form onSubmit={submit} className="grid gap-4" noValidate>
          <DialogHeader>
            <DialogTitle>{t('void.title')}</DialogTitle>
            <DialogDescription>{t('void.description', { what })}</DialogDescription>
          </DialogHeader>
          <div className="grid gap-2">
            <Label htmlFor="void-reason">{t('void.reason')}</Label>
            <Textarea
              id="void-reason"
              rows={2}
              maxLength={500}
              value={reason}
              onChange={(e) => setReason(e.target.value)}
              placeholder={t('void.reasonPlaceholder')}
              aria-invalid={Boolean(error)}
              aria-describedby={error ? 'void-error' : undefined}
              autoFocus
            />
            {error ? (
              <p id="void-error" role="alert" className="text-sm text-destructive">
                {error}
              </p>
            ) : null}
          </div>
          <FormDialogFooter
            className="gap-2"
            cancelLabel={t('actions.cancel')}
            onCancel={() => close(false)}
            submitLabel={t('void.confirm')}
            pending={busy}
            pendingLabel={t('actions.saving')}
            destructive
          />
        </form>
      </DialogContent>
    </Dialog>
  );
}
