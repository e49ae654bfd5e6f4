import type { ComponentProps } from 'react';
import { Input } from '@/components/ui/input';

/** An amount typed on the phone (48 px, none below 0, a tenth unless `step` says), reported as typed. */
export function AmountInput({
  step = 0.1,
  className = 'h-12 text-base',
  onChange,
  ...input
}: Omit<ComponentProps<typeof Input>, 'onChange'> & {
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <Input
      type="number"
      inputMode="decimal"
      min={0}
      step={step}
      onChange={(e) => onChange(e.target.value)}
      className={className}
      {...input}
    />
  );
}
