import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { FormField } from '@/components/form-field';
import { fieldProps } from '@/components/form-field-props';
import { PasswordInput } from '@/components/ui/password-input';
import { useMessage } from '@/lib/use-message';

/** A password of a react-hook-form form: its label, the show/hide input, a hint and its error. */
export function PasswordField<T extends FieldValues, O extends FieldValues>({
  form,
  name,
  label,
  hint,
  autoComplete = 'new-password',
}: {
  form: UseFormReturn<T, unknown, O>;
  name: Path<T>;
  label: string;
  hint?: string;
  autoComplete?: 'new-password' | 'current-password';
}) {
  const msg = useMessage();
  const { error } = form.getFieldState(name, form.formState);
  return (
    <FormField id={name} label={label} error={msg(error?.message)} {...(hint ? { hint } : {})}>
      <PasswordInput id={name} autoComplete={autoComplete} {...fieldProps(form, name)} />
    </FormField>
  );
}
