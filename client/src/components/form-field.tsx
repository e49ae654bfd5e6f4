import type { ReactNode } from 'react';
import { FieldError, Label } from '@/components/ui/label';
import { cn } from '@/lib/utils';

/** A label, a control and its (translated) error, wired for screen readers by id. */
export function FormField({
  id,
  label,
  error,
  hint,
  className,
  labelClassName,
  children,
}: {
  id: string;
  label: string;
  error?: string | undefined;
  hint?: string;
  className?: string;
  labelClassName?: string;
  children: ReactNode;
}) {
  return (
    <div className={cn('grid gap-1.5', className)}>
      <Label htmlFor={id} className={labelClassName}>
        {label}
      </Label>
      {children}
      {hint && !error ? (
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}
