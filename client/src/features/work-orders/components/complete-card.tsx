import { zodResolver } from '@hookform/resolvers/zod';
import {
  completeInputSchema,
  type CompleteInput,
  type WorkOrderDto,
} from '@domain/schemas/work-orders';
import { useQueryClient } from '@tanstack/react-query';
import { Camera } from 'lucide-react';
import { useState } from 'react';
import { FormProvider, useForm, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { FormField } from '@/components/form-field';
import { InputFormField } from '@/components/input-form-field';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { toast } from '@/components/ui/use-toast';
import { formatDateTime, formatUsd } from '@/lib/format';
import { translateError } from '@/lib/translate-message';
import { documentKeys, uploadTo } from '@/components/documents/documents-api';
import { useCompleteWorkOrder } from '../api/mutations';

type CompleteValues = {
  usage: string;
  laborHours: string;
  laborRate: string;
  otherCost: string;
  notes: string;
};

/**
 * Complete (react-hook-form with the domain schema): usage, labour, other costs, notes. Tasks not
 * ticked ask first ("2 of 3 tasks are not ticked"); the server decides what completing means.
 */
export function CompleteCard({ w }: { w: WorkOrderDto }) {
  const { t } = useTranslation('workOrders');
  const complete = useCompleteWorkOrder(w.id);
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<CompleteInput | null>(null);
  // A photo of the receipt, straight from the phone's camera (issue 42): kept as the order's document.
  const [receipt, setReceipt] = useState<File | null>(null);
  const qc = useQueryClient();
  const unticked = w.tasks.filter((x) => !x.done);
  const form = useForm<CompleteValues, unknown, CompleteInput>({
    resolver: zodResolver(completeInputSchema) as unknown as Resolver<
      CompleteValues,
      unknown,
      CompleteInput
    >,
    defaultValues: { usage: '', laborHours: '', laborRate: '', otherCost: '', notes: '' },
  });
  const send = async (body: CompleteInput) => {
    setError(null);
    setConfirming(null);
    try {
      if (receipt) {
        await uploadTo(
          `/api/work-orders/${w.id}/documents`,
          { title: t('receiptTitle', { number: w.number }), category: 'receipt' },
          receipt,
        );
        setReceipt(null);
        void qc.invalidateQueries({ queryKey: documentKeys.all });
      }
      await complete.mutateAsync(body);
      toast({ title: t('completed', { number: w.number }) });
    } catch (err) {
      setError(translateError(t, err));
    }
  };
  const onSubmit = form.handleSubmit(async (body) => {
    if (unticked.length > 0) setConfirming(body);
    else await send(body);
  });
  const field = (id: string, label: string, name: Exclude<keyof CompleteValues, 'notes'>) => (
    <InputFormField
      name={name}
      id={id}
      label={label}
      className="gap-1"
      type="number"
      inputMode="decimal"
      min="0"
      step="any"
    />
  );
  return (
    <Card className="no-print p-4">
      <FormProvider {...form}>
        <form
          onSubmit={(e) => void onSubmit(e)}
          className="grid grid-cols-1 gap-3 sm:grid-cols-2"
          aria-label={t('complete')}
          noValidate
        >
          <h2 className="font-semibold sm:col-span-2">{t('complete')}</h2>
          {w.kind === 'service' && (
            <p className="text-sm text-muted-foreground sm:col-span-2">{t('completeService')}</p>
          )}
          {field(
            'wo-usage',
            t('usage', { unit: t(`unitNames.${w.unit}`, { defaultValue: w.unit }) }),
            'usage',
          )}
          {field('wo-hours', t('laborHours'), 'laborHours')}
          {field('wo-rate', t('laborRate'), 'laborRate')}
          {field('wo-other', t('otherCost'), 'otherCost')}
          <InputFormField
            name="notes"
            id="wo-complete-notes"
            label={t('completionNotes')}
            className="gap-1 sm:col-span-2"
            rows={2}
          />
          <FormField id="wo-receipt" label={t('receiptPhoto')} className="gap-1 sm:col-span-2">
            <label className="flex h-11 cursor-pointer items-center justify-center gap-2 rounded-md border text-sm">
              <Camera className="h-4 w-4" aria-hidden />
              {receipt ? receipt.name : t('receiptTake')}
              <input
                id="wo-receipt"
                type="file"
                accept="image/*,application/pdf"
                capture="environment"
                className="sr-only"
                onChange={(e) => setReceipt(e.target.files?.[0] ?? null)}
              />
            </label>
          </FormField>
          {error && (
            <p role="alert" className="text-sm text-destructive sm:col-span-2">
              {error}
            </p>
          )}
          <Button type="submit" className="h-11 sm:col-span-2" disabled={complete.isPending}>
            {t('completeButton')}
          </Button>
        </form>
      </FormProvider>
      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(o) => !o && setConfirming(null)}
        title={t('untickedTitle', { count: unticked.length, total: w.tasks.length })}
        description={t('untickedBody')}
        cancelLabel={t('untickedBack')}
        confirmLabel={t('untickedConfirm')}
        onConfirm={() => confirming && void send(confirming)}
        destructive={false}
        closeOnConfirm
      >
        <ul className="list-disc pl-5 text-sm" data-testid="unticked-tasks">
          {unticked.map((x) => (
            <li key={x.id} className="break-words">
              {x.label}
            </li>
          ))}
        </ul>
      </ConfirmDialog>
    </Card>
  );
}

export function CostsSummary({ w }: { w: WorkOrderDto }) {
  const { t } = useTranslation('workOrders');
  return (
    <Card className="grid gap-1 p-4 text-sm">
      <h2 className="font-semibold">{t('costs')}</h2>
      <p>{t('partsCost', { amount: formatUsd(w.partsCost) })}</p>
      <p>{t('laborCost', { amount: formatUsd(w.laborCost) })}</p>
      <p>{t('otherCostLine', { amount: formatUsd(w.otherCost) })}</p>
      <p className="font-semibold" data-testid="wo-total">
        {t('total', { amount: formatUsd(w.total) })}
      </p>
      {w.completedAt && (
        <p className="text-muted-foreground">
          {t('completedBy', { who: w.completedBy ?? '', date: formatDateTime(w.completedAt) })}
        </p>
      )}
    </Card>
  );
}
