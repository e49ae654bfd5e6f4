import { starterPrograms, type StarterProgram } from '@domain/schedule-starters';
import type { ProgramDto } from '@domain/schemas/schedule';
import { Copy, Pencil, Plus, Trash2 } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HeadedSection } from '@/components/headed-section';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { useDeleteProgram, usePrograms } from '@/components/schedule/schedule-queries';
import { useTaskWords } from '@/components/schedule/task-words';
import { PageSpinner } from '@/components/page-spinner';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { DataTable } from '@/components/data-table';
import { toast } from '@/components/ui/use-toast';
import { formatNumber, formatUsd } from '@/lib/format';
import { currentLanguage } from '@/lib/i18n';
import { toastFailure } from '@/components/toast-failure';
import { LoadError } from '@/components/query-states';

// The form (zod, react-hook-form) loads when first opened.
const ProgramFormDialog = lazy(() => import('../components/program-form-dialog'));

type Editing = { program: ProgramDto | null; starter: StarterProgram | null };

/** A program's tasks as a table: name, category, every usage, every time, estimated cost. */
function TasksTable({ tasks }: { tasks: ProgramDto['tasks'] }) {
  const { t } = useTranslation('schedule');
  const words = useTaskWords();
  return (
    <>
      {/* On a phone: one line per task. */}
      <ul className="grid gap-1 text-sm sm:hidden">
        {tasks.map((x) => (
          <li key={x.id} className="border-b py-1.5 last:border-0">
            <span className="font-medium">{x.name}</span>
            <span className="block text-xs text-muted-foreground">
              {[
                t(`categories.${x.category}`),
                words.interval(x, ''),
                x.estimatedCost !== null ? formatUsd(x.estimatedCost) : null,
              ]
                .filter(Boolean)
                .join(' · ')}
            </span>
          </li>
        ))}
      </ul>
      <div className="hidden overflow-x-auto sm:block">
        <DataTable
          rows={tasks}
          rowKey={(x) => x.id}
          columns={[
            {
              key: 'name',
              head: t('programs.colName'),
              cellClassName: 'font-medium',
              cell: (x) => x.name,
            },
            {
              key: 'category',
              head: t('programs.colCategory'),
              cell: (x) => t(`categories.${x.category}`),
            },
            {
              key: 'usage',
              head: t('programs.colUsage'),
              cell: (x) => (x.everyUsage !== null ? formatNumber(x.everyUsage) : '—'),
            },
            {
              key: 'time',
              head: t('programs.colTime'),
              cell: (x) => (x.everyTime ? words.time(x.everyTime) : '—'),
            },
            {
              key: 'cost',
              head: t('programs.colCost'),
              className: 'text-right',
              cell: (x) => (x.estimatedCost !== null ? formatUsd(x.estimatedCost) : '—'),
            },
          ]}
        />
      </div>
    </>
  );
}

/**
 * Maintenance programs (/programs, issue 40): named sets of tasks applied to many machines. List,
 * create, edit and delete; "Start from a starter" copies a typical schedule in the reader's language.
 */
export default function ProgramsPage() {
  const { t } = useTranslation('schedule');
  const programs = usePrograms();
  const remove = useDeleteProgram();
  const [editing, setEditing] = useState<Editing | null>(null);
  const [deleting, setDeleting] = useState<ProgramDto | null>(null);
  const starters = starterPrograms(currentLanguage());
  const unitWord = (u: StarterProgram['unit']) =>
    u === 'hours'
      ? t('programs.unitHours')
      : u === 'miles'
        ? t('programs.unitMiles')
        : u === 'km'
          ? t('programs.unitKm')
          : t('programs.unitNone');
  return (
    <main className="mx-auto grid w-full max-w-6xl min-w-0 grid-cols-1 gap-4 p-4 md:p-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="grid max-w-3xl gap-1">
          <h1 className="text-2xl font-bold">{t('programs.title')}</h1>
          <p className="text-sm text-muted-foreground">{t('programs.intro')}</p>
        </div>
        <Button onClick={() => setEditing({ program: null, starter: null })}>
          <Plus aria-hidden /> {t('programs.new')}
        </Button>
      </div>

      {programs.isLoading ? (
        <PageSpinner />
      ) : programs.isError ? (
        <LoadError t={t} error={programs.error} />
      ) : (programs.data ?? []).length === 0 ? (
        <Card className="p-6 text-center text-sm text-muted-foreground">{t('programs.empty')}</Card>
      ) : (
        <ul className="grid gap-3" aria-label={t('programs.title')}>
          {(programs.data ?? []).map((p) => (
            <li key={p.id}>
              <Card role="region" aria-label={p.name} data-testid="program">
                <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-2 space-y-0">
                  <div className="grid min-w-0 gap-1">
                    <CardTitle className="text-lg wrap-anywhere">{p.name}</CardTitle>
                    <CardDescription>
                      {t('programs.taskCount', { count: p.tasks.length })} ·{' '}
                      {t('programs.machines', { count: p.equipmentIds.length })}
                    </CardDescription>
                    {p.description ? (
                      <p className="text-sm whitespace-pre-wrap wrap-anywhere">{p.description}</p>
                    ) : null}
                  </div>
                  <div className="flex flex-wrap gap-1">
                    <Button
                      variant="outline"
                      size="sm"
                      onClick={() => setEditing({ program: p, starter: null })}
                      aria-label={t('programs.editFor', { name: p.name })}
                    >
                      <Pencil aria-hidden /> {t('programs.edit')}
                    </Button>
                    <Button
                      variant="ghost"
                      size="sm"
                      className="text-destructive"
                      onClick={() => setDeleting(p)}
                      aria-label={t('programs.deleteFor', { name: p.name })}
                    >
                      <Trash2 aria-hidden /> {t('programs.delete')}
                    </Button>
                  </div>
                </CardHeader>
                <CardContent>
                  <TasksTable tasks={p.tasks} />
                </CardContent>
              </Card>
            </li>
          ))}
        </ul>
      )}

      <HeadedSection
        id="starters-title"
        heading={t('programs.fromStarter')}
        headingClassName="text-lg font-semibold"
        className="grid gap-2"
      >
        <p className="text-sm text-muted-foreground">{t('programs.startersIntro')}</p>
        <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {starters.map((s) => (
            <li key={s.key}>
              <Card className="grid h-full content-between gap-2 p-4" data-testid="starter">
                <div className="grid gap-1">
                  <h3 className="font-semibold">{s.name}</h3>
                  <p className="text-xs text-muted-foreground">
                    {t('programs.forUnit', { unit: unitWord(s.unit) })} ·{' '}
                    {t('programs.taskCount', { count: s.tasks.length })}
                  </p>
                  <p className="text-sm">{s.tasks.map((x) => x.name).join(', ')}</p>
                </div>
                <Button
                  variant="outline"
                  size="sm"
                  className="justify-self-start"
                  onClick={() => setEditing({ program: null, starter: s })}
                  aria-label={t('programs.copyOf', { name: s.name })}
                >
                  <Copy aria-hidden /> {t('programs.copy')}
                </Button>
              </Card>
            </li>
          ))}
        </ul>
      </HeadedSection>

      <Suspense fallback={null}>
        {editing ? (
          <ProgramFormDialog
            program={editing.program}
            starter={editing.starter}
            onOpenChange={(o) => (o ? undefined : setEditing(null))}
          />
        ) : null}
      </Suspense>
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(o) => (o ? undefined : setDeleting(null))}
        title={t('programs.deleteTitle')}
        description={t('programs.deleteBody', { name: deleting?.name ?? '' })}
        cancelLabel={t('form.cancel')}
        confirmLabel={t('programs.delete')}
        pending={remove.isPending}
        onConfirm={() => {
          if (!deleting) return;
          remove.mutate(deleting.id, {
            onSuccess: () => {
              toast({ title: t('programs.deleted'), description: deleting.name });
              setDeleting(null);
            },
            onError: (err) => toastFailure(t, t('programs.deleteFailed'), err),
          });
        }}
      />
    </main>
  );
}
