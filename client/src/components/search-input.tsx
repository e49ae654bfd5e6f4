import { Search } from 'lucide-react';
import type { InputHTMLAttributes } from 'react';
import { Input } from '@/components/ui/input';
import { cn } from '@/lib/utils';

/**
 * A search box with the magnifier drawn inside it on the left: an Input of type search, every prop
 * passed to it; `wrapperClassName` styles the box around both.
 */
export function SearchInput({
  className,
  wrapperClassName,
  ...props
}: Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> & { wrapperClassName?: string }) {
  return (
    <div className={cn('relative', wrapperClassName)}>
      <Search
        className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-muted-foreground"
        aria-hidden
      />
      <Input type="search" className={cn('pl-9', className)} {...props} />
    </div>
  );
}
