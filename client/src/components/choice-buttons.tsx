import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';

/**
 * A row of buttons of which one is chosen (a radiogroup named `label`; the chosen button filled, the
 * others outlined). `children` stand before the buttons, inside the group.
 */
export function ChoiceButtons<T extends string | number>({
  label,
  options,
  value,
  onChange,
  text,
  buttonClassName,
  children,
}: {
  label: string;
  options: readonly T[];
  value: T;
  onChange: (next: T) => void;
  text: (option: T) => string;
  buttonClassName?: string;
  children?: ReactNode;
}) {
  return (
    <div role="radiogroup" aria-label={label} className="flex flex-wrap gap-2">
      {children}
      {options.map((o) => (
        <Button
          key={o}
          role="radio"
          aria-checked={value === o}
          variant={value === o ? 'default' : 'outline'}
          className={buttonClassName}
          onClick={() => onChange(o)}
        >
          {text(o)}
        </Button>
      ))}
    </div>
  );
}
