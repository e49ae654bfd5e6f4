import type { ComponentProps } from 'react';
import { get, useFormContext, useFormState } from 'react-hook-form';
import { FormField } from '@/components/form-field';
import { invalidProps } from '@/components/form-field-props';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { useMessage } from '@/lib/use-message';

/**
 * One input of the form in context (a FormProvider) with its label, hint and translated error: registered
 * under `name`, its control `id` (the name unless given) marked invalid with the error (invalidProps).
 * With `rows` the control is a textarea of that many rows (taking `maxLength` alone of the input's props).
 */
export function InputFormField({
  name,
  id = name,
  label,
  hint,
  className,
  rows,
  ...input
}: {
  name: string;
  id?: string;
  label: string;
  hint?: string | undefined;
  className?: string;
  rows?: number;
} & ComponentProps<typeof Input>) {
  const { register } = useFormContext();
  const { errors } = useFormState();
  const msg = useMessage();
  const error = msg((get(errors, name) as { message?: string } | undefined)?.message);
  const control = { id, ...invalidProps(error, id), ...register(name) };
  return (
    <FormField id={id} label={label} error={error} hint={hint} className={className}>
      {rows ? (
        <Textarea rows={rows} maxLength={input.maxLength} {...control} />
      ) : (
        <Input {...input} {...control} />
      )}
    </FormField>
  );
}
