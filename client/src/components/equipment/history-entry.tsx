/** A machine's history entry as the Notes & History dialog and the machine page's timeline show it. */
import { partsText } from '@domain/csv';
import { volumeIn } from '@domain/fuel';
import type { FieldChange, HistoryRecordDto } from '@domain/schemas/equipment';
import { Undo2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { deviceLabel } from '@/lib/device-label';
import { formatDate, formatDateTime, formatNumber, formatUsd } from '@/lib/format';
import { cn } from '@/lib/utils';
import { entryText, useHistoryLang, useVolumeUnit } from './entry-text';
import { formatUsage } from './format';

const TYPE_CLASS: Record<HistoryRecordDto['noteType'], string> = {
  note: 'bg-blue-100 text-blue-900',
  usage_update: 'bg-slate-100 text-slate-800',
  maintenance: 'bg-green-100 text-green-900',
  change: 'bg-amber-100 text-amber-900',
  retired: 'bg-zinc-200 text-zinc-900',
  restored: 'bg-teal-100 text-teal-900',
  inspection: 'bg-indigo-100 text-indigo-900',
  defect_resolved: 'bg-green-100 text-green-900',
  out_of_service: 'bg-red-100 text-red-900',
  in_service: 'bg-teal-100 text-teal-900',
  defect_opened: 'bg-red-100 text-red-900',
  photo: 'bg-slate-100 text-slate-800',
  work_order: 'bg-orange-100 text-orange-900',
  document: 'bg-violet-100 text-violet-900',
};

type T = ReturnType<typeof useTranslation<'equipment'>>['t'];

/** The toast after a void: a reading's usage recalculated, or a service taken back (issue 43). */
export function voidDone(t: T, h: HistoryRecordDto, name: string) {
  return h.kind === 'service'
    ? { title: t('void.serviceDone'), description: t('void.serviceDoneBody', { name }) }
    : { title: t('void.done'), description: t('void.doneBody', { name }) };
}

export function describeReading(t: T, h: HistoryRecordDto, unit: string): string {
  if (h.kind === 'service')
    return t('void.whatService', {
      date: formatDate(h.service?.serviceDate ?? h.createdAt.slice(0, 10)),
      who: h.operatorName ?? '—',
    });
  return t('void.what', {
    usage: h.usage === null ? '—' : formatUsage(t, h.usage, unit),
    date: formatDateTime(h.createdAt),
    who: h.operatorName ?? '—',
  });
}

/** One history entry: its kind, text, reading, service, changes and void, with a Void button when allowed. */
export function HistoryEntry({
  entry: h,
  unit,
  onVoid,
  children,
}: {
  entry: HistoryRecordDto;
  unit: string;
  onVoid?: () => void;
  /** What a screen adds below the entry (the machine page's photo and work-order links). */
  children?: ReactNode;
}) {
  const { t } = useTranslation('equipment');
  const lang = useHistoryLang();
  const volumeUnit = useVolumeUnit();
  const voided = h.voided !== null;
  return (
    <li className="grid gap-1 p-3 text-sm" data-testid="history-entry">
      <div className="flex items-start gap-2">
        <div className="flex min-w-0 flex-1 flex-wrap items-center gap-x-3 gap-y-1">
          <span
            className={`rounded-full px-2 py-0.5 text-xs font-semibold ${TYPE_CLASS[h.noteType]}`}
          >
            {t(`noteTypes.${h.noteType}`)}
          </span>
          <span className="text-muted-foreground">{formatDateTime(h.createdAt)}</span>
          {h.operatorName && (
            <span className="min-w-0 text-muted-foreground [overflow-wrap:anywhere]">
              {h.operatorName}
            </span>
          )}
          {h.usage !== null && (
            <span className={cn('font-medium', voided && 'line-through opacity-70')}>
              {formatUsage(t, h.usage, unit)}
            </span>
          )}
        </div>
        {onVoid ? (
          <Button
            type="button"
            variant="ghost"
            size="sm"
            className="h-9 shrink-0 text-destructive hover:text-destructive"
            onClick={onVoid}
          >
            <Undo2 aria-hidden /> {t('void.action')}
          </Button>
        ) : null}
      </div>
      <p className={cn('whitespace-pre-wrap wrap-anywhere', voided && 'line-through opacity-70')}>
        {entryText(lang, h, true, volumeUnit)}
      </p>
      {h.hasPhoto && h.operatorUpdateId ? (
        <a
          href={`/api/field/photos/${h.operatorUpdateId}`}
          target="_blank"
          rel="noreferrer"
          className="w-fit"
        >
          <img
            src={`/api/field/photos/${h.operatorUpdateId}`}
            alt={t('notes.photoAlt', { who: h.operatorName ?? '' })}
            loading="lazy"
            className="h-24 w-24 rounded-md border object-cover"
          />
        </a>
      ) : null}
      {h.device ? (
        <p className="text-xs text-muted-foreground">{deviceLabel(h.device, t)}</p>
      ) : null}
      {h.fuelAdded !== null && h.kind !== 'fuel' ? (
        <p className={cn('text-muted-foreground', voided && 'line-through')}>
          {t('notes.fuel', {
            amount: formatNumber(volumeIn(h.fuelAdded, volumeUnit), 1),
            unit: volumeUnit,
            type: t(`fuelShort.${h.fuelType ?? 'gas'}`, { defaultValue: h.fuelType ?? '' }),
          })}
        </p>
      ) : null}
      {h.overTank && !voided ? (
        <Badge variant="warning" className="w-fit" data-testid="over-tank">
          {t('notes.overTank')}
        </Badge>
      ) : null}
      {h.service ? (
        <dl
          className="grid grid-cols-1 gap-x-4 gap-y-0.5 sm:grid-cols-2"
          data-testid="service-details"
        >
          <div>
            <dt className="inline text-muted-foreground">{t('notes.serviceDate')}: </dt>
            <dd className="inline">{formatDate(h.service.serviceDate)}</dd>
          </div>
          {h.service.cost !== null ? (
            <div>
              <dt className="inline text-muted-foreground">{t('notes.cost')}: </dt>
              <dd className="inline">{formatUsd(h.service.cost)}</dd>
            </div>
          ) : null}
          {h.service.performedBy ? (
            <div>
              <dt className="inline text-muted-foreground">{t('notes.performedBy')}: </dt>
              <dd className="inline">{h.service.performedBy}</dd>
            </div>
          ) : null}
          {h.service.parts.length > 0 ? (
            <div className="sm:col-span-2">
              <dt className="inline text-muted-foreground">{t('notes.parts')}: </dt>
              <dd className="inline">{partsText(h.service.parts)}</dd>
            </div>
          ) : null}
        </dl>
      ) : null}
      {h.changes?.length ? (
        <ul className="grid gap-0.5" data-testid="changes">
          {h.changes.map((c) => (
            <li key={c.field}>
              <span className="text-muted-foreground">
                {t(`fields.${c.field}`, { defaultValue: c.field })}:
              </span>{' '}
              <span>{formatValue(t, c, c.from, unit)}</span>
              {' → '}
              <strong>{formatValue(t, c, c.to, unit)}</strong>
            </li>
          ))}
        </ul>
      ) : null}
      {h.voided ? (
        <p className="text-destructive" data-testid="voided">
          {t('void.by', {
            who: h.voided.by ?? '—',
            date: formatDateTime(h.voided.at),
            reason: h.voided.reason,
          })}
        </p>
      ) : null}
      {children}
    </li>
  );
}

/** A changed field's old or new value, as the form shows it. */
function formatValue(t: T, c: FieldChange, v: unknown, unit: string): string {
  if (v === null || v === undefined || v === '') return '—';
  if (typeof v === 'boolean') return v ? t('yes') : t('no');
  if (c.field === 'type') return t(`types.${String(v)}`, { defaultValue: String(v) });
  if (c.field === 'unit') return t(`unitOptions.${String(v)}`, { defaultValue: String(v) });
  if (c.field === 'maintenanceIntervalUnit')
    return t(`intervalUnits.${String(v)}`, { defaultValue: String(v) });
  if (c.field === 'serviceParts' && Array.isArray(v))
    return v.length ? partsText(v as { part: string }[]) : '—';
  if (typeof v === 'number')
    return ['serviceInterval', 'lastServiceUsage', 'threshold', 'currentUsage'].includes(c.field)
      ? formatUsage(t, v, unit)
      : formatNumber(v, 2);
  if (typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v)) return formatDate(v);
  return String(v);
}
