import { Cog, Hammer, Package, Truck } from 'lucide-react';
import { cn } from '@/lib/utils';

/** Category icons (spec section 9): vehicle truck, machinery cogs, tools hammer, other generic. */
export function TypeIcon({ type, className }: { type: string; className?: string }) {
  const Icon =
    type === 'vehicle' ? Truck : type === 'machinery' ? Cog : type === 'tools' ? Hammer : Package;
  return (
    <Icon
      className={cn('h-5 w-5 shrink-0 text-muted-foreground', className)}
      aria-hidden
      data-type-icon={type}
    />
  );
}
