import { equipmentFuelTypes, equipmentTypes, usageUnits } from '@domain/schemas/equipment';
import { useTranslation } from 'react-i18next';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { useCurrentUser } from '@/lib/auth';
import { InputField, SelectField } from './fields';

/** Name, type, serial number, unit and fuel. */
export function BasicsSection() {
  const { t } = useTranslation('equipment');
  const volumeUnit = useCurrentUser().user?.volumeUnit ?? 'gal';
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('form.basics')}</CardTitle>
      </CardHeader>
      <CardContent className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <div className="sm:col-span-2">
          <InputField
            name="name"
            label={t('form.name')}
            placeholder={t('form.namePlaceholder')}
            autoComplete="off"
            maxLength={200}
          />
        </div>
        <SelectField
          name="type"
          label={t('form.type')}
          options={equipmentTypes}
          optionLabel={(v) => t(`types.${v}`)}
          placeholder={t('form.typePlaceholder')}
        />
        <InputField
          name="serialNumber"
          label={t('form.serial')}
          autoComplete="off"
          maxLength={100}
        />
        <SelectField
          name="unit"
          label={t('form.unit')}
          options={usageUnits}
          optionLabel={(v) => t(`unitOptions.${v}`)}
          placeholder={t('form.unitPlaceholder')}
        />
        <SelectField
          name="fuelType"
          label={t('form.fuelType')}
          options={equipmentFuelTypes}
          optionLabel={(v) => t(`fuel.${v}`)}
        />
        <InputField
          name="tankCapacity"
          label={t('form.tankCapacity', { unit: volumeUnit })}
          type="number"
          inputMode="decimal"
          min="0"
          step="any"
        />
      </CardContent>
    </Card>
  );
}
