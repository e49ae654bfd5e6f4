import { partsText } from '@domain/csv';
import type { DueTask } from '@domain/schemas/maintenance';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ForecastText } from '@/components/equipment/forecast-text';
import { formatUsage } from '@/components/equipment/format';
import { MachineLink } from '@/components/equipment/machine-link';
import { StatusBadge } from '@/components/equipment/status-badge';
import { useTaskWords } from '@/components/schedule/task-words';
import { Card } from '@/components/ui/card';
import { formatDate, formatUsd } from '@/lib/format';

/** A machine on Due soon: its name once, then one row per task of it that is due (issue 40). */
export function DueMachineCard({ tasks }: { tasks: DueTask[] }) {
  const { t } = useTranslation('maintenance');
  const { t: te } = useTranslation('equipment');
  const m = tasks[0]!.machine;
  return (
    <Card className="grid gap-2 p-3 print:shadow-none" data-testid="due-item">
      <div className="flex min-w-0 flex-wrap items-baseline gap-x-2">
        <h3 className="min-w-0 truncate font-semibold">
          <MachineLink id={m.id} className="font-semibold">
            {m.name}
          </MachineLink>
        </h3>
        <p className="text-xs text-muted-foreground">
          {te(`types.${m.type}`, { defaultValue: m.type })} ·{' '}
          {formatUsage(te, m.currentUsage, m.unit)}
        </p>
      </div>
      <ul className="grid gap-2" aria-label={t('tasksOf', { machine: m.name })}>
        {tasks.map((r) => (
          <DueTaskRow key={r.task.id} r={r} />
        ))}
      </ul>
    </Card>
  );
}

function DueTaskRow({ r }: { r: DueTask }) {
  const { t } = useTranslation('maintenance');
  const { t: te } = useTranslation('equipment');
  const { t: ts } = useTranslation('schedule');
  const words = useTaskWords();
  const name = words.name(r.task);
  const dueAt = [
    r.dueAt.usage !== null && r.machine.unit !== 'n/a'
      ? t('atUsage', { value: formatUsage(te, r.dueAt.usage, r.machine.unit) })
      : null,
    r.dueAt.date ? formatDate(r.dueAt.date) : null,
  ].filter(Boolean);
  return (
    <li
      className="grid grid-cols-1 gap-1 border-t pt-2 first:border-t-0 first:pt-0 sm:grid-cols-[minmax(0,2fr)_minmax(0,3fr)_minmax(0,2fr)] sm:items-start sm:gap-3 print:grid-cols-[2fr_3fr_2fr]"
      data-testid="due-task"
    >
      <div className="min-w-0">
        <p className="font-medium">
          {name}
          {r.task.category !== 'service' ? (
            <span className="ml-2 rounded-full border px-2 py-0.5 text-xs font-normal text-muted-foreground">
              {ts(`categories.${r.task.category}`)}
            </span>
          ) : null}
        </p>
        {dueAt.length > 0 ? (
          <p className="text-xs text-muted-foreground">
            {t('dueAt', { what: dueAt.join(t('or')) })} ·{' '}
            {r.basis === 'calendar' ? t('basisCalendar') : t('basisUsage')}
          </p>
        ) : null}
      </div>
      <div className="grid justify-items-start gap-1">
        <StatusBadge status={{ serviceStatus: r.status, hasSchedule: true }} />
        <ForecastText
          e={{
            unit: r.machine.unit,
            currentUsage: r.machine.currentUsage,
            forecast: {
              dueDate: r.forecastDate,
              basis: r.basis,
              daysUntil: r.daysLeft,
              perDay: r.perDay,
              noUsageForecast: null,
              dueAtUsage: r.dueAt.usage,
            },
            status: {
              overdueUsage: r.overdueUsage,
              serviceStatus: r.status,
              usageStatus: r.usageStatus,
            },
          }}
          className="text-sm text-foreground"
        />
      </div>
      <div className="grid gap-1 text-sm">
        <p>
          <span className="text-muted-foreground">{t('parts')}: </span>
          {r.task.parts.length ? partsText(r.task.parts) : t('noParts')}
          {r.task.estimatedCost !== null ? ` · ${formatUsd(r.task.estimatedCost)}` : ''}
        </p>
        <Link
          to={`/work-orders?equipmentId=${r.machine.id}&taskId=${r.task.id}`}
          className="no-print font-medium text-primary underline"
          aria-label={t('createWorkOrderFor', { task: name, machine: r.machine.name })}
        >
          {t('createWorkOrder')}
        </Link>
      </div>
    </li>
  );
}
