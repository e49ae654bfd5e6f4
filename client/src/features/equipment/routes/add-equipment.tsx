import { isDateOnly, nextMaintenanceDate, type IntervalUnit } from '@domain/dates';
import {
  equipmentFuelTypes,
  equipmentInputSchema,
  equipmentTypes,
  usageUnits,
  withoutMeterFields,
  type EquipmentDto,
} from '@domain/schemas/equipment';
import { alertThresholdOptions, lifespanWarningPercent } from '@domain/status';
import { AlertTriangle, CalendarClock, Plus, Trash2 } from 'lucide-react';
import { useEffect } from 'react';
import {
  Controller,
  get,
  set,
  useFieldArray,
  useForm,
  useWatch,
  type Control,
  type FieldErrors,
  type Resolver,
} from 'react-hook-form';
import { useQuery } from '@tanstack/react-query';
import type { PartDto } from '@domain/schemas/work-orders';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import {
  useCreateEquipment,
  useEquipment,
  useEquipmentCount,
  useUpdateEquipment,
} from '@/components/equipment/equipment-queries';
import { PageSpinner } from '@/components/page-spinner';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { FormField } from '@/components/form-field';
import { FieldError, Label } from '@/components/ui/label';
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
import { NativeSelect } from '@/components/ui/native-select';
import { api } from '@/lib/api';
import { formatDate } from '@/lib/format';
import { translateError } from '@/lib/translate-message';
import { useMessage } from '@/lib/use-message';

type PartValues = { part: string; partNumber: string; qty: string; partId: string };
type FormValues = {
  name: string;
  type: string;
  serialNumber: string;
  unit: string;
  fuelType: string;
  hasScheduledMaintenance: boolean;
  maintenanceStartDate: string;
  maintenanceInterval: string;
  maintenanceIntervalUnit: string;
  currentUsage: string;
  threshold: string;
  alertThreshold: string;
  serviceInterval: string;
  lastServiceUsage: string;
  serviceParts: PartValues[];
  description: string;
};

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

/**
 * The form's strings as the API input (the one schema turns numeric strings into numbers); a tool with
 * no meter (unit N/A) sends no usage, lifespan or usage interval (domain/schemas/equipment.ts).
 */
const toPayload = (v: FormValues) =>
  withoutMeterFields({
    ...v,
    type: v.type || undefined,
    unit: v.unit || undefined,
    fuelType: v.fuelType || 'n/a',
  });

/** Validation with the same zod schema the server uses. */
const resolver: Resolver<FormValues> = async (values) => {
  const r = equipmentInputSchema.safeParse(toPayload(values));
  if (r.success) return { values, errors: {} };
  const errors: FieldErrors<FormValues> = {};
  for (const issue of r.error.issues) {
    const path = issue.path.join('.') || 'root';
    if (!get(errors, path)) set(errors, path, { type: issue.code, message: issue.message });
  }
  return { values: {}, errors };
};

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
  control: Control<FormValues>;
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
  const form = useForm<FormValues>({
    defaultValues: EMPTY,
    resolver,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const { register, control, handleSubmit, reset, formState } = form;
  const parts = useFieldArray({ control, name: 'serviceParts' });
  // The company's parts shelf (issue 27): a service part may point at one, so a work order for the
  // machine's service proposes it. Nothing is shown when the company keeps no parts.
  const catalogue = useQuery({
    queryKey: ['parts', 'catalogue'],
    queryFn: () => api.get<PartDto[]>('/api/parts'),
  });
  const shelf = catalogue.data ?? [];
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

  const onSubmit = handleSubmit((values) => {
    const input = equipmentInputSchema.parse(toPayload(values));
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
      <form onSubmit={onSubmit} noValidate className="grid gap-4">
        <Card>
          <CardHeader>
            <CardTitle>{t('form.basics')}</CardTitle>
          </CardHeader>
          <CardContent className="grid gap-4 sm:grid-cols-2">
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
              <div className="grid gap-4 sm:grid-cols-3">
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
              <CardContent className="grid gap-4 sm:grid-cols-2">
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
              <CardContent className="grid gap-4 sm:grid-cols-2">
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
            {parts.fields.length === 0 && (
              <p className="text-sm text-muted-foreground">{t('form.partsEmpty')}</p>
            )}
            {parts.fields.map((f, i) => (
              <fieldset
                key={f.id}
                className="grid grid-cols-[minmax(0,1fr)_5rem_auto] items-start gap-2 rounded-md border p-3 sm:grid-cols-[minmax(0,2fr)_minmax(0,1.5fr)_5rem_auto]"
              >
                <legend className="sr-only">
                  {t('form.partName')} {i + 1}
                </legend>
                <div className="col-span-3 grid gap-1 sm:col-span-1">
                  <Label htmlFor={`part-${i}`}>{t('form.partName')}</Label>
                  <Input
                    id={`part-${i}`}
                    maxLength={200}
                    {...register(`serviceParts.${i}.part`)}
                    {...aria(`serviceParts.${i}.part`)}
                  />
                  <FieldError
                    id={`serviceParts.${i}.part-error`}
                    message={err(`serviceParts.${i}.part`)}
                  />
                </div>
                <div className="grid gap-1">
                  <Label htmlFor={`partNumber-${i}`}>{t('form.partNumber')}</Label>
                  <Input
                    id={`partNumber-${i}`}
                    maxLength={100}
                    {...register(`serviceParts.${i}.partNumber`)}
                  />
                </div>
                <div className="grid gap-1">
                  <Label htmlFor={`qty-${i}`}>{t('form.partQty')}</Label>
                  <Input
                    id={`qty-${i}`}
                    type="number"
                    inputMode="numeric"
                    min="1"
                    step="1"
                    {...register(`serviceParts.${i}.qty`)}
                    {...aria(`serviceParts.${i}.qty`)}
                  />
                  <FieldError
                    id={`serviceParts.${i}.qty-error`}
                    message={err(`serviceParts.${i}.qty`)}
                  />
                </div>
                <Button
                  variant="ghost"
                  size="icon"
                  className="mt-6 text-destructive"
                  onClick={() => parts.remove(i)}
                  aria-label={t('form.removePart', { n: i + 1 })}
                >
                  <Trash2 aria-hidden />
                </Button>
                {shelf.length > 0 ? (
                  <div className="col-span-full grid gap-1">
                    <Label htmlFor={`partId-${i}`}>{t('form.cataloguePart')}</Label>
                    <NativeSelect
                      id={`partId-${i}`}
                      {...register(`serviceParts.${i}.partId`, {
                        onChange: (e: { target: { value: string } }) => {
                          // Choosing a shelf part fills the name and number when they are empty.
                          const p = shelf.find((x) => x.id === e.target.value);
                          if (!p) return;
                          const row = form.getValues(`serviceParts.${i}`);
                          if (!row.part.trim()) form.setValue(`serviceParts.${i}.part`, p.name);
                          if (!row.partNumber.trim() && p.partNumber)
                            form.setValue(`serviceParts.${i}.partNumber`, p.partNumber);
                        },
                      })}
                      {...aria(`serviceParts.${i}.partId`)}
                    >
                      <option value="">{t('form.noCataloguePart')}</option>
                      {shelf.map((p) => (
                        <option key={p.id} value={p.id}>
                          {p.partNumber ? `${p.name} (${p.partNumber})` : p.name}
                        </option>
                      ))}
                    </NativeSelect>
                    <FieldError
                      id={`serviceParts.${i}.partId-error`}
                      message={err(`serviceParts.${i}.partId`)}
                    />
                  </div>
                ) : null}
              </fieldset>
            ))}
            <Button
              variant="outline"
              className="justify-self-start"
              onClick={() => parts.append({ part: '', partNumber: '', qty: '1', partId: '' })}
            >
              <Plus aria-hidden /> {t('form.addPart')}
            </Button>
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
    </main>
  );
}
