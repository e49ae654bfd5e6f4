import type { ReactNode } from 'react';
import { Controller, type Control, type FieldPathByValue, type FieldValues } from 'react-hook-form';
import { Checkbox } from '@/components/ui/checkbox';

/** A form's yes/no field: a checkbox with its label, bound to `name` in react-hook-form. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any form's context and output
export function CheckboxField<T extends FieldValues, C = any, O extends FieldValues = T>({
  control,
  name,
  children,
}: {
  control: Control<T, C, O>;
  name: FieldPathByValue<T, boolean>;
  children: ReactNode;
}) {
  return (
    <label className="flex items-center gap-2 text-sm">
      <Controller
        control={control}
        name={name}
        render={({ field }) => (
          <Checkbox
            checked={field.value as boolean}
            onCheckedChange={(c) => field.onChange(c === true)}
          />
        )}
      />
      {children}
    </label>
  );
}
