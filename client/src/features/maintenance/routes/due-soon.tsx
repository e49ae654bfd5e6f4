import { dueSoonColumns, exportFileName, toCsv } from '@domain/csv';
import { addInterval } from '@domain/dates';
import { taskCategories, type TaskCategory } from '@domain/schedule';
import { dueGroupOf } from '@domain/status-words';
import {
  dueWindows,
  RENEWAL_WINDOW_DAYS,
  type DueTask,
  type DueWindow,
} from '@domain/schemas/maintenance';
import { Printer } from 'lucide-react';
import { useDeferredValue, useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CalendarFeedCard } from '@/components/calendar-feed-card';
import { PageSpinner } from '@/components/page-spinner';
import { Button } from '@/components/ui/button';
import { ExportButton } from '@/components/export-button';
import { Card } from '@/components/ui/card';
import { NativeSelect } from '@/components/ui/native-select';
import { toast } from '@/components/ui/use-toast';
import { EmptyState } from '@/components/data-table';
import { ChoiceButtons } from '@/components/choice-buttons';
import { companyToday, useCurrentUser } from '@/lib/auth';
import { downloadText } from '@/lib/download';
import { formatDate, formatNumber } from '@/lib/format';
import { cn } from '@/lib/utils';
import { lowStockQueryOptions, useDueList, useLowStock } from '../api/get-due';
import { DueMachineCard } from '../components/due-machine-card';
import { LoadError } from '@/components/query-states';

/** A group of the page: Overdue, Past due or a week; in it, each machine with its tasks due. */
type Group = { key: string; label: string; machines: DueTask[][] };

/** Monday of the week of a date (YYYY-MM-DD). */
function weekStart(d: string): string {
  const day = new Date(`${d}T12:00:00Z`).getUTCDay(); // 0 = Sunday
  return addInterval(d, -((day + 6) % 7), 'days');
}

/**
 * Rows grouped by machine (issue 40), each machine under the group of its most urgent task (the list
 * comes most urgent first): Overdue (a task Overdue), then Past due (Time for Service past its due
 * point: "past due by 7.5 hours", never a week), then one group per week (domain/status-words.ts
 * dueGroupOf): the printed report puts each on its own page.
 */
function groupByMachine(
  items: DueTask[],
  today: string,
  labels: { overdue: string; pastDue: string; week: (date: string) => string },
) {
  const byMachine = new Map<string, DueTask[]>();
  for (const r of items) {
    const list = byMachine.get(r.machine.id);
    if (list) list.push(r);
    else byMachine.set(r.machine.id, [r]);
  }
  const groups: Group[] = [];
  for (const tasks of byMachine.values()) {
    const r = tasks[0]!;
    const g0 = dueGroupOf(
      {
        status: { serviceStatus: r.status, overdueUsage: r.overdueUsage },
        forecast: { dueDate: r.forecastDate },
      },
      today,
      weekStart,
    );
    const key = typeof g0 === 'string' ? g0 : g0.week;
    let g = groups.find((x) => x.key === key);
    if (!g) {
      g = {
        key,
        label:
          g0 === 'overdue'
            ? labels.overdue
            : g0 === 'past_due'
              ? labels.pastDue
              : labels.week(formatDate(g0.week)),
        machines: [],
      };
      groups.push(g);
    }
    g.machines.push(tasks);
  }
  // Overdue, Past due, then the weeks in order.
  const rank = (k: string) => (k === 'overdue' ? 0 : k === 'past_due' ? 1 : 2);
  return groups.sort((a, b) => rank(a.key) - rank(b.key) || a.key.localeCompare(b.key));
}

/** Due soon (owners and managers): what is due within 7 / 14 / 30 days and everything overdue. */
export default function DueSoonPage() {
  const { t } = useTranslation('maintenance');
  const { t: te } = useTranslation('equipment');
  const { user } = useCurrentUser();
  const { t: ts } = useTranslation('schedule');
  const [within, setWithin] = useState<DueWindow>(14);
  const [category, setCategory] = useState<TaskCategory | ''>('');
  const q = useDueList(within, category || undefined);
  // The first answer is rendered in a deferred (time-sliced) render with the spinner up meanwhile: a
  // query result alone would build the whole list in one synchronous, long task. Later answers
  // (another window) show at once.
  const firstData = useDeferredValue(q.data);
  const data = firstData === undefined ? undefined : q.data;
  const loading = data === undefined && !q.isError;
  // The low-stock card shows with the list; its call starts now, with the list's (a prefetch: its
  // answer re-renders the card only, not the page).
  const qc = useQueryClient();
  useEffect(() => {
    void qc.prefetchQuery(lowStockQueryOptions());
  }, [qc]);
  const today = data?.today ?? companyToday();
  const items = data?.tasks ?? [];
  const groups = groupByMachine(items, today, {
    overdue: t('overdue'),
    pastDue: t('pastDue'),
    week: (date) => t('week', { date }),
  });

  const onExport = () => {
    const file = exportFileName(`due-soon-${within}-days${category ? `-${category}` : ''}`, today);
    downloadText(file, toCsv(dueSoonColumns, items));
    toast({
      title: te('toast.exportComplete'),
      description: te('toast.exportCompleteBody', { count: items.length, file }),
    });
  };

  return (
    <main className="mx-auto grid max-w-7xl grid-cols-1 gap-4 p-4 md:p-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="grid gap-1">
          <h1 className="text-2xl font-bold">{t('title')}</h1>
          <p className="max-w-2xl text-sm text-muted-foreground no-print">
            {t('intro', { days: RENEWAL_WINDOW_DAYS })}
          </p>
          <p className="hidden text-sm print:block">
            {t('printedOn', { company: user?.businessName ?? '', date: formatDate(today) })}
          </p>
        </div>
        <div className="no-print flex flex-wrap gap-2">
          <Button variant="outline" onClick={() => window.print()} disabled={items.length === 0}>
            <Printer aria-hidden /> {t('print')}
          </Button>
          <ExportButton label={t('export')} count={items.length} onExport={onExport} />
        </div>
      </div>
      <div className="no-print flex flex-wrap items-end gap-4">
        <ChoiceButtons
          label={t('within')}
          options={dueWindows}
          value={within}
          onChange={setWithin}
          text={(w) => t(`days_${w}`)}
          buttonClassName="h-11 min-w-20"
        >
          <span className="self-center text-sm text-muted-foreground">{t('within')}</span>
        </ChoiceButtons>
        <label className="grid gap-1 text-sm">
          <span className="text-muted-foreground">{t('category')}</span>
          <NativeSelect
            className="h-11 min-w-44"
            value={category}
            onChange={(e) => setCategory(e.target.value as TaskCategory | '')}
          >
            <option value="">{t('allCategories')}</option>
            {taskCategories.map((c) => (
              <option key={c} value={c}>
                {ts(`categories.${c}`)}
              </option>
            ))}
          </NativeSelect>
        </label>
      </div>
      {loading ? (
        <PageSpinner />
      ) : q.isError ? (
        <LoadError t={t} error={q.error} />
      ) : items.length === 0 ? (
        <EmptyState className="gap-2" title={t('empty')} body={t('emptyBody')} />
      ) : (
        <div className="grid gap-6">
          {groups.map((g, i) => (
            <section
              key={g.key}
              aria-labelledby={`due-${g.key}`}
              className={cn('grid gap-2', i < groups.length - 1 && 'print:break-after-page')}
              data-testid="due-group"
            >
              <h2
                id={`due-${g.key}`}
                className={cn('text-lg font-semibold', g.key === 'overdue' && 'text-red-700')}
              >
                {g.label} · {t('count', { count: g.machines.length })} ·{' '}
                {t('tasks', { count: g.machines.reduce((n, m) => n + m.length, 0) })}
              </h2>
              <ul className="grid gap-2">
                {g.machines.map((tasks) => (
                  <li key={tasks[0]!.machine.id}>
                    <DueMachineCard tasks={tasks} />
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </div>
      )}
      {/* Below the list, so shown with it: while the list loads they would sit under the spinner and
          then be pushed down (a layout shift). */}
      {loading ? null : (
        <>
          <LowStockCard />
          <div className="no-print">
            <CalendarFeedCard />
          </div>
        </>
      )}
    </main>
  );
}

/** Parts at or below their reorder point (issue 27), beside what is due. */
function LowStockCard() {
  const { t } = useTranslation('maintenance');
  const q = useLowStock();
  const parts = q.data ?? [];
  if (parts.length === 0) return null;
  return (
    <Card className="grid gap-2 p-4" data-testid="low-stock">
      <h2 className="text-lg font-semibold">{t('lowStock')}</h2>
      <ul className="grid gap-1 text-sm">
        {parts.map((p) => (
          <li key={p.id}>
            {t('lowStockItem', {
              name: p.name,
              qty: formatNumber(p.onHand, 3),
              unit: p.unit,
              reorder: formatNumber(p.reorderPoint, 3),
            })}
          </li>
        ))}
      </ul>
      <Link to="/parts" className="no-print text-sm font-medium text-primary underline">
        {t('openParts')}
      </Link>
    </Card>
  );
}
