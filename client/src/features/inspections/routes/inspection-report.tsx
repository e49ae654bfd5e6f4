import { ArrowLeft, Printer } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { HeadedSection } from '@/components/headed-section';
import { CriticalBadge } from '@/components/critical-badge';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { formatDateTime, formatNumber } from '@/lib/format';
import { useInspectionReport } from '../api/inspections-api';
import { useStarterText } from '@/lib/starter-text';
import { LoadError } from '@/components/query-states';

/**
 * A machine's inspection report for audits (issue 16): the machine, its out-of-service state, every
 * inspection with each answer, and every defect with its photo (issue 43) and how it was resolved. Printable (the app's header
 * and the buttons are left out of the printout).
 */
export default function InspectionReportPage() {
  const { t } = useTranslation(['inspections', 'equipment', 'messages']);
  const st = useStarterText();
  const { id = '' } = useParams();
  const report = useInspectionReport(id);
  if (report.isError)
    return (
      <main className="p-6">
        <LoadError t={t} error={report.error} />
      </main>
    );
  const r = report.data;
  if (!r) return null;
  const e = r.equipment;
  const unit = t(`equipment:units.${e.unit}`, { defaultValue: e.unit });
  return (
    <main className="mx-auto grid max-w-5xl grid-cols-1 gap-6 p-4 print:max-w-none print:p-0 sm:p-6">
      <div className="flex flex-wrap items-center justify-between gap-3 print:hidden">
        <Button asChild variant="outline">
          <Link to="/inspections">
            <ArrowLeft aria-hidden />
            {t('report.back')}
          </Link>
        </Button>
        <Button onClick={() => window.print()}>
          <Printer aria-hidden />
          {t('report.print')}
        </Button>
      </div>
      <header className="grid gap-1">
        <h2 className="text-2xl font-bold">{t('report.title', { name: e.name })}</h2>
        <p className="text-sm text-muted-foreground">
          {t(`equipment:types.${e.type}`, { defaultValue: e.type })}
          {e.serialNumber ? ` · ${t('report.serial', { serial: e.serialNumber })}` : ''}
          {' · '}
          {t('report.current', { value: `${formatNumber(e.currentUsage, 2)} ${unit}` })}
        </p>
        {e.outOfService ? (
          <p
            role="status"
            className="rounded-md border-2 border-red-700 bg-red-50 px-3 py-2 text-red-900"
          >
            <strong>{t('outOfService.badge')}</strong>: {e.outOfService.reason} ·{' '}
            {formatDateTime(e.outOfService.at)}
            {e.outOfService.by ? ` · ${e.outOfService.by}` : ''}
          </p>
        ) : (
          <p>
            <Badge variant="success">{t('report.inService')}</Badge>
          </p>
        )}
      </header>

      <HeadedSection
        id="report-defects"
        level="h3"
        heading={t('report.defects')}
        headingClassName="text-lg font-semibold"
        className="grid gap-2"
        none={r.defects.length === 0 ? t('report.noDefects') : null}
      >
        <div className="overflow-x-auto">
          <table className="w-full border-collapse text-sm">
            <thead>
              <tr className="border-b text-left">
                <th className="p-2">{t('report.reported')}</th>
                <th className="p-2">{t('report.item')}</th>
                <th className="p-2">{t('report.note')}</th>
                <th className="p-2">{t('report.resolution')}</th>
              </tr>
            </thead>
            <tbody>
              {r.defects.map((d) => (
                <tr key={d.id} className="border-b align-top">
                  <td className="p-2 whitespace-nowrap">
                    {formatDateTime(d.createdAt)}
                    <br />
                    <span className="text-muted-foreground">{d.operatorName}</span>
                  </td>
                  <td className="p-2">
                    {st(d.itemLabel)}
                    <CriticalBadge critical={d.critical} className="ml-1" />
                  </td>
                  <td className="p-2">
                    {d.note}
                    {d.hasPhoto ? (
                      <a
                        href={`/api/defects/${d.id}/photo`}
                        target="_blank"
                        rel="noreferrer"
                        className="mt-1 block w-fit"
                      >
                        <img
                          src={`/api/defects/${d.id}/photo`}
                          alt={t('report.photo', { item: d.itemLabel })}
                          className="h-32 w-32 rounded-md border object-cover print:h-40 print:w-40"
                        />
                      </a>
                    ) : null}
                  </td>
                  <td className="p-2">
                    {d.resolvedAt ? (
                      <>
                        {t('report.resolvedBy', {
                          who: d.resolvedBy ?? '',
                          when: formatDateTime(d.resolvedAt),
                        })}
                        {d.serviceEntryId ? ` · ${t('report.withService')}` : ''}
                        {d.resolutionNote ? (
                          <>
                            <br />
                            {d.resolutionNote}
                          </>
                        ) : null}
                      </>
                    ) : (
                      <Badge variant="destructive">{t('report.open')}</Badge>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </HeadedSection>

      <HeadedSection
        id="report-inspections"
        level="h3"
        heading={t('report.inspections')}
        headingClassName="text-lg font-semibold"
        className="grid gap-3"
        none={r.inspections.length === 0 ? t('report.noInspections') : null}
      >
        {r.inspections.map((i) => (
          <article key={i.id} className="break-inside-avoid rounded-md border p-3">
            <h4 className="font-medium">
              {formatDateTime(i.createdAt)} · {st(i.templateName)} · {i.operatorName}
            </h4>
            <p className="text-xs text-muted-foreground">
              {i.reading !== null
                ? t('report.reading', { value: `${formatNumber(i.reading, 2)} ${unit}` })
                : t('report.noReading')}
              {i.readingStatus === 'pending' ? ` · ${t('report.readingHeld')}` : ''}
              {' · '}
              {t('report.failedCount', { count: i.failedCount })}
            </p>
            <ul className="mt-2 grid grid-cols-1 gap-1 text-sm sm:grid-cols-2">
              {i.answers.map((a) => (
                <li key={a.itemId} className="flex gap-2">
                  <span
                    className={
                      a.result === 'fail'
                        ? 'font-semibold text-red-700'
                        : a.result === 'pass'
                          ? 'text-green-800'
                          : 'text-muted-foreground'
                    }
                  >
                    {a.result
                      ? t(`phone.${a.result}`)
                      : a.number !== null
                        ? `${formatNumber(a.number, 2)} ${a.unit}`
                        : (a.text ?? '—')}
                  </span>
                  <span>
                    {st(a.label)}
                    {a.note ? ` — ${a.note}` : ''}
                  </span>
                </li>
              ))}
            </ul>
          </article>
        ))}
      </HeadedSection>
    </main>
  );
}
