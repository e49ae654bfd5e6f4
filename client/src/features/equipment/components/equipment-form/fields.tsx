import type { EquipmentInput } from '@domain/schemas/equipment';
import type { ComponentProps } from 'react';
import { Controller, get, useFormContext, useFormState } from 'react-hook-form';
import { FormField } from '@/components/form-field';
import { invalidProps } from '@/components/form-field-props';
import { InputFormField } from '@/components/input-form-field';
import { Input } from '@/components/ui/input';
import { OptionSelect } from '@/components/ui/select';
import { useMessage } from '@/lib/use-message';
import type { FormValues, StringField } from './form-values';

/** A field's translated error, and the attributes that tie its control to it for screen readers. */
export function useFieldError() {
  const { errors } = useFormState<FormValues>();
  const msg = useMessage();
  const err = (path: string) =>
    msg((get(errors, path) as { message?: string } | undefined)?.message);
  const aria = (path: string) => invalidProps(err(path), path);
  return { err, aria };
}

/** One of the form's text or number inputs with its label, hint and error. */
export function InputField(
  props: { name: StringField; label: string; hint?: string } & ComponentProps<typeof Input>,
) {
  return <InputFormField className="content-start gap-2" {...props} />;
}

/** One of the form's fixed-choice fields (type, unit, fuel, interval unit, alert threshold) as a Radix select. */
export function SelectField({
  name,
  label,
  options,
  optionLabel,
  placeholder,
}: {
  name: StringField;
  label: string;
  options: readonly (string | number)[];
  optionLabel: (value: string) => string;
  placeholder?: string;
}) {
  const { control } = useFormContext<FormValues, unknown, EquipmentInput>();
  const { err, aria } = useFieldError();
  return (
    <FormField className="content-start gap-2" id={name} label={label} error={err(name)}>
      <Controller
        control={control}
        name={name}
        render={({ field }) => (
          <OptionSelect
            id={name}
            {...aria(name)}
            value={field.value}
            onValueChange={field.onChange}
            options={options}
            optionLabel={(o) => optionLabel(String(o))}
            placeholder={placeholder}
          />
        )}
      />
    </FormField>
  );
}
