import { ArrowLeft } from 'lucide-react';
import { lazy, Suspense, useDeferredValue, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { AfterFirstPaint } from '@/components/after-first-paint';
import { PageSpinner } from '@/components/page-spinner';
import { ApiError } from '@/lib/api';
import { translateError } from '@/lib/translate-message';
import { useMachinePage } from '../api/machine-page';
import { MachineCharts } from '../components/machine-chart-section';
import { MachineFigures } from '../components/machine-figures';
import { MachineHeader } from '../components/machine-header';
import { MachinePeers } from '../components/machine-peers';
import { MachineSections } from '../components/machine-sections';
import { MachineTimeline } from '../components/machine-timeline';
import { OpenWorkOrders, PendingReadings } from '../components/machine-work';
import { ScheduleCard } from '../components/schedule-card';

// Costs (issue 27) load once the page is on screen, in their own chunk: the machine page's budget stays
// as it was, and their code and data do not compete with the first screen.
const MachineCosts = lazy(() => import('../components/machine-costs'));
// Documents (issue 42): their own chunk and call, after the first paint.
const DocumentsCard = lazy(() => import('../components/documents-card'));

/**
 * A machine's page (/machines/:id, and /m/:id after a QR scan; issue 24): header, figures, charts,
 * timeline and sections. Two requests: GET /api/equipment/:id/page and the timeline's history.
 * Another company's machine or an unknown id: "not found" (the API answers 404).
 */
export default function MachinePage() {
  const { t } = useTranslation('machines');
  const { t: tc } = useTranslation('common');
  const { id = '' } = useParams();
  const page = useMachinePage(id);
  // The answer is rendered in a deferred (time-sliced) render with the spinner up meanwhile: a query
  // result alone would build the whole page in one synchronous, long task. Later answers show at once.
  const firstData = useDeferredValue(page.data);
  const data = firstData === undefined ? undefined : page.data;
  const e = data?.equipment;

  useEffect(() => {
    if (e) document.title = `${e.name} | ${tc('appName')}`;
  }, [e, tc]);

  return (
    <main className="mx-auto grid w-full max-w-7xl min-w-0 grid-cols-1 gap-4 p-3 md:p-6">
      <Link
        to={e?.retiredAt ? '/retired-equipment' : '/equipment-list'}
        className="no-print flex w-fit items-center gap-1 text-sm text-primary underline"
      >
        <ArrowLeft className="h-4 w-4" aria-hidden />
        {e?.retiredAt ? t('backRetired') : t('back')}
      </Link>
      {page.isError ? (
        <div role="alert" className="grid gap-2">
          {/* A lost connection or a server failure is not a missing machine. */}
          <h1 className="text-2xl font-bold">
            {!(page.error instanceof ApiError) ||
            page.error.status === 0 ||
            page.error.status >= 500
              ? t('loadFailed')
              : t('notFound')}
          </h1>
          <p className="text-destructive">{translateError(t, page.error)}</p>
        </div>
      ) : !data || !e ? (
        <PageSpinner />
      ) : (
        <>
          <MachineHeader
            equipment={e}
            criticalDefects={data.openDefects.filter((d) => d.critical)}
          />
          {!e.retiredAt ? <PendingReadings equipment={e} pending={data.pendingReadings} /> : null}
          <MachineFigures equipment={e} figures={data.figures} />
          <MachinePeers unit={e.unit} type={e.type} peers={data.peers} />
          <ScheduleCard equipment={e} tasks={data.tasks} />
          <MachineCharts equipment={e} charts={data.charts} />
          {!e.retiredAt && (
            <AfterFirstPaint>
              <Suspense fallback={null}>
                <MachineCosts id={e.id} />
              </Suspense>
            </AfterFirstPaint>
          )}
          <div className="grid grid-cols-1 min-w-0 gap-3 lg:grid-cols-3">
            <div className="min-w-0 lg:col-span-2">
              <MachineTimeline equipment={e} />
            </div>
            <div className="grid min-w-0 content-start gap-3">
              <AfterFirstPaint>
                <Suspense fallback={null}>
                  <DocumentsCard
                    equipmentId={e.id}
                    equipmentType={e.type}
                    readOnly={Boolean(e.retiredAt)}
                  />
                </Suspense>
              </AfterFirstPaint>
              <OpenWorkOrders orders={data.openWorkOrders} />
              <MachineSections equipment={e} page={data} />
            </div>
          </div>
        </>
      )}
    </main>
  );
}
