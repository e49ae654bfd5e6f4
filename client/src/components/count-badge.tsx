import { Badge } from '@/components/ui/badge';

/** A count beside a heading (open defects, machines out of service): green when none, else `variant`. */
export function CountBadge({
  count,
  variant = 'destructive',
}: {
  count: number;
  variant?: 'destructive' | 'warning';
}) {
  return <Badge variant={count ? variant : 'success'}>{count}</Badge>;
}
