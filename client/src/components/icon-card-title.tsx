import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { CardTitle } from '@/components/ui/card';
import { cn } from '@/lib/utils';

/** A card's title after its icon (hidden from screen readers: the words say it). */
export function IconCardTitle({
  icon: Icon,
  iconClassName,
  children,
}: {
  icon: LucideIcon;
  iconClassName?: string;
  children: ReactNode;
}) {
  return (
    <CardTitle className="flex items-center gap-2">
      <Icon className={cn('h-5 w-5', iconClassName)} aria-hidden />
      {children}
    </CardTitle>
  );
}
