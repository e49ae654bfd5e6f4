import { zodResolver } from '@hookform/resolvers/zod';
import { Loader2, Send, TriangleAlert, X } from 'lucide-react';
import { useState, type ComponentProps } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { problemReportInputSchema, type ProblemReportInput } from '@domain/schemas/inspections';
import { FormField } from '@/components/form-field';
import { invalidProps } from '@/components/form-field-props';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/use-toast';
import { useMessage } from '@/lib/use-message';
import type { EquipmentOption } from '../api/equipment-options';
import { useFieldMachines } from '../api/field-machines';
import { useOutboxSubmit } from '../hooks/use-outbox-submit';
import { PhotoInput } from './photo-input';

/**
 * "Report a problem" on the phone (issue 27): the machine, what is wrong in the operator's words, an
 * optional photo. It opens a defect the manager sees on Inspections (and turns into a work order).
 * Sent through the outbox like every operator submission, under one key per report: kept on the phone
 * without signal, recorded once however many times it is sent. Large controls: used with gloves.
 */
export function ProblemReportForm({
  machine,
  onDone,
  onCancel,
}: {
  /** The machine chosen on the screen, if any: the report starts on it. */
  machine: EquipmentOption | undefined;
  onDone: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation(['inspections', 'operators', 'field']);
  const msg = useMessage();
  const machines = useFieldMachines();
  const list = machines.data?.items ?? [];
  const options = machine && !list.some((m) => m.id === machine.id) ? [machine, ...list] : list;
  const [photo, setPhoto] = useState<string | null>(null);
  const form = useForm<ProblemReportInput>({
    resolver: zodResolver(problemReportInputSchema),
    defaultValues: { equipmentId: machine?.id ?? '', problem: '' },
  });
  const { errors } = form.formState;
  const typeLabel = (type: string) => t(`operators:screen.types.${type}`, { defaultValue: type });
  const fail = (description: string) =>
    toast({ title: t('problem.failed'), description, variant: 'destructive' });
  // One key per intended report: a retry after a lost answer is recorded once.
  const { submitting, submit } = useOutboxSubmit({ t, onDone, fail });

  const onSubmit = form.handleSubmit((values) => {
    if (submitting) return;
    const chosen = options.find((m) => m.id === values.equipmentId);
    submit(
      {
        body: { equipmentId: values.equipmentId, equipmentName: chosen?.name ?? '' },
        report: values,
        ...(photo ? { photo } : {}),
      },
      {
        sent: () => ({
          title: t('problem.sent'),
          description: t('problem.sentBody', { name: chosen?.name ?? '' }),
        }),
        savedBody: t('problem.savedBody'),
      },
    );
  });

  const machineError = msg(errors.equipmentId?.message);
  const problemError = msg(errors.problem?.message);

  return (
    <Card>
      <CardHeader className="pb-3">
        <div className="flex items-start justify-between gap-3">
          <div className="min-w-0">
            <h2 id="problem-title" className="flex items-center gap-2 text-lg font-semibold">
              <TriangleAlert className="h-5 w-5 text-amber-600" aria-hidden />
              {t('problem.title')}
            </h2>
            <CardDescription>{t('problem.description')}</CardDescription>
          </div>
          <Button
            type="button"
            variant="outline"
            className="h-12 min-w-12 shrink-0 text-base"
            onClick={onCancel}
          >
            <X aria-hidden />
            {t('problem.cancel')}
          </Button>
        </div>
      </CardHeader>
      <CardContent>
        <form
          onSubmit={(e) => void onSubmit(e)}
          className="grid gap-5"
          aria-labelledby="problem-title"
          noValidate
        >
          <ReportField id="problemMachine" label={t('problem.machine')} error={machineError}>
            <select
              id="problemMachine"
              className="h-14 w-full rounded-md border border-input bg-background px-3 text-base"
              {...invalidProps(machineError, 'problemMachine')}
              {...form.register('equipmentId')}
            >
              <option value="">{t('problem.chooseMachine')}</option>
              {options.map((m) => (
                <option key={m.id} value={m.id}>
                  {m.name} ({typeLabel(m.type)})
                </option>
              ))}
            </select>
          </ReportField>

          <ReportField id="problemText" label={t('problem.whatIsWrong')} error={problemError}>
            <Textarea
              id="problemText"
              rows={4}
              maxLength={500}
              placeholder={t('problem.placeholder')}
              className="min-h-28 text-base"
              {...invalidProps(problemError, 'problemText')}
              {...form.register('problem')}
            />
          </ReportField>

          <PhotoInput value={photo} onChange={setPhoto} />

          <Button type="submit" size="lg" className="h-14 w-full text-base" disabled={submitting}>
            {submitting ? (
              <>
                <Loader2 className="animate-spin" aria-hidden />
                {t('problem.sending')}
              </>
            ) : (
              <>
                <Send aria-hidden />
                {t('problem.submit')}
              </>
            )}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}

/** A field of the report, its label large for gloves. */
function ReportField(
  props: Omit<ComponentProps<typeof FormField>, 'className' | 'labelClassName'>,
) {
  return <FormField className="gap-2" labelClassName="text-base" {...props} />;
}
