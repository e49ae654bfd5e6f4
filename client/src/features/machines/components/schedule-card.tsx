import { daysBetween } from '@domain/dates';
import type { EquipmentDto } from '@domain/schemas/equipment';
import type { TaskDto } from '@domain/schemas/schedule';
import { statusColour } from '@domain/status';
import { CalendarClock, Layers, Pencil, Plus, Trash2, Unlink, Wrench } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatUsage } from '@/components/equipment/format';
import { ServiceDialog } from '@/components/equipment/lazy-dialogs';
import { StatusBadge } from '@/components/equipment/status-badge';
import { useTaskWords } from '@/components/schedule/task-words';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { companyToday } from '@/lib/auth';
import { formatDate, formatUsd } from '@/lib/format';
import { cn } from '@/lib/utils';

// The task form, Apply program and the remove confirmation load when first opened (their own chunks).
const TaskFormDialog = lazy(() => import('./task-form-dialog'));
const RemoveTaskDialog = lazy(() =>
  import('./task-form-dialog').then((m) => ({ default: m.RemoveTaskDialog })),
);
const ApplyProgramDialog = lazy(() => import('@/components/schedule/apply-program-dialog'));
const RemoveProgramDialog = lazy(() => import('./remove-program-dialog'));

const BAR = {
  green: 'bg-green-600',
  yellow: 'bg-yellow-500',
  orange: 'bg-orange-500',
  red: 'bg-red-600',
  gray: 'bg-slate-400',
} as const;

/** How much of an interval is used, as a bar (its own status colour), with its words beside it. */
function Bar({
  label,
  percent,
  text,
  colour,
}: {
  label: string;
  percent: number;
  text: string;
  colour: keyof typeof BAR;
}) {
  const shown = Math.max(0, Math.min(100, percent));
  return (
    <div className="grid gap-0.5">
      <div className="flex justify-between gap-2 text-xs text-muted-foreground">
        <span>{label}</span>
        <span>{text}</span>
      </div>
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.round(shown)}
        aria-valuetext={text}
        className="h-2 w-full overflow-hidden rounded-full bg-muted"
      >
        <div className={cn('h-full rounded-full', BAR[colour])} style={{ width: `${shown}%` }} />
      </div>
    </div>
  );
}

/** The share of a task's time interval gone by today (null without a last done date and a due date). */
export function daysUsedPercent(task: TaskDto, today: string): number | null {
  const { date: from } = task.lastDone;
  const to = task.next.date;
  if (!from || !to) return null;
  const total = daysBetween(from, to);
  return total > 0 ? (daysBetween(from, today) / total) * 100 : 100;
}

type Dialog =
  | { kind: 'add' }
  | { kind: 'edit'; task: TaskDto }
  | { kind: 'remove'; task: TaskDto }
  | { kind: 'done'; task: TaskDto }
  | { kind: 'apply' }
  | { kind: 'removeProgram' };

/**
 * The machine page's "Maintenance schedule" card (issue 40): every task with a bar for the usage and
 * the days used, its next due (usage and/or date, and the forecast), its status, and Mark done (Mark as
 * Serviced with that task chosen), edit and remove. Add task and Apply program are one click away.
 */
export function ScheduleCard({
  equipment: e,
  tasks,
}: {
  equipment: EquipmentDto;
  tasks: TaskDto[];
}) {
  const { t } = useTranslation('schedule');
  const { t: te } = useTranslation('equipment');
  const words = useTaskWords();
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const today = companyToday();
  const active = e.retiredAt === null;
  const close = (o: boolean) => (o ? undefined : setDialog(null));
  const programIds = [...new Set(tasks.flatMap((x) => (x.programId ? [x.programId] : [])))];
  return (
    <Card role="region" aria-labelledby="schedule-title" data-testid="schedule-card">
      <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-2 space-y-0 pb-2">
        <CardTitle id="schedule-title" className="text-base">
          {t('card.title')}
        </CardTitle>
        {active ? (
          <div className="no-print flex flex-wrap gap-2">
            <Button size="sm" variant="outline" onClick={() => setDialog({ kind: 'add' })}>
              <Plus aria-hidden /> {t('card.addTask')}
            </Button>
            <Button size="sm" variant="outline" onClick={() => setDialog({ kind: 'apply' })}>
              <Layers aria-hidden /> {t('card.applyProgram')}
            </Button>
            {programIds.length ? (
              <Button
                size="sm"
                variant="ghost"
                onClick={() => setDialog({ kind: 'removeProgram' })}
              >
                <Unlink aria-hidden /> {t('removeProgram.button')}
              </Button>
            ) : null}
          </div>
        ) : null}
      </CardHeader>
      <CardContent className="text-sm">
        {tasks.length === 0 ? (
          <p className="text-muted-foreground">{t('card.empty')}</p>
        ) : (
          <ul className="grid gap-3 md:grid-cols-2">
            {tasks.map((task) => {
              const name = words.name(task);
              const colour = statusColour({ serviceStatus: task.status, hasSchedule: true });
              const days = daysUsedPercent(task, today);
              const dayCount = task.next.date ? daysBetween(today, task.next.date) : null;
              return (
                <li
                  key={task.id}
                  className="grid content-start gap-2 rounded-md border p-3"
                  data-testid="schedule-task"
                  aria-label={name}
                >
                  <div className="flex flex-wrap items-start justify-between gap-2">
                    <div className="grid min-w-0 gap-0.5">
                      <span className="font-semibold wrap-anywhere">{name}</span>
                      <span className="text-xs text-muted-foreground">
                        {t(`categories.${task.category}`)} · {words.interval(task, e.unit)}
                      </span>
                      {task.changedFromProgram ? (
                        <span className="text-xs text-muted-foreground">{t('card.changed')}</span>
                      ) : task.programId ? (
                        <span className="text-xs text-muted-foreground">
                          {t('card.fromProgram')}
                        </span>
                      ) : null}
                    </div>
                    <StatusBadge status={{ serviceStatus: task.status, hasSchedule: true }} />
                  </div>
                  {task.percentUsed !== null && task.everyUsage !== null ? (
                    <Bar
                      label={t('card.usageUsed')}
                      percent={task.percentUsed}
                      colour={colour}
                      text={`${Math.round(task.percentUsed)} %`}
                    />
                  ) : null}
                  {days !== null && dayCount !== null ? (
                    <Bar
                      label={t('card.daysUsed')}
                      percent={days}
                      colour={colour}
                      text={
                        dayCount < 0
                          ? t('card.daysPast', { count: -dayCount })
                          : t('card.daysLeft', { count: dayCount })
                      }
                    />
                  ) : null}
                  <p className="flex flex-wrap items-center gap-x-2 gap-y-0.5">
                    <CalendarClock className="h-4 w-4 text-muted-foreground" aria-hidden />
                    <span className="font-medium">{t('card.nextDue')}:</span>
                    {[
                      task.next.usage !== null && e.unit !== 'n/a'
                        ? formatUsage(te, task.next.usage, e.unit)
                        : null,
                      task.next.date ? formatDate(task.next.date) : null,
                    ]
                      .filter(Boolean)
                      .join(' · ') || '—'}
                    {task.forecastDate && task.forecastDate !== task.next.date ? (
                      <span className="text-muted-foreground">
                        ({t('card.about', { date: formatDate(task.forecastDate) })})
                      </span>
                    ) : null}
                  </p>
                  {task.parts.length || task.estimatedCost !== null ? (
                    <p className="text-xs text-muted-foreground">
                      {[
                        task.parts.map((p) => (p.qty ? `${p.part} × ${p.qty}` : p.part)).join(', '),
                        task.estimatedCost !== null ? formatUsd(task.estimatedCost) : '',
                      ]
                        .filter(Boolean)
                        .join(' · ')}
                    </p>
                  ) : null}
                  {active ? (
                    <div className="no-print flex flex-wrap gap-1">
                      <Button
                        size="sm"
                        onClick={() => setDialog({ kind: 'done', task })}
                        aria-label={t('card.markDoneFor', { name })}
                      >
                        <Wrench aria-hidden /> {t('card.markDone')}
                      </Button>
                      <Button
                        size="sm"
                        variant="ghost"
                        onClick={() => setDialog({ kind: 'edit', task })}
                        aria-label={t('card.editFor', { name })}
                      >
                        <Pencil aria-hidden /> {t('card.edit')}
                      </Button>
                      {task.primary ? null : (
                        <Button
                          size="sm"
                          variant="ghost"
                          className="text-destructive"
                          onClick={() => setDialog({ kind: 'remove', task })}
                          aria-label={t('card.removeFor', { name })}
                        >
                          <Trash2 aria-hidden /> {t('card.remove')}
                        </Button>
                      )}
                    </div>
                  ) : null}
                  {task.primary ? (
                    <p className="text-xs text-muted-foreground">{t('card.primaryHint')}</p>
                  ) : null}
                </li>
              );
            })}
          </ul>
        )}
      </CardContent>
      <Suspense fallback={null}>
        {dialog?.kind === 'add' || dialog?.kind === 'edit' ? (
          <TaskFormDialog
            equipment={e}
            task={dialog.kind === 'edit' ? dialog.task : null}
            onOpenChange={close}
          />
        ) : null}
        {dialog?.kind === 'remove' ? (
          <RemoveTaskDialog equipment={e} task={dialog.task} onOpenChange={close} />
        ) : null}
        {dialog?.kind === 'done' ? (
          <ServiceDialog equipmentId={e.id} taskIds={[dialog.task.id]} open onOpenChange={close} />
        ) : null}
        {dialog?.kind === 'removeProgram' ? (
          <RemoveProgramDialog equipment={e} programIds={programIds} onOpenChange={close} />
        ) : null}
        {dialog?.kind === 'apply' ? (
          <ApplyProgramDialog equipment={[e]} open onOpenChange={close} />
        ) : null}
      </Suspense>
    </Card>
  );
}
