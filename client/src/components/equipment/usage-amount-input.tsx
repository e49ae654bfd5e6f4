import type { ComponentProps } from 'react';
import { invalidProps } from '@/components/form-field-props';
import { Input } from '@/components/ui/input';

/**
 * A meter figure to type (Update Usage's increase, Record a reading's total): a decimal to the tenth,
 * required and focused first, marked invalid with its error (`FormField`'s `<id>-error`).
 */
export function UsageAmountInput({
  id,
  error,
  ...props
}: ComponentProps<typeof Input> & { id: string; error: string | undefined }) {
  return (
    <Input
      id={id}
      type="number"
      inputMode="decimal"
      step="0.1"
      min="0"
      required
      autoFocus
      {...invalidProps(error, id)}
      {...props}
    />
  );
}
