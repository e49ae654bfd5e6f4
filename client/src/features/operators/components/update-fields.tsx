import { Fuel } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { FormField } from '@/components/form-field';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { cn } from '@/lib/utils';
import type { EquipmentOption } from '../api/equipment-options';
import type { FieldMachine } from '../api/field-machine';
import type { UpdateForm } from '../hooks/use-update-form';
import { AmountInput } from './amount-input';
import { EntryPreview } from './entry-preview';
import { PhotoInput } from './photo-input';

/**
 * What the operator reports for the chosen machine: the new usage (with the preview of the last
 * reading and usual daily use), fuel added and its type, a note and a photo. 48 px targets.
 */
export function UpdateFields({
  form,
  machine,
  detail,
}: {
  form: UpdateForm;
  machine: EquipmentOption | undefined;
  /** The machine's last reading time, usual daily use and next service task, when known. */
  detail: Pick<FieldMachine, 'lastReadingAt' | 'usualDaily' | 'nextTask'> | null;
}) {
  const { t } = useTranslation(['operators']);
  const unitLabel = (unit: string) => t(`screen.units.${unit}`, { defaultValue: unit });
  return (
    <>
      <div className="grid gap-2">
        <Label htmlFor="newUsage">
          {t('screen.usage', { unit: unitLabel(machine?.unit ?? 'hours') })}
        </Label>
        <AmountInput
          id="newUsage"
          value={form.usage}
          onChange={form.setUsage}
          aria-describedby="newUsageHint"
        />
        <p id="newUsageHint" className="text-xs text-muted-foreground">
          {t('screen.usageHint')}
        </p>
        {machine ? (
          <EntryPreview
            currentUsage={machine.currentUsage}
            unit={machine.unit}
            typed={form.usage}
            lastReadingAt={detail?.lastReadingAt ?? null}
            usualDaily={detail?.usualDaily ?? null}
            nextTask={detail?.nextTask ?? null}
          />
        ) : null}
      </div>

      <div className="grid gap-2">
        <Label htmlFor="fuelAdded">{t('screen.fuel', { unit: form.volumeUnit })}</Label>
        <div className="relative">
          <Fuel
            className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-muted-foreground"
            aria-hidden
          />
          <AmountInput
            id="fuelAdded"
            value={form.fuel}
            onChange={form.setFuel}
            className="h-12 pl-9 text-base"
          />
        </div>
        <fieldset className="grid gap-2">
          <legend className="mb-1 text-sm font-medium">{t('screen.fuelType')}</legend>
          <div className="grid grid-cols-2 gap-2">
            {(['gas', 'diesel'] as const).map((ft) => (
              <label
                key={ft}
                className={cn(
                  'flex h-12 cursor-pointer items-center justify-center gap-2 rounded-md border text-base font-medium',
                  form.fuelType === ft
                    ? 'border-primary bg-primary/10 text-primary'
                    : 'border-input',
                )}
              >
                <input
                  type="radio"
                  name="fuelType"
                  value={ft}
                  checked={form.fuelType === ft}
                  onChange={() => form.setFuelType(ft)}
                  className="h-4 w-4"
                />
                {t(`screen.${ft}`)}
              </label>
            ))}
          </div>
        </fieldset>
        {form.fuel.trim() ? (
          <div className="mt-2 grid gap-2 sm:grid-cols-2">
            <MoneyField
              id="fuelPrice"
              label={t('screen.fuelPrice', { unit: form.volumeUnit })}
              step={0.001}
              value={form.price}
              onChange={form.setPrice}
            />
            <MoneyField
              id="fuelCost"
              label={t('screen.fuelCost')}
              step={0.01}
              value={form.cost}
              onChange={form.setCost}
            />
            <p id="fuelMoneyHint" className="text-xs text-muted-foreground sm:col-span-2">
              {t('screen.fuelMoneyHint')}
            </p>
          </div>
        ) : null}
      </div>

      <FormField id="notes" label={t('screen.notes')} className="gap-2">
        <Textarea
          id="notes"
          value={form.notes}
          onChange={(e) => form.setNotes(e.target.value)}
          placeholder={t('screen.notesPlaceholder')}
          rows={3}
          maxLength={2000}
          className="text-base"
        />
      </FormField>

      <PhotoInput value={form.photo} onChange={form.setPhoto} />
    </>
  );
}

/** The fill-up's price or cost, both read with the hint under them (`fuelMoneyHint`). */
function MoneyField({
  id,
  label,
  step,
  value,
  onChange,
}: {
  id: string;
  label: string;
  step: number;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <div className="grid gap-1">
      <Label htmlFor={id}>{label}</Label>
      <AmountInput
        id={id}
        step={step}
        value={value}
        onChange={onChange}
        aria-describedby="fuelMoneyHint"
      />
    </div>
  );
}
