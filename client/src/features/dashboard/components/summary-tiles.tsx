import { AlertOctagon, AlertTriangle, CheckCircle2, Clock, Package } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/utils';

export type StatusFilter =
  'all' | 'good' | 'approaching_service' | 'time_for_service' | 'overdue' | 'no_schedule';

const TILES: {
  key: StatusFilter;
  label: string;
  icon: typeof Package;
  tone: string;
  active: string;
}[] = [
  {
    key: 'all',
    label: 'tiles.total',
    icon: Package,
    tone: 'text-slate-700',
    active: 'border-slate-700 ring-slate-700',
  },
  {
    key: 'good',
    label: 'tiles.good',
    icon: CheckCircle2,
    tone: 'text-green-700',
    active: 'border-green-600 ring-green-600',
  },
  {
    key: 'approaching_service',
    label: 'tiles.approaching',
    icon: Clock,
    tone: 'text-yellow-700',
    active: 'border-yellow-500 ring-yellow-500',
  },
  {
    key: 'time_for_service',
    label: 'tiles.due',
    icon: AlertTriangle,
    tone: 'text-orange-700',
    active: 'border-orange-500 ring-orange-500',
  },
  {
    key: 'overdue',
    label: 'tiles.overdue',
    icon: AlertOctagon,
    tone: 'text-red-700',
    active: 'border-red-600 ring-red-600',
  },
];

/**
 * Five clickable tiles with counts from the one status engine; the active one is highlighted. Machines
 * with no schedule are counted apart ("No schedule: 1", a filter of its own), never as Good.
 */
export function SummaryTiles({
  counts,
  active,
  onSelect,
}: {
  counts: Record<StatusFilter, number>;
  active: StatusFilter;
  onSelect: (s: StatusFilter) => void;
}) {
  const { t } = useTranslation('dashboard');
  return (
    <div role="group" aria-label={t('tiles.label')} className="grid gap-2">
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
        {TILES.map(({ key, label, icon: Icon, tone, active: activeCls }) => {
          const isActive = active === key;
          return (
            <button
              key={key}
              type="button"
              aria-pressed={isActive}
              onClick={() => onSelect(key)}
              className={cn(
                'flex flex-col items-start gap-1 rounded-lg border bg-card p-4 text-left shadow-sm transition hover:bg-accent focus-visible:outline-2 focus-visible:outline-ring',
                key === 'all' && 'col-span-2 sm:col-span-1',
                isActive && `ring-2 ${activeCls} bg-accent`,
              )}
            >
              <span className={cn('flex items-center gap-2 text-sm font-medium', tone)}>
                <Icon className="h-4 w-4" aria-hidden />
                {t(label)}
              </span>
              <span className="text-3xl font-bold tabular-nums" data-testid={`tile-count-${key}`}>
                {counts[key]}
              </span>
            </button>
          );
        })}
      </div>
      {counts.no_schedule > 0 || active === 'no_schedule' ? (
        <button
          type="button"
          aria-pressed={active === 'no_schedule'}
          onClick={() => onSelect(active === 'no_schedule' ? 'all' : 'no_schedule')}
          data-testid="tile-count-no_schedule"
          className={cn(
            'justify-self-start rounded-md px-2 py-1 text-sm text-muted-foreground underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-ring',
            active === 'no_schedule' && 'bg-accent font-medium text-foreground',
          )}
        >
          {t('tiles.noSchedule', { count: counts.no_schedule })}
        </button>
      ) : null}
    </div>
  );
}
