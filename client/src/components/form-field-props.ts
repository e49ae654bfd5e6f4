import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';

/**
 * A react-hook-form field's input props: registered, and marked invalid with its error's id (the one
 * `FormField` writes, `<name>-error`) so a screen reader reads the message with the field.
 */
export function fieldProps<T extends FieldValues, O extends FieldValues>(
  form: UseFormReturn<T, unknown, O>,
  name: Path<T>,
) {
  const { error } = form.getFieldState(name, form.formState);
  return {
    'aria-invalid': Boolean(error),
    'aria-describedby': error ? `${name}-error` : undefined,
    ...form.register(name),
  };
}

/**
 * A control's invalid mark and what a screen reader reads with it: the error `FormField` writes
 * (`<id>-error`) when there is one, else its hint (`<id>-hint`) when it has one.
 */
export function invalidProps(error: unknown, id: string, hint = false) {
  return {
    'aria-invalid': Boolean(error) || undefined,
    'aria-describedby': error ? `${id}-error` : hint ? `${id}-hint` : undefined,
  };
}
