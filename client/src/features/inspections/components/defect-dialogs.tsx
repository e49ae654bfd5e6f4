import type { ComponentProps } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  outOfServiceInputSchema,
  resolveDefectFormSchema,
  type DefectDto,
  type OutOfServiceInput,
  type ResolveDefectFormValues,
  type ResolveDefectInput,
} from '@domain/schemas/inspections';
import { FormDialog } from '@/components/form-dialog';
import { FormDialogFooter } from '@/components/form-dialog-footer';
import { FormField } from '@/components/form-field';
import { CheckboxField } from '@/components/checkbox-field';
import { invalidProps } from '@/components/form-field-props';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/use-toast';
import { translateError } from '@/lib/translate-message';
import { useMessage } from '@/lib/use-message';
import { useOutOfService, useResolveDefect } from '../api/inspections-api';
import { useStarterText } from '@/lib/starter-text';

/**
 * Resolve a defect with a note or a service entry (Mark as Serviced's fields). "Return to service" is
 * offered while the machine is out of service: checked when no other open critical defect is left.
 * Checked with the API's schema through `resolveDefectFormSchema` (zodResolver), rules under each field.
 */
export function ResolveDialog({
  defect,
  otherOpenCritical,
  onClose,
}: {
  defect: DefectDto;
  /** Other open critical defects of the same machine. */
  otherOpenCritical: number;
  onClose: () => void;
}) {
  const st = useStarterText();
  const { t } = useTranslation(['inspections', 'messages']);
  const msg = useMessage();
  const resolve = useResolveDefect();
  const form = useForm<ResolveDefectFormValues, unknown, ResolveDefectInput>({
    resolver: zodResolver(resolveDefectFormSchema(defect.outOfService)),
    defaultValues: {
      how: 'service',
      note: '',
      cost: '',
      performedBy: '',
      returnToService: otherOpenCritical === 0,
    },
  });
  const { errors } = form.formState;
  const how = form.watch('how');
  const noteError = msg(errors.note?.message);
  const costError = msg(errors.cost?.message);
  const invalid = (error: string | undefined, id: string) => invalidProps(error, id);

  const onValid = (body: ResolveDefectInput) =>
    resolve.mutate(
      { id: defect.id, body },
      {
        onSuccess: (d) => {
          toast({
            title: t('resolve.done'),
            description: d.outOfService ? t('resolve.stillOut') : t('resolve.inService'),
          });
          onClose();
        },
        onError: (err) => form.setError('root', { message: translateError(t, err) }),
      },
    );

  return (
    <DefectFormDialog
      title={t('resolve.title')}
      description={`${defect.equipmentName} · ${st(defect.itemLabel)}`}
      onClose={onClose}
      onSubmit={form.handleSubmit(onValid)}
    >
      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm font-medium">{t('resolve.how')}</legend>
        {(['service', 'note'] as const).map((h) => (
          <label key={h} className="flex items-center gap-2 text-sm">
            <input type="radio" value={h} {...form.register('how')} className="h-4 w-4" />
            {t(`resolve.${h}`)}
          </label>
        ))}
      </fieldset>
      {how === 'service' ? (
        <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
          <FormField
            id="resolve-cost"
            label={t('resolve.cost')}
            error={costError}
            className="gap-1"
          >
            <Input
              id="resolve-cost"
              inputMode="decimal"
              {...form.register('cost')}
              {...invalid(costError, 'resolve-cost')}
            />
          </FormField>
          <FormField id="resolve-by" label={t('resolve.performedBy')} className="gap-1">
            <Input id="resolve-by" maxLength={120} {...form.register('performedBy')} />
          </FormField>
        </div>
      ) : null}
      <FormField
        id="resolve-note"
        label={t('resolve.noteLabel')}
        error={noteError}
        className="gap-1"
      >
        <Textarea
          id="resolve-note"
          rows={3}
          maxLength={1000}
          {...form.register('note')}
          {...invalid(noteError, 'resolve-note')}
        />
      </FormField>
      {defect.outOfService ? (
        <CheckboxField control={form.control} name="returnToService">
          {t('resolve.returnToService')}
        </CheckboxField>
      ) : null}
      {defect.outOfService && otherOpenCritical > 0 ? (
        <p className="text-xs text-muted-foreground">
          {t('resolve.otherCritical', { count: otherOpenCritical })}
        </p>
      ) : null}
      <FormDialogFooter
        error={errors.root?.message}
        className="gap-2"
        cancelLabel={t('actions.cancel')}
        onCancel={onClose}
        submitLabel={t('resolve.confirm')}
        pending={resolve.isPending}
        pendingLabel={t('actions.saving')}
      />
    </DefectFormDialog>
  );
}

/** Take a machine out of service (a reason is required). */
export function OutOfServiceDialog({
  equipmentId,
  equipmentName,
  suggested,
  onClose,
}: {
  equipmentId: string;
  equipmentName: string;
  suggested: string;
  onClose: () => void;
}) {
  const { t } = useTranslation(['inspections', 'messages']);
  const msg = useMessage();
  const mutation = useOutOfService();
  const form = useForm<{ reason: string }, unknown, OutOfServiceInput>({
    resolver: zodResolver(outOfServiceInputSchema),
    defaultValues: { reason: suggested },
  });
  const error = msg(form.formState.errors.reason?.message);
  const onValid = ({ reason }: OutOfServiceInput) =>
    mutation.mutate(
      { equipmentId, reason },
      {
        onSuccess: () => {
          toast({ title: t('outOfService.done', { name: equipmentName }) });
          onClose();
        },
        onError: (err) => form.setError('root', { message: translateError(t, err) }),
      },
    );
  return (
    <DefectFormDialog
      title={t('outOfService.title')}
      description={t('outOfService.description', { name: equipmentName })}
      onClose={onClose}
      onSubmit={form.handleSubmit(onValid)}
    >
      <FormField id="oos-reason" label={t('outOfService.reason')} error={error} className="gap-1">
        <Textarea
          id="oos-reason"
          rows={2}
          maxLength={500}
          {...form.register('reason')}
          {...invalidProps(error, 'oos-reason')}
        />
      </FormField>
      <FormDialogFooter
        error={form.formState.errors.root?.message}
        className="gap-2"
        cancelLabel={t('actions.cancel')}
        onCancel={onClose}
        submitLabel={t('outOfService.confirm')}
        pending={mutation.isPending}
        destructive
      />
    </DefectFormDialog>
  );
}

/** A defect dialog's frame: the shared form dialog, closing calls `onClose`. */
function DefectFormDialog({
  onClose,
  ...props
}: Omit<ComponentProps<typeof FormDialog>, 'open' | 'onOpenChange'> & { onClose: () => void }) {
  return <FormDialog {...props} onOpenChange={(o) => (o ? null : onClose())} />;
}
