import type { TemplateDto } from '@domain/schemas/inspections';
import { defaultFuelType } from '@domain/kinds';
import { useQueryClient } from '@tanstack/react-query';
import { Loader2, Send, TriangleAlert } from 'lucide-react';
import { Suspense, lazy, useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { afterPaint } from '@/components/after-first-paint';
import { PageSpinner } from '@/components/page-spinner';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { useSessionUnconfirmed } from '@/lib/auth';
import { useOnline } from '@/lib/use-online';
import { useFieldMachine } from '../api/field-machine';
import { operatorKeys } from '../api/keys';
import { useMachineChecklists } from '../api/machine-checklists';
import { MachinePicker } from '../components/machine-picker';
import { OfflineBanner } from '../components/offline-banner';
import { OperatorHeader } from '../components/operator-header';
import { UpdateFields } from '../components/update-fields';
import { useMachinePicker } from '../hooks/use-machine-picker';
import { outboxStore, useUpdateForm } from '../hooks/use-update-form';
import { useOutbox } from '../outbox/use-outbox';

// Loaded on first use: a checklist when one is opened, the outbox's list when it has entries, and
// the outbox's code (use-outbox.ts) right after the first paint or on the first submission.
const InspectionForm = lazy(() =>
  import('../components/inspection-form').then((m) => ({ default: m.InspectionForm })),
);
const ProblemReportForm = lazy(() =>
  import('../components/problem-report-form').then((m) => ({ default: m.ProblemReportForm })),
);
// The chosen machine's manuals and documents (issue 42), read only, in their own chunk.
const DocumentsPanel = lazy(() => import('@/components/documents/documents-panel'));
const OutboxPanel = lazy(() =>
  import('../components/outbox-panel').then((m) => ({ default: m.OutboxPanel })),
);
/** Fetches the lazy parts once the screen is on screen (`afterPaint`), while there is signal (the phone may go offline next). */
const warmLazyParts = () =>
  Promise.all([
    outboxStore(),
    import('../components/outbox-panel'),
    import('../components/inspection-form'),
    import('../components/problem-report-form'),
    // The scanner too: a phone that loses signal before the service worker has cached it must still
    // open Scan (without it the lazy import failed offline and the screen went blank).
    import('../scan/scan-dialog'),
    // The toast viewport: the operator sign-in shows no toast any more, so the first toast may be the
    // one after a reading saved offline, when its chunk can no longer load (the screen went blank).
    import('@/components/ui/toaster'),
    // The machine's documents: shown offline too (the manual at the machine, issue 42).
    import('@/components/documents/documents-panel'),
  ]).catch(() => undefined);

/**
 * The operator screen (spec section 2), phone first: who is signed in, the offline state and the
 * outbox, then one form: choose the machine (hooks/use-machine-picker.ts, components/machine-picker.tsx)
 * and report usage, fuel, a note and a photo (hooks/use-update-form.ts, components/update-fields.tsx),
 * or open one of its daily checklists.
 */
export default function OperatorScreen() {
  const { t } = useTranslation(['operators', 'field', 'inspections']);
  const qc = useQueryClient();
  const outbox = useOutbox();
  useEffect(() => afterPaint(() => void warmLazyParts()), []);
  const form = useUpdateForm({
    onApplied: (machine, newUsage) => picker.setCurrent({ ...machine, currentUsage: newUsage }),
  });
  // A machine chosen (by hand, a link or a scan) starts with its own fuel type.
  const picker = useMachinePicker((m) => form.setFuelType(defaultFuelType(m?.fuelType)));
  const current = picker.current;

  const online = useOnline();
  // No connection: the browser says so, the session shown is the phone's copy, or a send found none.
  const unconfirmed = useSessionUnconfirmed();
  const offline = !online || unconfirmed || outbox.unreachable;
  // The chosen machine's last reading time and usual daily usage (cached per machine).
  const detail = useFieldMachine(current?.id ?? null);
  // Its checklists and out-of-service state (issue 16).
  const checklists = useMachineChecklists(current?.id ?? null);
  const machineState = checklists.data && !checklists.isPlaceholderData ? checklists.data : null;
  const [inspecting, setInspecting] = useState<TemplateDto | null>(null);
  // "Report a problem" (issue 27): a defect the manager sees, with an optional photo.
  const [reporting, setReporting] = useState(false);

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    form.submit(current);
  };

  return (
    <main className="mx-auto grid max-w-xl grid-cols-1 gap-4 p-3 pb-10 sm:p-6">
      <OperatorHeader
        waiting={outbox.entries.filter((e) => e.state === 'waiting').length}
        clearOutbox={() => outboxStore().then((m) => m.clearOutbox())}
      />

      {offline ? <OfflineBanner /> : null}

      {outbox.entries.length > 0 ? (
        <Suspense fallback={null}>
          <OutboxPanel
            entries={outbox.entries}
            sending={outbox.sending}
            onRetry={() => void outbox.flush()}
          />
        </Suspense>
      ) : null}

      {inspecting && current ? (
        <Suspense fallback={<PageSpinner />}>
          <InspectionForm
            machine={current}
            template={inspecting}
            onCancel={() => setInspecting(null)}
            onDone={() => {
              setInspecting(null);
              void qc.invalidateQueries({ queryKey: operatorKeys.equipmentOptions() });
            }}
          />
        </Suspense>
      ) : null}

      {reporting ? (
        <Suspense fallback={<PageSpinner />}>
          <ProblemReportForm
            machine={current}
            onCancel={() => setReporting(false)}
            onDone={() => setReporting(false)}
          />
        </Suspense>
      ) : !(inspecting && current) ? (
        <Button
          type="button"
          variant="outline"
          className="h-14 w-full border-amber-500 text-base"
          onClick={() => setReporting(true)}
        >
          <TriangleAlert className="text-amber-600" aria-hidden />
          {t('inspections:problem.button')}
        </Button>
      ) : null}

      <Card hidden={!!(inspecting && current) || reporting}>
        <CardHeader className="pb-3">
          <h2 className="text-lg font-semibold">{t('screen.title')}</h2>
          <CardDescription>{t('screen.description')}</CardDescription>
        </CardHeader>
        <CardContent>
          <form onSubmit={onSubmit} className="grid gap-5" noValidate>
            <MachinePicker picker={picker} machineState={machineState} onInspect={setInspecting} />
            <UpdateFields
              form={form}
              machine={current}
              detail={current && detail.data?.id === current.id ? detail.data : null}
            />
            <Button
              type="submit"
              size="lg"
              className="h-12 w-full text-base"
              disabled={form.submitting}
            >
              {form.submitting ? (
                <>
                  <Loader2 className="animate-spin" aria-hidden />
                  {t('screen.submitting')}
                </>
              ) : (
                <>
                  <Send aria-hidden />
                  {t('screen.submit')}
                </>
              )}
            </Button>
          </form>
        </CardContent>
      </Card>
      {current && !inspecting && !reporting ? (
        <Suspense fallback={null}>
          <DocumentsPanel equipmentId={current.id} />
        </Suspense>
      ) : null}
    </main>
  );
}
