import type { MachinePageDto } from '@domain/schemas/machine-page';
import { useTranslation } from 'react-i18next';
import { formatUsage } from '@/components/equipment/format';
import { formatNumber, formatPercent } from '@/lib/format';
import { Figure } from './machine-figures';

/**
 * Its own figures beside its peers' over the last 30 days (issue 45): the fuel rate against the median
 * of the company's other machines of its type, flagged above 25 % ("uses 31% more fuel per hour than
 * your other machines of type Machinery"), and its usage per day against its type's median. The same
 * rows as the Fuel and Utilization reports (the page's own request).
 */
export function MachinePeers({
  unit,
  type,
  peers,
}: {
  unit: string;
  type: string;
  peers: MachinePageDto['peers'];
}) {
  const { t } = useTranslation('machines');
  const { t: te } = useTranslation('equipment');
  const { fuel, utilization: use } = peers;
  if (!fuel && !use) return null;
  const rate = (v: number | null) =>
    v === null || !fuel?.rateUnit ? '—' : `${formatNumber(v, 2)} ${fuel.rateUnit}`;
  const perDay = (v: number | null) =>
    v === null ? '—' : t('peers.perDay', { value: formatUsage(te, v, unit) });
  const typeName = te(`types.${type}`, { defaultValue: type });
  const vs =
    fuel?.percentAbovePeers == null
      ? null
      : t(fuel.percentAbovePeers >= 0 ? 'peers.more' : 'peers.less', {
          percent: formatPercent(Math.abs(fuel.percentAbovePeers) / 100, 0),
        });
  return (
    <section aria-labelledby="peers-heading" className="grid gap-2" data-testid="machine-peers">
      <h2 id="peers-heading" className="text-sm font-semibold text-muted-foreground">
        {t('peers.title', { type: typeName })}
      </h2>
      {fuel?.flagged ? (
        <p
          role="status"
          className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm font-medium text-amber-900"
          data-testid="fuel-flag"
        >
          {t(`peers.flag.${unit === 'hours' ? 'hours' : unit === 'miles' ? 'miles' : 'km'}`, {
            percent: formatPercent((fuel.percentAbovePeers ?? 0) / 100, 0),
            type: typeName,
          })}
        </p>
      ) : null}
      <dl className="grid grid-cols-2 gap-2 md:grid-cols-4">
        {fuel && unit !== 'n/a' ? (
          <Figure
            label={t('peers.fuelRate')}
            value={
              fuel.fuelRate === null
                ? t(`peers.reasons.${fuel.reason ?? 'no_usage'}`)
                : rate(fuel.fuelRate)
            }
            detail={[
              fuel.peerMedian === null
                ? t('peers.noPeers')
                : t('peers.peerMedian', { value: rate(fuel.peerMedian), count: fuel.peers }),
              vs,
            ]
              .filter(Boolean)
              .join(' · ')}
            tone={fuel.flagged ? 'warn' : undefined}
          />
        ) : null}
        {use && unit !== 'n/a' ? (
          <Figure
            label={t('peers.utilization')}
            value={perDay(use.perDay)}
            detail={[
              use.typeMedianPerDay === null
                ? null
                : t('peers.typeMedian', { value: perDay(use.typeMedianPerDay) }),
              use.idle ? t('peers.idle', { count: use.idleDays ?? 0 }) : null,
            ]
              .filter(Boolean)
              .join(' · ')}
            tone={use.idle ? 'warn' : undefined}
          />
        ) : null}
      </dl>
    </section>
  );
}
