import { emptyServicePartRow, type ServicePartRow } from '@domain/schemas/equipment-forms';
import { Plus, Trash2 } from 'lucide-react';
import {
  Controller,
  get,
  useFieldArray,
  useFormContext,
  useFormState,
  type FieldError as RhfFieldError,
} from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { invalidProps } from '@/components/form-field-props';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Input } from '@/components/ui/input';
import { FieldError, Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { useMessage } from '@/lib/use-message';
import { cn } from '@/lib/utils';

/** The part of a form this editor reads: an array of parts rows at `name`. */
type PartsForm = Record<string, ServicePartRow[]>;

/**
 * The one service-parts editor: a machine's service parts in Add/Edit Equipment, and the parts used
 * in Mark as Serviced (`selectable`: each row has a "used" tick, the machine's parts start ticked).
 * It reads its form from react-hook-form's context (the form wraps it in a `FormProvider`); its rows
 * are validated by the form's zod schema (`domain/schemas/equipment-forms.ts`), errors under the row.
 * On a phone the part number goes under the name so the name and quantity stay wide enough to type.
 */
export function ServicePartsEditor({
  name,
  idPrefix,
  selectable = false,
  catalogue = [],
  className,
}: {
  /** The form's field holding the rows ('serviceParts' or 'parts'). */
  name: string;
  /** Prefix of the inputs' ids (unique on the page). */
  idPrefix: string;
  selectable?: boolean;
  /**
   * The company's parts list (issue 27): when it has parts, each row may point at one, so a work order
   * for the machine's service proposes it; choosing one fills an empty name and part number.
   */
  catalogue?: readonly {
    id: string;
    name: string;
    partNumber: string | null;
    /** Shown in Mark as Serviced, where a chosen part is drawn from stock (issue 43). */
    onHand?: number;
    unit?: string;
  }[];
  className?: string;
}) {
  const { t } = useTranslation('equipment');
  const msg = useMessage();
  const { control, register, getValues, setValue } = useFormContext<PartsForm>();
  const { errors } = useFormState({ control, name });
  const rows = useFieldArray({ control, name });
  const errorOf = (path: string) => msg((get(errors, path) as RhfFieldError | undefined)?.message);
  const grid = selectable
    ? 'grid-cols-[auto_minmax(0,1fr)_4.5rem_auto] sm:grid-cols-[auto_minmax(0,2fr)_minmax(0,1.5fr)_4.5rem_auto]'
    : 'grid-cols-[minmax(0,1fr)_4.5rem_auto] sm:grid-cols-[minmax(0,2fr)_minmax(0,1.5fr)_4.5rem_auto]';
  // Grid columns of the name, number, quantity and remove cells (after the tick when selectable).
  const col = selectable
    ? {
        name: 'col-start-2',
        number: 'col-start-2 sm:col-start-3',
        qty: 'col-start-3 sm:col-start-4',
        remove: 'col-start-4 sm:col-start-5',
      }
    : {
        name: 'col-start-1',
        number: 'col-start-1 sm:col-start-2',
        qty: 'col-start-2 sm:col-start-3',
        remove: 'col-start-3 sm:col-start-4',
      };
  const listError = errorOf(name);

  return (
    <div className={cn('grid gap-2', className)} data-testid={`${idPrefix}-parts`}>
      {rows.fields.length === 0 ? (
        <p className="text-sm text-muted-foreground">
          {selectable ? t('service.noParts') : t('form.partsEmpty')}
        </p>
      ) : (
        <>
          <div
            aria-hidden
            className={cn('hidden gap-2 text-xs font-medium text-muted-foreground sm:grid', grid)}
          >
            {selectable ? <span className="w-6" /> : null}
            <span>{t('form.partName')}</span>
            <span>{t('form.partNumber')}</span>
            <span>{t('form.partQty')}</span>
            <span className="w-11" />
          </div>
          <ul className="grid gap-3 sm:gap-2">
            {rows.fields.map((row, i) => {
              const path = `${name}.${i}`;
              const partError = errorOf(`${path}.part`);
              const qtyError = errorOf(`${path}.qty`);
              const label = (row as unknown as ServicePartRow).part || String(i + 1);
              return (
                <li key={row.id} className={cn('grid items-center gap-x-2 gap-y-1.5', grid)}>
                  {selectable ? (
                    <Controller
                      control={control}
                      name={`${path}.used`}
                      render={({ field }) => (
                        <Checkbox
                          className="col-start-1 row-start-1 h-6 w-6"
                          checked={field.value !== (false as unknown)}
                          onCheckedChange={(v) => field.onChange(v === true)}
                          aria-label={t('service.usePart', { part: label })}
                        />
                      )}
                    />
                  ) : null}
                  <Input
                    id={`${idPrefix}-part-${i}`}
                    className={cn('row-start-1', col.name)}
                    maxLength={200}
                    placeholder={t('form.partName')}
                    aria-label={t('service.partName', { n: i + 1 })}
                    {...invalidProps(partError, `${idPrefix}-part-${i}`)}
                    {...register(`${path}.part`)}
                  />
                  <Input
                    id={`${idPrefix}-partNumber-${i}`}
                    className={cn(
                      'col-span-2 row-start-2 sm:col-span-1 sm:row-start-1',
                      col.number,
                    )}
                    maxLength={100}
                    placeholder={t('form.partNumber')}
                    aria-label={t('service.partNumber', { n: i + 1 })}
                    {...register(`${path}.partNumber`)}
                  />
                  <Input
                    id={`${idPrefix}-qty-${i}`}
                    className={cn('row-start-1', col.qty)}
                    type="number"
                    inputMode="numeric"
                    min="1"
                    step="1"
                    aria-label={t('service.partQty', { n: i + 1 })}
                    {...invalidProps(qtyError, `${idPrefix}-qty-${i}`)}
                    {...register(`${path}.qty`)}
                  />
                  <Button
                    type="button"
                    variant="ghost"
                    size="icon"
                    className={cn('row-start-1 h-11 w-11 text-destructive', col.remove)}
                    onClick={() => rows.remove(i)}
                    aria-label={t('form.removePart', { n: i + 1 })}
                  >
                    <Trash2 aria-hidden />
                  </Button>
                  {catalogue.length > 0 ? (
                    <div className={cn('col-span-full grid gap-1', selectable && 'col-start-2')}>
                      <Label htmlFor={`${idPrefix}-partId-${i}`} className="text-xs">
                        {t('form.cataloguePart')}
                      </Label>
                      <NativeSelect
                        id={`${idPrefix}-partId-${i}`}
                        {...register(`${path}.partId`, {
                          onChange: (e: { target: { value: string } }) => {
                            const p = catalogue.find((x) => x.id === e.target.value);
                            if (!p) return;
                            const now = getValues(path) as unknown as ServicePartRow;
                            if (!now.part.trim()) setValue(`${path}.part`, p.name as never);
                            if (!now.partNumber.trim() && p.partNumber)
                              setValue(`${path}.partNumber`, p.partNumber as never);
                          },
                        })}
                      >
                        <option value="">{t('form.noCataloguePart')}</option>
                        {catalogue.map((p) => (
                          <option key={p.id} value={p.id}>
                            {p.partNumber ? `${p.name} (${p.partNumber})` : p.name}
                            {selectable && p.onHand !== undefined
                              ? ` · ${t('service.onHand', { count: p.onHand, unit: p.unit ?? '' })}`
                              : ''}
                          </option>
                        ))}
                      </NativeSelect>
                      <FieldError
                        id={`${idPrefix}-partId-${i}-error`}
                        message={errorOf(`${path}.partId`)}
                      />
                    </div>
                  ) : null}
                  {partError || qtyError ? (
                    <div className={cn('col-span-full', selectable && 'sm:col-start-2')}>
                      <FieldError id={`${idPrefix}-part-${i}-error`} message={partError} />
                      <FieldError id={`${idPrefix}-qty-${i}-error`} message={qtyError} />
                    </div>
                  ) : null}
                </li>
              );
            })}
          </ul>
        </>
      )}
      <FieldError id={`${idPrefix}-parts-error`} message={listError} />
      <Button
        type="button"
        variant="outline"
        className="h-11 justify-self-start"
        onClick={() => rows.append(emptyServicePartRow(selectable ? true : undefined) as never)}
      >
        <Plus aria-hidden /> {t('form.addPart')}
      </Button>
    </div>
  );
}
