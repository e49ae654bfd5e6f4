import type { EquipmentStatus } from '@domain/status';
import { statusColour } from '@domain/status';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/utils';

const COLOUR_CLASS = {
  green: 'bg-green-100 text-green-900 border-green-200',
  yellow: 'bg-yellow-100 text-yellow-900 border-yellow-200',
  orange: 'bg-orange-100 text-orange-900 border-orange-200',
  red: 'bg-red-100 text-red-900 border-red-200',
  gray: 'bg-slate-100 text-slate-700 border-slate-200',
} as const;

/** The one status engine's result as a badge (Good / Approaching Service / Time for Service / Overdue / No schedule). */
export function StatusBadge({
  status,
  pulse = false,
  className,
}: {
  /** `critical` and `severelyCritical` are read only with `pulse`. */
  status: Pick<EquipmentStatus, 'serviceStatus' | 'hasSchedule'> &
    Partial<Pick<EquipmentStatus, 'critical' | 'severelyCritical'>>;
  pulse?: boolean;
  className?: string;
}) {
  const { t } = useTranslation('equipment');
  const label = status.hasSchedule ? t(`status.${status.serviceStatus}`) : t('status.noSchedule');
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-full border px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap',
        COLOUR_CLASS[statusColour(status)],
        pulse && status.severelyCritical
          ? 'pulse-severe'
          : pulse && status.critical
            ? 'pulse-critical'
            : '',
        className,
      )}
      data-status={status.hasSchedule ? status.serviceStatus : 'none'}
    >
      {label}
    </span>
  );
}

/** Translated label for exports and titles. */
export function useStatusLabel() {
  const { t } = useTranslation('equipment');
  return (status: Pick<EquipmentStatus, 'serviceStatus' | 'hasSchedule'>) =>
    status.hasSchedule ? t(`status.${status.serviceStatus}`) : t('status.noSchedule');
}

/** A machine out of service (issue 16), beside its status wherever the machine is listed. */
export function OutOfServiceBadge({
  outOfService,
}: {
  outOfService: { reason: string } | null | undefined;
}) {
  const { t } = useTranslation('equipment');
  if (!outOfService) return null;
  return (
    <span
      title={outOfService.reason}
      className="ml-1 inline-flex items-center rounded-full border border-red-800 bg-red-700 px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap text-white"
    >
      {t('outOfService')}
    </span>
  );
}
