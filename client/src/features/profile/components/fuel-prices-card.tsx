import { zodResolver } from '@hookform/resolvers/zod';
import { Fuel } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { todayIn } from '@domain/dates';
import { volumeUnits, type VolumeUnit } from '@domain/fuel';
import {
  fuelPriceInputSchema,
  type FuelPriceFormValues,
  type FuelPriceInput,
} from '@domain/schemas/fuel';
import { FormField } from '@/components/form-field';
import { invalidProps } from '@/components/form-field-props';
import { fieldErrorsOf } from '@/lib/translate-message';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { IconCardTitle } from '@/components/icon-card-title';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { toast } from '@/components/ui/use-toast';
import { useCurrentUser } from '@/lib/auth';
import { formatDate, formatDecimal } from '@/lib/format';
import { useMessage } from '@/lib/use-message';
import { useAddFuelPrice, useFuelPrices, useSetVolumeUnit } from '../api/fuel-prices';
import { useCardSave } from './use-card-save';

const FIELDS = ['fuelType', 'price', 'volumeUnit', 'from'] as const;

/**
 * Fuel in money (issue 45), owners and managers: whether the company counts fuel in gallons or litres,
 * and its fuel prices per type with the day each starts (GET/POST /api/fuel-prices, PUT /api/fuel-unit).
 * A fill-up without its own price is valued at the price in force on its day.
 */
export function FuelPricesCard() {
  const { t } = useTranslation('profile');
  const msg = useMessage();
  const save = useCardSave();
  const { user } = useCurrentUser();
  const prices = useFuelPrices();
  const add = useAddFuelPrice();
  const setUnit = useSetVolumeUnit();
  const unit: VolumeUnit = prices.data?.volumeUnit ?? user?.volumeUnit ?? 'gal';
  const form = useForm<FuelPriceFormValues, unknown, FuelPriceInput>({
    resolver: zodResolver(fuelPriceInputSchema),
    defaultValues: {
      fuelType: 'diesel',
      volumeUnit: unit,
      from: todayIn(user?.timeZone),
    },
  });
  const errors = form.formState.errors;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await add.mutateAsync(values);
      toast({ title: t('fuel.addedTitle'), description: t('fuel.addedBody') });
      form.reset({ ...values, price: undefined });
    } catch (err) {
      const fields = fieldErrorsOf(err, t);
      for (const [path, message] of fields)
        if ((FIELDS as readonly string[]).includes(path))
          form.setError(path as (typeof FIELDS)[number], { message });
      if (fields.length === 0)
        toast({ title: t('updateFailedTitle'), description: msg(err), variant: 'destructive' });
    }
  });

  const changeUnit = (next: VolumeUnit) =>
    save(
      () => setUnit.mutateAsync(next),
      { title: t('fuel.unitSavedTitle'), description: t(`fuel.unitSaved.${next}`) },
      () => form.setValue('volumeUnit', next),
    );

  const list = prices.data?.prices ?? [];
  const unitOptions = volumeUnits.map((u) => (
    <option key={u} value={u}>
      {t(`fuel.units.${u}`)}
    </option>
  ));
  return (
    <Card>
      <CardHeader>
        <IconCardTitle icon={Fuel}>{t('fuel.title')}</IconCardTitle>
        <CardDescription>{t('fuel.description')}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {prices.isError ? (
          <p role="alert" className="text-sm text-destructive">
            {t('fuel.loadError')}
          </p>
        ) : null}
        <FormField
          id="fuel-unit"
          label={t('fuel.unit')}
          hint={t('fuel.unitHint')}
          className="sm:max-w-xs"
        >
          <NativeSelect
            id="fuel-unit"
            value={unit}
            disabled={!prices.data || setUnit.isPending}
            aria-describedby="fuel-unit-hint"
            onChange={(e) => void changeUnit(e.target.value === 'L' ? 'L' : 'gal')}
          >
            {unitOptions}
          </NativeSelect>
        </FormField>

        <div className="overflow-x-auto">
          <table className="w-full text-sm">
            <caption className="mb-2 text-left font-medium">{t('fuel.pricesCaption')}</caption>
            <thead>
              <tr className="border-b text-left">
                <th scope="col" className="py-2 pr-3">
                  {t('fuel.fuelType')}
                </th>
                <th scope="col" className="py-2 pr-3 text-right">
                  {t('fuel.price')}
                </th>
                <th scope="col" className="py-2">
                  {t('fuel.from')}
                </th>
              </tr>
            </thead>
            <tbody>
              {list.length === 0 ? (
                <tr>
                  <td colSpan={3} className="py-2 text-muted-foreground">
                    {t('fuel.none')}
                  </td>
                </tr>
              ) : (
                list.map((p) => (
                  <tr key={p.id} className="border-b last:border-0">
                    <td className="py-2 pr-3">{t(`fuel.types.${p.fuelType}`)}</td>
                    <td className="py-2 pr-3 text-right tabular-nums">
                      {t('fuel.pricePer', {
                        amount: `$${formatDecimal(p.price, 4, 2)}`,
                        unit: p.volumeUnit,
                      })}
                    </td>
                    <td className="py-2">{formatDate(p.from)}</td>
                  </tr>
                ))
              )}
            </tbody>
          </table>
        </div>

        <form
          onSubmit={(e) => void onSubmit(e)}
          noValidate
          className="grid gap-3"
          aria-labelledby="fuel-add-title"
        >
          <h3 id="fuel-add-title" className="font-medium">
            {t('fuel.addTitle')}
          </h3>
          <div className="grid grid-cols-1 gap-3 sm:grid-cols-4">
            <FormField
              id="fuel-type"
              label={t('fuel.fuelType')}
              error={msg(errors.fuelType?.message)}
            >
              <NativeSelect id="fuel-type" {...form.register('fuelType')}>
                <option value="diesel">{t('fuel.types.diesel')}</option>
                <option value="gas">{t('fuel.types.gas')}</option>
              </NativeSelect>
            </FormField>
            <FormField id="fuel-price" label={t('fuel.price')} error={msg(errors.price?.message)}>
              <Input
                id="fuel-price"
                type="number"
                inputMode="decimal"
                step="0.0001"
                min={0}
                {...invalidProps(errors.price, 'fuel-price')}
                {...form.register('price', { valueAsNumber: true })}
              />
            </FormField>
            <FormField
              id="fuel-price-unit"
              label={t('fuel.per')}
              error={msg(errors.volumeUnit?.message)}
            >
              <NativeSelect id="fuel-price-unit" {...form.register('volumeUnit')}>
                {unitOptions}
              </NativeSelect>
            </FormField>
            <FormField id="fuel-from" label={t('fuel.from')} error={msg(errors.from?.message)}>
              <Input
                id="fuel-from"
                type="date"
                {...invalidProps(errors.from, 'fuel-from')}
                {...form.register('from')}
              />
            </FormField>
          </div>
          <div>
            <Button type="submit" disabled={add.isPending} className="min-h-11">
              {add.isPending ? t('saving') : t('fuel.add')}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
