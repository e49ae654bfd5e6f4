import type { EquipmentInput } from '@domain/schemas/equipment';
import { equipmentFormSchema } from '@domain/schemas/equipment-forms';
import { zodResolver } from '@hookform/resolvers/zod';
import { AlertTriangle } from 'lucide-react';
import { useQuery } from '@tanstack/react-query';
import type { PartDto } from '@domain/schemas/work-orders';
import { useEffect } from 'react';
import { FormProvider, useForm, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import {
  useCreateEquipment,
  useEquipment,
  useEquipmentCount,
  useUpdateEquipment,
} from '@/components/equipment/equipment-queries';
import { PageSpinner } from '@/components/page-spinner';
import { api } from '@/lib/api';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/form-field';
import { ProgramSelect, useProgramOnCreate } from '@/components/schedule/program-select';
import { ServicePartsEditor } from '@/components/equipment/service-parts-editor';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/use-toast';
import { useCurrentUser } from '@/lib/auth';
import { BasicsSection } from '../components/equipment-form/basics-section';
import { useFieldError } from '../components/equipment-form/fields';
import { EMPTY, fromDto, type FormValues } from '../components/equipment-form/form-values';
import { MeterSections } from '../components/equipment-form/meter-sections';
import { ScheduleSection } from '../components/equipment-form/schedule-section';
import { toastFailure } from '@/components/toast-failure';

/** The machine's description (free text). */
function DescriptionCard() {
  const { t } = useTranslation('equipment');
  const { register } = useFormContext<FormValues, unknown, EquipmentInput>();
  const { err } = useFieldError();
  return (
    <Card>
      <CardContent className="pt-5">
        <FormField
          className="content-start gap-2"
          id="description"
          label={t('form.description')}
          error={err('description')}
        >
          <Textarea id="description" rows={3} maxLength={2000} {...register('description')} />
        </FormField>
      </CardContent>
    </Card>
  );
}

/** Add Equipment, and the same form editing a machine (?edit=<id>). */
export default function AddEquipmentPage() {
  const { t } = useTranslation('equipment');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const editId = params.get('edit');
  const existing = useEquipment(editId);
  const create = useCreateEquipment();
  const count = useEquipmentCount();
  const atLimit =
    !editId &&
    count.data !== undefined &&
    count.data.limit !== -1 &&
    count.data.count >= count.data.limit;
  const update = useUpdateEquipment();
  // An optional maintenance program, applied once the machine is created (issue 40).
  const program = useProgramOnCreate();
  // The API's own schema validates the form (domain/schemas/equipment-forms.ts); submit gets its output.
  // The tank capacity is typed in the company's volume unit (issue 45).
  const volumeUnit = useCurrentUser().user?.volumeUnit ?? 'gal';
  const form = useForm<FormValues, unknown, EquipmentInput>({
    defaultValues: { ...EMPTY, tankCapacityUnit: volumeUnit },
    resolver: zodResolver(equipmentFormSchema),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const { handleSubmit, reset } = form;
  // The company's parts shelf (issue 27): a service part may point at one, so a work order for the
  // machine's service proposes it. Nothing is shown when the company keeps no parts.
  const catalogue = useQuery({
    queryKey: ['parts', 'catalogue'],
    queryFn: () => api.get<PartDto[]>('/api/parts'),
  });
  useEffect(() => {
    if (existing.data) reset(fromDto(existing.data, volumeUnit));
  }, [existing.data, reset, volumeUnit]);

  const onSubmit = handleSubmit((input) => {
    if (editId) {
      update.mutate(
        { id: editId, input },
        {
          onSuccess: () => {
            toast({ title: t('toast.updated'), description: t('toast.updatedBody') });
            void navigate('/equipment-list');
          },
          onError: (e) => toastFailure(t, t('toast.error'), e, t('toast.updateEquipmentFailed')),
        },
      );
    } else {
      create.mutate(input, {
        onSuccess: async (created) => {
          toast({ title: t('toast.added'), description: t('toast.addedBody') });
          await program.applyTo(created.id);
          void navigate('/');
        },
        onError: (e) => toastFailure(t, t('toast.error'), e, t('toast.addFailed')),
      });
    }
  });

  if (editId && existing.isLoading) return <PageSpinner />;
  if (editId && existing.isError) {
    return (
      <main className="mx-auto grid max-w-3xl grid-cols-1 gap-4 p-4 md:p-6">
        <h1 className="text-2xl font-bold">{t('form.notFound')}</h1>
        <Button asChild variant="outline" className="justify-self-start">
          <Link to="/equipment-list">{t('form.backToList')}</Link>
        </Button>
      </main>
    );
  }

  const pending = create.isPending || update.isPending || program.pending;
  return (
    <main className="mx-auto grid max-w-3xl grid-cols-1 gap-4 p-4 md:p-6">
      <h1 className="text-2xl font-bold">{editId ? t('form.editTitle') : t('form.addTitle')}</h1>
      {atLimit && count.data && (
        <div
          role="alert"
          className="flex gap-3 rounded-md border border-red-200 bg-red-50 p-4 text-sm text-red-950"
        >
          <AlertTriangle className="mt-0.5 h-5 w-5 shrink-0" aria-hidden />
          <p>
            {t('form.limitReached', { limit: count.data.limit })}{' '}
            <Link to="/subscription" className="font-medium underline">
              {t('form.upgrade')}
            </Link>
          </p>
        </div>
      )}
      <FormProvider {...form}>
        <form onSubmit={onSubmit} noValidate className="grid gap-4">
          <BasicsSection />
          <ScheduleSection />
          <MeterSections />

          <Card>
            <CardHeader>
              <CardTitle>{t('form.parts')}</CardTitle>
            </CardHeader>
            <CardContent className="grid gap-3">
              <ServicePartsEditor
                name="serviceParts"
                idPrefix="equipment"
                catalogue={catalogue.data ?? []}
              />
            </CardContent>
          </Card>

          <DescriptionCard />

          {editId ? null : (
            <ProgramSelect value={program.programId} onChange={program.setProgramId} />
          )}

          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="outline" onClick={() => void navigate('/')}>
              {t('actions.cancel')}
            </Button>
            <Button type="submit" disabled={pending}>
              {pending ? t('actions.saving') : editId ? t('form.saveEdit') : t('form.save')}
            </Button>
          </div>
        </form>
      </FormProvider>
    </main>
  );
}
