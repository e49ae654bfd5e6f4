import type { ReactNode } from 'react';
import { Checkbox } from '@/components/ui/checkbox';
import { Label } from '@/components/ui/label';

/**
 * A yes/no choice: a checkbox, its label and a hint under it that a screen reader reads with it
 * (`<id>-hint`). `large`: a bigger box and hint, for a settings card.
 */
export function HintedCheckbox({
  id,
  label,
  hint,
  checked,
  onCheckedChange,
  large = false,
}: {
  id: string;
  label: ReactNode;
  hint: ReactNode;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  large?: boolean;
}) {
  return (
    <div className={large ? 'flex items-start gap-3' : 'flex items-start gap-2'}>
      <Checkbox
        id={id}
        checked={checked}
        onCheckedChange={(v) => onCheckedChange(v === true)}
        aria-describedby={`${id}-hint`}
        className={large ? 'mt-0.5 h-5 w-5' : 'mt-0.5'}
      />
      <div className="grid gap-0.5">
        <Label htmlFor={id}>{label}</Label>
        <p
          id={`${id}-hint`}
          className={large ? 'text-sm text-muted-foreground' : 'text-xs text-muted-foreground'}
        >
          {hint}
        </p>
      </div>
    </div>
  );
}
