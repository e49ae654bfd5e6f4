import { Cog, Hammer, Package, Truck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { EquipmentDto } from '@domain/schemas/equipment';
import { Badge } from '@/components/ui/badge';

const ICONS = { vehicle: Truck, machinery: Cog, tools: Hammer } as const;

export function OverviewTypeIcon({ type }: { type: string }) {
  const { t } = useTranslation('dashboard');
  const Icon = ICONS[type as keyof typeof ICONS] ?? Package;
  return <Icon className="h-4 w-4 shrink-0 text-muted-foreground" role="img" aria-label={t(`types.${type}`, { defaultValue: type })} />;
}

const VARIANT = { good: 'success', approaching_service: 'secondary', time_for_service: 'warning', overdue: 'destructive' } as const;

export function OverviewStatusBadge({ e }: { e: EquipmentDto }) {
  const { t } = useTranslation('dashboard');
  if (!e.status.hasSchedule) return <Badge variant="outline">{t('overview.noSchedule')}</Badge>;
  return <Badge variant={VARIANT[e.status.serviceStatus]}>{t(`statuses.${e.status.serviceStatus}`)}</Badge>;
}
