import type { EquipmentDto } from '@domain/schemas/equipment';
import type { MachinePageDto } from '@domain/schemas/machine-page';
import { useTranslation } from 'react-i18next';
import { formatUsage } from '@/components/equipment/format';
import { volumeIn } from '@domain/fuel';
import { useCurrentUser } from '@/lib/auth';
import { formatDate, formatDateTime, formatNumber, formatUsd } from '@/lib/format';
import { cn } from '@/lib/utils';

export function Figure({
  label,
  value,
  detail,
  tone,
}: {
  label: string;
  value: string;
  detail?: string | null;
  tone?: 'bad' | 'warn';
}) {
  return (
    <div className="grid content-start gap-0.5 rounded-md border bg-white p-3">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd
        className={cn(
          'text-lg font-semibold [overflow-wrap:anywhere]',
          tone === 'bad' && 'text-red-700',
          tone === 'warn' && 'text-orange-800',
        )}
      >
        {value}
      </dd>
      {detail ? <dd className="text-xs text-muted-foreground">{detail}</dd> : null}
    </div>
  );
}

/**
 * The machine's figures: current usage and its last reading, next service, last service, what is
 * left (or how far overdue), total fuel, total maintenance cost and cost per hour / mile / km.
 */
export function MachineFigures({
  equipment: e,
  figures,
}: {
  equipment: EquipmentDto;
  figures: MachinePageDto['figures'];
}) {
  const { t } = useTranslation('machines');
  const { t: te } = useTranslation('equipment');
  const usage = (v: number) => formatUsage(te, v, e.unit);
  // Fuel in the company's unit (stored in gallons; converted once, here: domain/fuel.ts).
  const volumeUnit = useCurrentUser().user?.volumeUnit ?? 'gal';
  const volume = (gallons: number) => formatNumber(volumeIn(gallons, volumeUnit), 1);
  const s = e.status;
  const meter = e.unit !== 'n/a';
  const left: string[] = [];
  let tone: 'bad' | 'warn' | undefined;
  if (s.remainingUsage !== null && meter) {
    if (s.remainingUsage < 0) tone = 'bad';
    left.push(
      s.remainingUsage < 0
        ? t('figures.usageOverdue', { value: usage(-s.remainingUsage) })
        : t('figures.usageLeft', { value: usage(s.remainingUsage) }),
    );
  }
  if (s.daysUntilMaintenance !== null) {
    if (s.daysUntilMaintenance < 0) tone = 'bad';
    left.push(
      s.daysUntilMaintenance < 0
        ? t('figures.daysOverdue', { count: -s.daysUntilMaintenance })
        : t('figures.daysLeft', { count: s.daysUntilMaintenance }),
    );
  }
  if (
    !tone &&
    (s.serviceStatus === 'approaching_service' || s.serviceStatus === 'time_for_service')
  )
    tone = 'warn';
  const nextAt = [
    meter && s.nextServiceUsage !== null ? usage(s.nextServiceUsage) : null,
    e.nextMaintenanceDate ? formatDate(e.nextMaintenanceDate) : null,
  ].filter((v): v is string => v !== null);
  const fuelDetail =
    e.totalGasUsed > 0 || e.totalDieselUsed > 0
      ? t('figures.fuelSplit', {
          gas: volume(e.totalGasUsed),
          diesel: volume(e.totalDieselUsed),
        })
      : null;
  return (
    <section aria-labelledby="figures-heading">
      <h2 id="figures-heading" className="sr-only">
        {t('figures.title')}
      </h2>
      <dl className="grid grid-cols-2 gap-2 md:grid-cols-4" data-testid="figures">
        <Figure
          label={t('figures.currentUsage')}
          value={meter ? usage(e.currentUsage) : '—'}
          detail={t('figures.lastReading', { date: formatDateTime(e.lastReadingAt) })}
        />
        <Figure label={t('figures.nextService')} value={nextAt.join(' · ') || '—'} />
        <Figure
          label={t('figures.lastService')}
          value={e.lastServiceDate ? formatDate(e.lastServiceDate) : '—'}
          detail={
            e.lastServiceDate && meter
              ? t('figures.atUsage', { value: usage(e.lastServiceUsage) })
              : null
          }
        />
        <Figure
          label={t('figures.left')}
          value={left[0] ?? (s.hasSchedule ? '—' : te('status.noSchedule'))}
          detail={left[1] ?? null}
          tone={tone}
        />
        <Figure
          label={t('figures.totalFuel')}
          value={t('figures.volume', { value: volume(e.totalFuelUsed), unit: volumeUnit })}
          detail={fuelDetail}
        />
        <Figure
          label={t('figures.totalCost')}
          value={formatUsd(figures.totalMaintenanceCost)}
          detail={[
            t('figures.services', { count: figures.serviceCount }),
            figures.workOrderCount > 0
              ? t('figures.workOrders', { count: figures.workOrderCount })
              : null,
          ]
            .filter(Boolean)
            .join(' · ')}
        />
        <Figure
          label={t('figures.costPerUnit', {
            unit: te(`perUnit.${e.unit}`, { defaultValue: e.unit }),
          })}
          value={figures.costPerUnit === null ? '—' : formatUsd(figures.costPerUnit)}
          detail={
            figures.usageTracked > 0 && meter
              ? t('figures.over', { value: usage(figures.usageTracked) })
              : null
          }
        />
        <Figure
          label={t('figures.ownership')}
          value={formatUsd(figures.totalCost)}
          detail={[
            t('figures.fuelCost', { amount: formatUsd(figures.fuelCost) }),
            figures.totalCostPerUnit === null
              ? null
              : t('figures.perUnitAmount', {
                  amount: formatUsd(figures.totalCostPerUnit),
                  unit: te(`perUnit.${e.unit}`, { defaultValue: e.unit }),
                }),
          ]
            .filter(Boolean)
            .join(' · ')}
        />
      </dl>
    </section>
  );
}
