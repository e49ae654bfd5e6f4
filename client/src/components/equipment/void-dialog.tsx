import { voidInputSchema, type VoidInput } from '@domain/schemas/equipment';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '@/components/form-dialog';
import { FormDialogFooter } from '@/components/form-dialog-footer';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { useMessage } from '@/lib/use-message';

/**
 * Void a wrong reading or service: asks why (required), then runs `onVoid`. The entry stays in the
 * history, struck through, with who voided it and why; usage and fuel are recomputed on the server, and
 * a service's cost, stock and reset are taken back (issue 43).
 */
export function VoidDialog({
  open,
  onOpenChange,
  what,
  service = false,
  onVoid,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** What is voided, as the manager sees it (e.g. "1,250 hours on Nov 20 by Maria"). */
  what: string;
  /** A service, not a reading (issue 43): its cost, parts and reset are taken back. */
  service?: boolean;
  onVoid: (reason: string) => Promise<unknown>;
}) {
  const { t } = useTranslation('equipment');
  const msg = useMessage();
  // The API's schema: a reason is required, 500 characters at most (message keys in both languages).
  const form = useForm<{ reason: string }, unknown, VoidInput>({
    resolver: zodResolver(voidInputSchema),
    defaultValues: { reason: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const error = msg(errors.reason?.message ?? errors.root?.message);
  const close = (o: boolean) => {
    if (!o) form.reset();
    onOpenChange(o);
  };
  const submit = form.handleSubmit(async ({ reason }) => {
    try {
      await onVoid(reason);
      close(false);
    } catch (err) {
      form.setError('root', { message: msg(err) ?? '' });
    }
  });
  return (
    <FormDialog
      open={open}
      onOpenChange={close}
      onSubmit={submit}
      title={t(service ? 'void.serviceTitle' : 'void.title')}
      description={t(service ? 'void.serviceDescription' : 'void.description', { what })}
    >
      <div className="grid gap-2">
        <Label htmlFor="void-reason">{t('void.reason')}</Label>
        <Textarea
          id="void-reason"
          rows={2}
          maxLength={500}
          {...form.register('reason')}
          placeholder={t(service ? 'void.serviceReasonPlaceholder' : 'void.reasonPlaceholder')}
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
        submitLabel={t(service ? 'void.serviceConfirm' : 'void.confirm')}
        pending={isSubmitting}
        pendingLabel={t('actions.saving')}
        destructive
      />
    </FormDialog>
  );
}
