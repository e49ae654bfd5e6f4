import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { cn } from '@/lib/utils';

/** A machine's name as a link to its page (/machines/:id, issue 24): every list names machines this way. */
export function MachineLink({
  id,
  children,
  className,
}: {
  id: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <Link
      to={`/machines/${id}`}
      className={cn(
        'font-medium text-primary underline-offset-2 hover:underline focus-visible:underline [overflow-wrap:anywhere]',
        className,
      )}
    >
      {children}
    </Link>
  );
}
