// Over 400 lines: the Inspections page's three cards (checklists, defects, recent inspections); one file per card is open work (issue 44).
import {
  AlertTriangle,
  ClipboardCheck,
  Copy,
  Download,
  FileText,
  Pencil,
  Plus,
  Trash2,
  Wrench,
} from 'lucide-react';
import { useState } from 'react';
import { CountBadge } from '@/components/count-badge';
import { HeadedSection } from '@/components/headed-section';
import { MachineLink } from '@/components/equipment/machine-link';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { inspectionColumns, inspectionExportRows, toCsv } from '@domain/csv';
import { todayIn } from '@domain/dates';
import {
  starterKeys,
  type DefectDto,
  type InspectionDto,
  type TemplateDto,
} from '@domain/schemas/inspections';
import { CriticalBadge } from '@/components/critical-badge';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { toast } from '@/components/ui/use-toast';
import { api } from '@/lib/api';
import { downloadText } from '@/lib/download';
import { formatDateTime } from '@/lib/format';
import {
  useArchiveTemplate,
  useCopyStarter,
  useDefects,
  useInspectionsSummary,
  useOutOfService,
  useRecentInspections,
  useTemplates,
} from '../api/inspections-api';
import { OutOfServiceDialog, ResolveDialog } from '../components/defect-dialogs';
import { TemplateEditor } from '../components/template-editor';
import { useStarterText } from '@/lib/starter-text';
import { historyLang } from '@domain/history-text';
import { inReaderLanguage } from '@domain/inspection-starters';
import { toastFailure } from '@/components/toast-failure';
import { LoadError } from '@/components/query-states';

/**
 * Inspections (issue 16) for owners and managers: open defects (with the inspection, the machine and
 * the photo) to resolve, machines out of service, machines not inspected today, the checklist
 * templates and ready-made ones to copy, and the inspections export.
 */
export default function InspectionsPage() {
  const { t, i18n } = useTranslation(['inspections', 'equipment', 'messages', 'common']);
  const st = useStarterText();
  const defects = useDefects('open');
  const summary = useInspectionsSummary();
  const templates = useTemplates();
  // Ready-made texts nobody edited, in the reader's language also after a language change (the
  // server answered in the language of the moment it was asked).
  const templateList = (templates.data ?? []).map((tpl) =>
    inReaderLanguage(tpl, historyLang(i18n.resolvedLanguage ?? i18n.language)),
  );
  const recent = useRecentInspections();
  const [resolving, setResolving] = useState<DefectDto | null>(null);
  const [outOf, setOutOf] = useState<DefectDto | null>(null);
  const [editing, setEditing] = useState<TemplateDto | 'new' | null>(null);
  const copy = useCopyStarter();
  const archive = useArchiveTemplate();
  const oos = useOutOfService();
  const language = i18n.resolvedLanguage === 'es' ? 'es' : 'en';
  const open = defects.data ?? [];
  const criticalOpen = (d: DefectDto) =>
    open.filter((x) => x.equipmentId === d.equipmentId && x.critical && x.id !== d.id).length;

  const exportCsv = async () => {
    try {
      const rows = inspectionExportRows(await api.get<InspectionDto[]>('/api/inspections/export'));
      if (rows.length === 0) {
        toast({ title: t('export.none') });
        return;
      }
      downloadText(`inspections-${todayIn(undefined)}.csv`, toCsv(inspectionColumns, rows));
    } catch (err) {
      toastFailure(t, t('export.failed'), err);
    }
  };

  const backInService = (equipmentId: string) =>
    oos.mutate(
      { equipmentId, reason: null },
      {
        onSuccess: () => toast({ title: t('outOfService.returned') }),
        onError: (err) => toastFailure(t, t('outOfService.failed'), err),
      },
    );

  return (
    <main className="mx-auto grid max-w-6xl grid-cols-1 gap-6 p-4 sm:p-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="grid gap-1">
          <h1 className="text-2xl font-bold">{t('common:titles.inspections')}</h1>
          <p className="text-muted-foreground">{t('page.intro')}</p>
        </div>
        <Button variant="outline" onClick={() => void exportCsv()}>
          <Download aria-hidden />
          {t('export.button')}
        </Button>
      </div>

      <HeadedSection
        id="defects-title"
        heading={
          <>
            <AlertTriangle className="h-5 w-5 text-red-700" aria-hidden />
            {t('defects.title')}
            <CountBadge count={open.length} />
          </>
        }
        headingClassName="flex items-center gap-2 text-xl font-semibold"
        className="grid gap-3"
      >
        {defects.isError ? (
          <LoadError t={t} error={defects.error} />
        ) : defects.isLoading ? null : open.length === 0 ? (
          <p className="text-muted-foreground">{t('defects.none')}</p>
        ) : (
          <ul className="grid grid-cols-1 gap-3 md:grid-cols-2">
            {open.map((d) => (
              <li key={d.id}>
                <Card className={d.critical ? 'border-red-300' : ''} data-testid="defect">
                  <CardContent className="flex gap-3 p-4">
                    {d.hasPhoto ? (
                      <a href={`/api/defects/${d.id}/photo`} target="_blank" rel="noreferrer">
                        <img
                          src={`/api/defects/${d.id}/photo`}
                          alt={t('defects.photoOf', { item: st(d.itemLabel) })}
                          className="h-24 w-24 shrink-0 rounded-md object-cover"
                        />
                      </a>
                    ) : null}
                    <div className="grid min-w-0 flex-1 gap-1">
                      <div className="flex flex-wrap items-center gap-2">
                        <h3 className="wrap-anywhere font-semibold">{st(d.itemLabel)}</h3>
                        <CriticalBadge critical={d.critical} />
                        {d.outOfService ? (
                          <Badge variant="destructive">{t('outOfService.badge')}</Badge>
                        ) : null}
                      </div>
                      <p className="text-sm">
                        <MachineLink id={d.equipmentId}>{d.equipmentName}</MachineLink>
                      </p>
                      {d.note ? <p className="wrap-anywhere text-sm">“{d.note}”</p> : null}
                      <p className="text-xs text-muted-foreground">
                        {d.reported
                          ? t('defects.reportedFromPhone', {
                              who: d.operatorName,
                              when: formatDateTime(d.createdAt),
                            })
                          : t('defects.reported', {
                              who: d.operatorName,
                              checklist: st(d.templateName),
                              when: formatDateTime(d.createdAt),
                            })}
                      </p>
                      <div className="mt-2 flex flex-wrap gap-2">
                        <Button size="sm" onClick={() => setResolving(d)}>
                          <Wrench aria-hidden />
                          {t('defects.resolve')}
                        </Button>
                        <Button size="sm" variant="outline" asChild>
                          <Link to={`/work-orders?equipmentId=${d.equipmentId}&defectId=${d.id}`}>
                            {t('defects.createWorkOrder')}
                          </Link>
                        </Button>
                        {d.outOfService ? (
                          <Button
                            size="sm"
                            variant="outline"
                            onClick={() => backInService(d.equipmentId)}
                          >
                            {t('outOfService.return')}
                          </Button>
                        ) : (
                          <Button size="sm" variant="outline" onClick={() => setOutOf(d)}>
                            {t('outOfService.set')}
                          </Button>
                        )}
                      </div>
                    </div>
                  </CardContent>
                </Card>
              </li>
            ))}
          </ul>
        )}
      </HeadedSection>

      <div className="grid grid-cols-1 gap-6 md:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle className="text-lg">{t('outOfService.listTitle')}</CardTitle>
          </CardHeader>
          <CardContent>
            {(summary.data?.outOfService ?? []).length === 0 ? (
              <p className="text-sm text-muted-foreground">{t('outOfService.none')}</p>
            ) : (
              <ul className="grid gap-2">
                {summary.data?.outOfService.map((m) => (
                  <li key={m.id} className="flex flex-wrap items-center justify-between gap-2">
                    <div className="min-w-0">
                      <MachineLink id={m.id}>{m.name}</MachineLink>
                      <p className="text-xs text-muted-foreground">
                        {m.reason} · {formatDateTime(m.at)}
                      </p>
                    </div>
                    <Button size="sm" variant="outline" onClick={() => backInService(m.id)}>
                      {t('outOfService.return')}
                    </Button>
                  </li>
                ))}
              </ul>
            )}
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle className="text-lg">{t('notInspected.title')}</CardTitle>
            <CardDescription>{t('notInspected.hint')}</CardDescription>
          </CardHeader>
          <CardContent>
            {templates.data && !templates.data.some((tpl) => tpl.daily) ? (
              // No daily checklist: nothing was due, so nothing can be said to be inspected.
              <div className="grid justify-items-start gap-2" data-testid="no-daily-checklist">
                <p className="text-sm">{t('notInspected.noChecklist')}</p>
                <Button size="sm" variant="outline" onClick={() => setEditing('new')}>
                  <Plus aria-hidden />
                  {t('templates.new')}
                </Button>
              </div>
            ) : (summary.data?.notInspectedToday ?? []).length === 0 ? (
              <p className="text-sm text-muted-foreground">{t('notInspected.none')}</p>
            ) : (
              <ul className="grid gap-1 text-sm">
                {summary.data?.notInspectedToday.map((m) => (
                  <li key={m.id}>
                    <MachineLink id={m.id}>{m.name}</MachineLink>{' '}
                    <span className="text-muted-foreground">
                      ({t(`equipment:types.${m.type}`, { defaultValue: m.type })})
                    </span>
                  </li>
                ))}
                {summary.data &&
                summary.data.notInspectedTotal > summary.data.notInspectedToday.length ? (
                  <li className="text-muted-foreground">
                    {t('notInspected.more', {
                      count: summary.data.notInspectedTotal - summary.data.notInspectedToday.length,
                    })}
                  </li>
                ) : null}
              </ul>
            )}
          </CardContent>
        </Card>
      </div>

      <HeadedSection
        id="recent-title"
        heading={t('recent.title')}
        headingClassName="text-xl font-semibold"
        className="grid gap-2"
        none={(recent.data ?? []).length === 0 ? t('recent.none') : null}
      >
        <ul className="grid gap-1 text-sm">
          {recent.data?.map((i) => (
            <li key={i.id} className="flex flex-wrap items-center gap-x-2">
              <span className="text-muted-foreground">{formatDateTime(i.createdAt)}</span>
              <MachineLink id={i.equipmentId}>{i.equipmentName}</MachineLink>
              <span>
                {st(i.templateName)} · {i.operatorName}
              </span>
              {i.failedCount > 0 ? (
                <Badge variant="destructive">
                  {t('report.failedCount', { count: i.failedCount })}
                </Badge>
              ) : (
                <Badge variant="success">{t('recent.allPassed')}</Badge>
              )}
            </li>
          ))}
        </ul>
      </HeadedSection>

      <section aria-labelledby="templates-title" className="grid gap-3">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="templates-title" className="flex items-center gap-2 text-xl font-semibold">
            <ClipboardCheck className="h-5 w-5 text-primary" aria-hidden />
            {t('templates.title')}
          </h2>
          <Button onClick={() => setEditing('new')}>
            <Plus aria-hidden />
            {t('templates.new')}
          </Button>
        </div>
        <div className="flex flex-wrap items-center gap-2 text-sm">
          <span className="text-muted-foreground">{t('templates.copyStarter')}</span>
          {starterKeys.map((s) => (
            <Button
              key={s}
              size="sm"
              variant="outline"
              disabled={copy.isPending}
              onClick={() =>
                copy.mutate(
                  { starter: s, language },
                  {
                    onSuccess: (tpl) => toast({ title: t('templates.copied', { name: tpl.name }) }),
                    onError: (err) => toastFailure(t, t('templates.failed'), err),
                  },
                )
              }
            >
              <Copy aria-hidden />
              {t(`starters.${s}`)}
            </Button>
          ))}
        </div>
        {templates.data && templates.data.length === 0 ? (
          <p className="text-muted-foreground">{t('templates.none')}</p>
        ) : (
          <ul className="grid grid-cols-1 gap-3 md:grid-cols-2">
            {templateList.map((tpl) => (
              <li key={tpl.id}>
                <Card>
                  <CardContent className="grid gap-2 p-4">
                    <div className="flex items-start justify-between gap-2">
                      <h3 className="font-semibold">{tpl.name}</h3>
                      {tpl.daily ? (
                        <Badge variant="outline">{t('templates.dailyBadge')}</Badge>
                      ) : null}
                    </div>
                    <p className="text-sm text-muted-foreground">
                      {t('templates.summary', {
                        count: tpl.items.length,
                        critical: tpl.items.filter((i) => i.critical).length,
                      })}
                    </p>
                    <p className="text-sm">
                      {[
                        ...tpl.equipmentTypes.map((x) =>
                          t(`equipment:types.${x}`, { defaultValue: x }),
                        ),
                        ...(tpl.equipmentIds.length
                          ? [t('templates.alsoMachines', { count: tpl.equipmentIds.length })]
                          : []),
                      ].join(', ')}
                    </p>
                    <div className="flex gap-2">
                      <Button size="sm" variant="outline" onClick={() => setEditing(tpl)}>
                        <Pencil aria-hidden />
                        {t('templates.edit')}
                      </Button>
                      <Button
                        size="sm"
                        variant="ghost"
                        onClick={() => {
                          if (window.confirm(t('templates.archiveConfirm', { name: tpl.name })))
                            archive.mutate(tpl.id);
                        }}
                      >
                        <Trash2 aria-hidden />
                        {t('templates.archive')}
                      </Button>
                    </div>
                  </CardContent>
                </Card>
              </li>
            ))}
          </ul>
        )}
      </section>

      <p className="flex items-center gap-2 text-sm text-muted-foreground">
        <FileText className="h-4 w-4" aria-hidden />
        {t('page.reportHint')}
      </p>

      {resolving ? (
        <ResolveDialog
          defect={resolving}
          otherOpenCritical={criticalOpen(resolving)}
          onClose={() => setResolving(null)}
        />
      ) : null}
      {outOf ? (
        <OutOfServiceDialog
          equipmentId={outOf.equipmentId}
          equipmentName={outOf.equipmentName}
          suggested={st(outOf.itemLabel) + (outOf.note ? `: ${outOf.note}` : '')}
          onClose={() => setOutOf(null)}
        />
      ) : null}
      {editing ? (
        <TemplateEditor
          template={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
        />
      ) : null}
    </main>
  );
}
