// Over 400 lines: the add and edit form with all its sections; splitting it into one component per section is open work (issue 44).
import { isDateOnly, nextMaintenanceDate, type IntervalUnit } from '@domain/dates';
import {
  equipmentFuelTypes,
  equipmentTypes,
  usageUnits,
  type EquipmentDto,
  type EquipmentInput,
} from '@domain/schemas/equipment';
import { equipmentFormSchema, type EquipmentFormValues } from '@domain/schemas/equipment-forms';
import { zodResolver } from '@hookform/resolvers/zod';
import { alertThresholdOptions, lifespanWarningPercent } from '@domain/status';
import { AlertTriangle, CalendarClock } from 'lucide-react';
import { useQuery } from '@tanstack/react-query';
import type { PartDto } from '@domain/schemas/work-orders';
import { useEffect } from 'react';
import { Controller, FormProvider, get, useForm, useWatch, type Control } from 'react-hook-form';
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
import { Input } from '@/components/ui/input';
import { FormField } from '@/components/form-field';
import { Label } from '@/components/ui/label';
import { ServicePartsEditor } from '@/components/equipment/service-parts-editor';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '@/components/ui/select';
import { Switch } from '@/components/ui/switch';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/use-toast';
import { formatDate } from '@/lib/format';
import { translateError } from '@/lib/translate-message';
import { useMessage } from '@/lib/use-message';

type FormValues = EquipmentFormValues;

const EMPTY: FormValues = {
  name: '',
  type: '',
  serialNumber: '',
  unit: '',
  fuelType: 'n/a',
  hasScheduledMaintenance: false,
  maintenanceStartDate: '',
  maintenanceInterval: '',
  maintenanceIntervalUnit: 'months',
  currentUsage: '0',
  threshold: '',
  alertThreshold: '20',
  serviceInterval: '0',
  lastServiceUsage: '',
  serviceParts: [],
  description: '',
};

const str = (v: number | string | null | undefined) =>
  v === null || v === undefined ? '' : String(v);

function fromDto(e: EquipmentDto): FormValues {
  return {
    name: e.name,
    type: e.type,
    serialNumber: e.serialNumber ?? '',
    unit: e.unit,
    fuelType: e.fuelType,
    hasScheduledMaintenance: e.hasScheduledMaintenance,
    maintenanceStartDate: e.maintenanceStartDate ?? '',
    maintenanceInterval: str(e.maintenanceInterval),
    maintenanceIntervalUnit: e.maintenanceIntervalUnit,
    currentUsage: str(e.currentUsage),
    threshold: str(e.threshold),
    alertThreshold: str(e.alertThreshold),
    serviceInterval: str(e.serviceInterval),
    lastServiceUsage: str(e.lastServiceUsage),
    serviceParts: e.serviceParts.map((p) => ({
      part: p.part,
      partNumber: p.partNumber ?? '',
      qty: str(p.qty),
      partId: p.partId ?? '',
    })),
    description: e.description ?? '',
  };
}

type StringField = {
  [K in keyof FormValues]: FormValues[K] extends string ? K : never;
}[keyof FormValues];

/** One of the form's fixed-choice fields (type, unit, fuel, interval unit, alert threshold) as a Radix select. */
function SelectField({
  control,
  name,
  options,
  optionLabel,
  placeholder,
  triggerProps,
}: {
  control: Control<FormValues, unknown, EquipmentInput>;
  name: StringField;
  options: readonly (string | number)[];
  optionLabel: (value: string) => string;
  placeholder?: string;
  triggerProps?: Record<string, unknown>;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <Select value={field.value} onValueChange={field.onChange}>
          <SelectTrigger id={name} {...triggerProps}>
            <SelectValue placeholder={placeholder} />
          </SelectTrigger>
          <SelectContent>
            {options.map((o) => (
              <SelectItem key={o} value={String(o)}>
                {optionLabel(String(o))}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      )}
    />
  );
}

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
  // The API's own schema validates the form (domain/schemas/equipment-forms.ts); submit gets its output.
  const form = useForm<FormValues, unknown, EquipmentInput>({
    defaultValues: EMPTY,
    resolver: zodResolver(equipmentFormSchema),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const { register, control, handleSubmit, reset, formState } = form;
  // The company's parts shelf (issue 27): a service part may point at one, so a work order for the
  // machine's service proposes it. Nothing is shown when the company keeps no parts.
  const catalogue = useQuery({
    queryKey: ['parts', 'catalogue'],
    queryFn: () => api.get<PartDto[]>('/api/parts'),
  });
  const msg = useMessage();
  const err = (path: string) =>
    msg((get(formState.errors, path) as { message?: string } | undefined)?.message);

  useEffect(() => {
    if (existing.data) reset(fromDto(existing.data));
  }, [existing.data, reset]);

  const [scheduled, start, interval, unit, usageUnit] = useWatch({
    control,
    name: [
      'hasScheduledMaintenance',
      'maintenanceStartDate',
      'maintenanceInterval',
      'maintenanceIntervalUnit',
      'unit',
    ],
  });
  const intervalNumber = /^\d+$/.test(interval) ? Number(interval) : null;
  const preview =
    scheduled && isDateOnly(start) && intervalNumber
      ? nextMaintenanceDate({
          hasScheduledMaintenance: true,
          maintenanceStartDate: start,
          maintenanceInterval: intervalNumber,
          maintenanceIntervalUnit: unit as IntervalUnit,
        })
      : null;
  const unitSuffix = usageUnit && usageUnit !== 'n/a' ? ` (${t(`units.${usageUnit}`)})` : '';
  // A tool with no meter (unit N/A) is not asked its usage, lifespan or usage interval.
  const hasMeter = usageUnit !== 'n/a';

  const onSubmit = handleSubmit((input) => {
    if (editId) {
      update.mutate(
        { id: editId, input },
        {
          onSuccess: () => {
            toast({ title: t('toast.updated'), description: t('toast.updatedBody') });
            void navigate('/equipment-list');
          },
          onError: (e) =>
            toast({
              title: t('toast.error'),
              description: translateError(t, e, t('toast.updateEquipmentFailed')),
              variant: 'destructive',
            }),
        },
      );
    } else {
      create.mutate(input, {
        onSuccess: () => {
          toast({ title: t('toast.added'), description: t('toast.addedBody') });
          void navigate('/');
        },
        onError: (e) =>
          toast({
            title: t('toast.error'),
            description: translateError(t, e, t('toast.addFailed')),
            variant: 'destructive',
          }),
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

  const pending = create.isPending || update.isPending;
  const aria = (path: string) => ({
    'aria-invalid': Boolean(err(path)) || undefined,
    'aria-describedby': err(path) ? `${path}-error` : undefined,
  });

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
          <Card>
            <CardHeader>
              <CardTitle>{t('form.basics')}</CardTitle>
            </CardHeader>
            <CardContent className="grid grid-cols-1 gap-4 sm:grid-cols-2">
              <div className="sm:col-span-2">
                <FormField
                  className="content-start gap-2"
                  id="name"
                  label={t('form.name')}
                  error={err('name')}
                >
                  <Input
                    id="name"
                    placeholder={t('form.namePlaceholder')}
                    autoComplete="off"
                    maxLength={200}
                    {...register('name')}
                    {...aria('name')}
                  />
                </FormField>
              </div>
              <FormField
                className="content-start gap-2"
                id="type"
                label={t('form.type')}
                error={err('type')}
              >
                <SelectField
                  control={control}
                  name="type"
                  options={equipmentTypes}
                  optionLabel={(v) => t(`types.${v}`)}
                  placeholder={t('form.typePlaceholder')}
                  triggerProps={aria('type')}
                />
              </FormField>
              <FormField
                className="content-start gap-2"
                id="serialNumber"
                label={t('form.serial')}
                error={err('serialNumber')}
              >
                <Input
                  id="serialNumber"
                  autoComplete="off"
                  maxLength={100}
                  {...register('serialNumber')}
                />
              </FormField>
              <FormField
                className="content-start gap-2"
                id="unit"
                label={t('form.unit')}
                error={err('unit')}
              >
                <SelectField
                  control={control}
                  name="unit"
                  options={usageUnits}
                  optionLabel={(v) => t(`unitOptions.${v}`)}
                  placeholder={t('form.unitPlaceholder')}
                  triggerProps={aria('unit')}
                />
              </FormField>
              <FormField className="content-start gap-2" id="fuelType" label={t('form.fuelType')}>
                <SelectField
                  control={control}
                  name="fuelType"
                  options={equipmentFuelTypes}
                  optionLabel={(v) => t(`fuel.${v}`)}
                />
              </FormField>
            </CardContent>
          </Card>

          <Card>
            <CardHeader>
              <CardTitle>{t('form.scheduled')}</CardTitle>
            </CardHeader>
            <CardContent className="grid gap-4">
              <div className="flex items-start gap-3">
                <Controller
                  control={control}
                  name="hasScheduledMaintenance"
                  render={({ field }) => (
                    <Switch
                      id="hasScheduledMaintenance"
                      checked={field.value}
                      onCheckedChange={field.onChange}
                      aria-describedby="scheduled-help"
                    />
                  )}
                />
                <div className="grid gap-1">
                  <Label htmlFor="hasScheduledMaintenance">{t('form.scheduledToggle')}</Label>
                  <p id="scheduled-help" className="text-xs text-muted-foreground">
                    {t('form.scheduledHelp')}
                  </p>
                </div>
              </div>
              {scheduled && (
                <div className="grid grid-cols-1 gap-4 sm:grid-cols-3">
                  <FormField
                    className="content-start gap-2"
                    id="maintenanceStartDate"
                    label={t('form.startDate')}
                    error={err('maintenanceStartDate')}
                  >
                    <Input
                      id="maintenanceStartDate"
                      type="date"
                      min="1900-01-01"
                      {...register('maintenanceStartDate')}
                      {...aria('maintenanceStartDate')}
                    />
                  </FormField>
                  <FormField
                    className="content-start gap-2"
                    id="maintenanceInterval"
                    label={t('form.interval')}
                    error={err('maintenanceInterval')}
                  >
                    <Input
                      id="maintenanceInterval"
                      type="number"
                      inputMode="numeric"
                      min="1"
                      step="1"
                      {...register('maintenanceInterval')}
                      {...aria('maintenanceInterval')}
                    />
                  </FormField>
                  <FormField
                    className="content-start gap-2"
                    id="maintenanceIntervalUnit"
                    label={t('form.intervalUnit')}
                  >
                    <SelectField
                      control={control}
                      name="maintenanceIntervalUnit"
                      options={['days', 'months', 'years']}
                      optionLabel={(v) => t(`intervalUnits.${v}`)}
                    />
                  </FormField>
                  {preview && (
                    <p
                      className="flex items-center gap-2 rounded-md bg-blue-50 p-3 text-sm text-blue-950 sm:col-span-3"
                      aria-live="polite"
                      data-testid="next-date-preview"
                    >
                      <CalendarClock className="h-4 w-4" aria-hidden />
                      {t('form.nextDatePreview', { date: formatDate(preview) })}
                    </p>
                  )}
                </div>
              )}
            </CardContent>
          </Card>

          {hasMeter ? (
            <>
              <Card>
                <CardHeader>
                  <CardTitle>{t('form.usageSection')}</CardTitle>
                </CardHeader>
                <CardContent className="grid grid-cols-1 gap-4 sm:grid-cols-2">
                  <FormField
                    className="content-start gap-2"
                    id="currentUsage"
                    label={`${t('form.currentUsage')}${unitSuffix}`}
                    error={err('currentUsage')}
                  >
                    <Input
                      id="currentUsage"
                      type="number"
                      inputMode="decimal"
                      min="0"
                      step="0.1"
                      {...register('currentUsage')}
                      {...aria('currentUsage')}
                    />
                  </FormField>
                  <FormField
                    className="content-start gap-2"
                    id="threshold"
                    label={`${t('form.lifespan')}${unitSuffix}`}
                    error={err('threshold')}
                    hint={t('form.lifespanHelp')}
                  >
                    <Input
                      id="threshold"
                      type="number"
                      inputMode="decimal"
                      min="1"
                      step="0.1"
                      {...register('threshold')}
                      {...aria('threshold')}
                    />
                  </FormField>
                  <FormField
                    className="content-start gap-2"
                    id="alertThreshold"
                    label={t('form.alertThreshold')}
                    error={err('alertThreshold')}
                  >
                    <SelectField
                      control={control}
                      name="alertThreshold"
                      options={alertThresholdOptions}
                      optionLabel={(v) =>
                        t('form.alertOption', { percent: lifespanWarningPercent(Number(v)) })
                      }
                    />
                  </FormField>
                </CardContent>
              </Card>

              <Card>
                <CardHeader>
                  <CardTitle>{t('form.serviceSection')}</CardTitle>
                </CardHeader>
                <CardContent className="grid grid-cols-1 gap-4 sm:grid-cols-2">
                  <FormField
                    className="content-start gap-2"
                    id="serviceInterval"
                    label={`${t('form.serviceInterval')}${unitSuffix}`}
                    error={err('serviceInterval')}
                    hint={t('form.serviceIntervalHelp')}
                  >
                    <Input
                      id="serviceInterval"
                      type="number"
                      inputMode="numeric"
                      min="0"
                      step="1"
                      {...register('serviceInterval')}
                      {...aria('serviceInterval')}
                    />
                  </FormField>
                  <FormField
                    className="content-start gap-2"
                    id="lastServiceUsage"
                    label={`${t('form.lastService')}${unitSuffix}`}
                    error={err('lastServiceUsage')}
                    hint={t('form.lastServiceHelp')}
                  >
                    <Input
                      id="lastServiceUsage"
                      type="number"
                      inputMode="decimal"
                      min="0"
                      step="0.1"
                      {...register('lastServiceUsage')}
                      {...aria('lastServiceUsage')}
                    />
                  </FormField>
                </CardContent>
              </Card>
            </>
          ) : null}

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
