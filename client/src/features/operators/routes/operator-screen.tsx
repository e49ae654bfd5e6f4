import {
  ClipboardCheck,
  Fuel,
  Gauge,
  Loader2,
  LogOut,
  OctagonAlert,
  QrCode,
  Search,
  Send,
  TriangleAlert,
} from 'lucide-react';
import type { TemplateDto } from '@domain/schemas/inspections';
import { useQueryClient } from '@tanstack/react-query';
import { useLocation } from 'react-router';
import { machineIdOfLink } from '@domain/machine-links';
import { Suspense, lazy, useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { EQUIPMENT_OPTIONS_SIZE, matchesSearch } from '@domain/equipment-search';
import { useTranslation } from 'react-i18next';
import { defaultFuelType, equipmentTypes, type OperatorFuelType } from '@domain/kinds';
import { PageSpinner } from '@/components/page-spinner';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/use-toast';
import { authKeys, useCurrentUser, useLogout, useSessionUnconfirmed } from '@/lib/auth';
import { formatNumber } from '@/lib/format';
import { LANGUAGES } from '@/lib/i18n';
import { cn } from '@/lib/utils';
import { useEquipmentOptions, type EquipmentOption } from '../api/equipment-options';
import { useFieldMachine } from '../api/field-machine';
import { useFieldMachines } from '../api/field-machines';
import { useMachineChecklists } from '../api/machine-checklists';
import { operatorKeys } from '../api/keys';
import { EntryPreview } from '../components/entry-preview';
import { PhotoInput } from '../components/photo-input';
import { OfflineBanner } from '../components/offline-banner';
import { useOutbox } from '../outbox/use-outbox';
import { SESSION_USERNAME_KEY } from '../storage';
import { newKey, parseAmount } from '../lib/entry';
import { translateError } from '@/lib/translate-message';
import { useOnline } from '@/lib/use-online';
import { ApiError } from '@/lib/api';

const SEARCH_DELAY_MS = 300;

// The camera and the QR decoder load only when Scan is pressed (page speed: not in the first screen).
const ScanDialog = lazy(() => import('../scan/scan-dialog'));
// Loaded on first use too: a checklist when one is opened, the outbox's list when it has entries, and
// the outbox's code (use-outbox.ts) right after the first paint or on the first submission.
const InspectionForm = lazy(() =>
  import('../components/inspection-form').then((m) => ({ default: m.InspectionForm })),
);
const ProblemReportForm = lazy(() =>
  import('../components/problem-report-form').then((m) => ({ default: m.ProblemReportForm })),
);
const OutboxPanel = lazy(() =>
  import('../components/outbox-panel').then((m) => ({ default: m.OutboxPanel })),
);
const outboxStore = () => import('../outbox/outbox-store');
/** Fetches the lazy parts once the screen is up, while there is signal (the phone may go offline next). */
const warmLazyParts = () =>
  Promise.all([
    outboxStore(),
    import('../components/outbox-panel'),
    import('../components/inspection-form'),
    import('../components/problem-report-form'),
  ]).catch(() => undefined);

/**
 * The operator screen (spec section 2), phone first. The picker searches the company's machine list
 * kept on the phone (GET /api/field/machines, bounded; the service worker keeps its last answer), so it
 * finds any machine with no signal too. Only a fleet larger than that list (no plan limit) searches the
 * server while online (GET /api/equipment/options); offline it searches the part it has and says so.
 */
export default function OperatorScreen() {
  const { t, i18n } = useTranslation(['operators', 'field', 'inspections']);
  const { user } = useCurrentUser();
  const logout = useLogout();
  const [loggingOut, setLoggingOut] = useState(false);
  const outbox = useOutbox();
  useEffect(() => {
    void warmLazyParts();
  }, []);
  const qc = useQueryClient();
  const [submitting, setSubmitting] = useState(false);

  const [search, setSearch] = useState('');
  // The search the server answers: applied a moment after typing stops.
  const [applied, setApplied] = useState('');
  const [selected, setSelected] = useState<EquipmentOption | undefined>();
  const [usage, setUsage] = useState('');
  const [fuel, setFuel] = useState('');
  const [fuelType, setFuelType] = useState<OperatorFuelType>('gas');
  const [notes, setNotes] = useState('');
  const [photo, setPhoto] = useState<string | null>(null);
  // One key per intended submission: a retry after a lost response is recorded once.
  const keyRef = useRef(newKey());

  const name =
    user?.operatorUsername ?? sessionStorage.getItem(SESSION_USERNAME_KEY) ?? user?.firstName ?? '';
  const typeLabel = (type: string) => t(`screen.types.${type}`, { defaultValue: type });
  const unitLabel = (unit: string) => t(`screen.units.${unit}`, { defaultValue: unit });
  const term = applied.trim().toLowerCase();
  // Types named by the search in the operator's language ("maquinaria" finds machinery).
  const matchTypes = term
    ? equipmentTypes.filter((type) => typeLabel(type).toLowerCase().includes(term))
    : [];
  const online = useOnline();
  // No connection: the browser says so, the session shown is the phone's copy, or a send found none.
  const unconfirmed = useSessionUnconfirmed();
  const offline = !online || unconfirmed || outbox.unreachable;
  const machines = useFieldMachines();
  const all = machines.data;
  const complete = all !== undefined && all.total <= all.items.length;
  // A fleet larger than the kept list: the server searches all of it while there is signal.
  const serverSearch = all !== undefined && !complete && online;
  const equipmentQuery = useEquipmentOptions({ search: term, matchTypes }, serverSearch);
  const alsoTypes = new Set<string>(matchTypes);
  const matching = all?.items.filter((m) => matchesSearch(m, term, alsoTypes)) ?? [];
  const found = serverSearch
    ? (equipmentQuery.data?.items ?? [])
    : matching.slice(0, EQUIPMENT_OPTIONS_SIZE);
  const total = serverSearch ? (equipmentQuery.data?.total ?? 0) : matching.length;
  const loading = machines.isLoading || (serverSearch && equipmentQuery.isLoading);
  const settled = !loading && !(serverSearch && equipmentQuery.isPlaceholderData);
  const listError =
    machines.isError && !all
      ? machines.error
      : serverSearch && equipmentQuery.isError
        ? equipmentQuery.error
        : null;

  useEffect(() => {
    if (search.trim().toLowerCase() === applied) return;
    const id = window.setTimeout(() => setApplied(search.trim().toLowerCase()), SEARCH_DELAY_MS);
    return () => window.clearTimeout(id);
  }, [search, applied]);

  // The chosen machine stays chosen whatever the search; a fresher copy (after an update) replaces it.
  const fresh = selected
    ? (all?.items.find((e) => e.id === selected.id) ?? found.find((e) => e.id === selected.id))
    : undefined;
  const current = fresh ?? selected;

  // A sticker's link (/m/<id>) or a scan: that machine is chosen once it is known.
  const { pathname } = useLocation();
  // `tick` counts scans, so scanning the same sticker again chooses its machine again.
  const [link, setLink] = useState(() => ({ id: machineIdOfLink(pathname), tick: 0 }));
  useEffect(
    () => setLink((l) => ({ id: machineIdOfLink(pathname), tick: l.tick + 1 })),
    [pathname],
  );
  const linked = link.id;
  const linkedMachine = useFieldMachine(linked);
  // From the kept list at once (also offline), else from the server's answer; once per link or scan,
  // so a later refresh never takes back a machine the operator chose since.
  const linkedInList = linked ? all?.items.find((e) => e.id === linked) : undefined;
  const chosenLink = useRef<number | null>(null);
  useEffect(() => {
    if (chosenLink.current === link.tick) return;
    const m = linkedInList ?? (linkedMachine.data?.id === link.id ? linkedMachine.data : undefined);
    if (!m) return;
    chosenLink.current = link.tick;
    setSelected(m);
    setFuelType(defaultFuelType(m.fuelType));
  }, [link, linkedInList, linkedMachine.data]);
  // The server says no machine of the company has this id (another company's sticker): a clear message.
  // No answer (no signal) and not in the kept list: it may be new, so the operator is told to search.
  const linkProblem =
    linked && !linkedInList && linkedMachine.isError
      ? linkedMachine.error instanceof ApiError && linkedMachine.error.status === 0
        ? 'field:scan.unknownOffline'
        : 'field:scan.notFound'
      : null;
  const [scanning, setScanning] = useState(false);
  const onScanned = useCallback((id: string) => {
    setScanning(false);
    setLink((l) => ({ id, tick: l.tick + 1 }));
  }, []);
  // The chosen machine's last reading time and usual daily usage (cached per machine).
  const detail = useFieldMachine(current?.id ?? null);
  // Its checklists and out-of-service state (issue 16).
  const checklists = useMachineChecklists(current?.id ?? null);
  const machineState = checklists.data && !checklists.isPlaceholderData ? checklists.data : null;
  const [inspecting, setInspecting] = useState<TemplateDto | null>(null);
  const [reporting, setReporting] = useState(false);

  const choose = (id: string) => {
    const eq = found.find((e) => e.id === id) ?? (current?.id === id ? current : undefined);
    setSelected(eq);
    setFuelType(defaultFuelType(eq?.fuelType));
  };

  const onLogout = async () => {
    const waiting = outbox.entries.filter((e) => e.state === 'waiting').length;
    if (waiting > 0 && !window.confirm(t('field:outbox.signOutConfirm', { count: waiting })))
      return;
    setLoggingOut(true);
    // Entries left on the phone would be sent under the next user's session: cleared on sign-out.
    await outboxStore()
      .then((m) => m.clearOutbox())
      .catch(() => undefined);
    await logout();
  };

  const fail = (title: string, description: string) =>
    toast({ title, description, variant: 'destructive' });

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (submitting) return;
    if (!current) return fail(t('screen.noEquipmentTitle'), t('screen.noEquipmentBody'));
    const newUsage = parseAmount(usage);
    const fuelAdded = parseAmount(fuel);
    if (newUsage === 'invalid' || (newUsage !== undefined && newUsage < 0))
      return fail(t('screen.invalidUsageTitle'), t('screen.invalidUsageBody'));
    if (fuelAdded === 'invalid' || (fuelAdded !== undefined && fuelAdded < 0))
      return fail(t('screen.invalidFuelTitle'), t('screen.invalidFuelBody'));
    const trimmedNotes = notes.trim();
    if (newUsage === undefined && !(fuelAdded && fuelAdded > 0) && trimmedNotes === '')
      return fail(t('screen.noInfoTitle'), t('screen.noInfoBody'));
    const entry = {
      key: keyRef.current,
      createdAt: Date.now(),
      state: 'waiting' as const,
      ...(photo ? { photo } : {}),
      body: {
        equipmentId: current.id,
        equipmentName: current.name,
        ...(newUsage === undefined ? {} : { newUsage }),
        // The fuel type is only sent when fuel is added.
        ...(fuelAdded && fuelAdded > 0 ? { fuelAdded, fuelType } : {}),
        ...(trimmedNotes ? { notes: trimmedNotes } : {}),
      },
    };
    const clear = () => {
      keyRef.current = newKey();
      setUsage('');
      setFuel('');
      setNotes('');
      setPhoto(null);
    };
    setSubmitting(true);
    void outboxStore()
      .then((m) => m.submitThroughOutbox(entry))
      .then(async (r) => {
        if (r.kind === 'sent') {
          clear();
          await qc.invalidateQueries({ queryKey: operatorKeys.equipmentOptions() });
          if (r.response.status === 'applied' && newUsage !== undefined)
            setSelected({ ...current, currentUsage: newUsage });
          if (r.response.status === 'pending')
            toast({ title: t('screen.pending'), description: t('screen.pendingBody') });
          else toast({ title: t('screen.submitted'), description: t('screen.submittedBody') });
        } else if (r.kind === 'offline') {
          // Kept on the phone with its key: the form is free for the next reading.
          clear();
          // The session ended meanwhile (401): the sign-in is shown; the entry is sent after it.
          if (r.signedOut) void qc.invalidateQueries({ queryKey: authKeys.user });
          toast({ title: t('field:outbox.savedTitle'), description: t('field:outbox.savedBody') });
        } else {
          // Refused while the operator is looking (not kept): the form keeps the values to correct them.
          keyRef.current = newKey();
          fail(t('screen.failed'), translateError(t, r.error));
        }
      })
      .catch((err: unknown) => fail(t('screen.failed'), translateError(t, err)))
      .finally(() => setSubmitting(false));
  };

  const language = i18n.resolvedLanguage === 'es' ? 'es' : 'en';

  return (
    <main className="mx-auto grid max-w-xl gap-4 p-3 pb-10 sm:p-6">
      <Card>
        <CardContent className="grid gap-3 p-4 sm:flex sm:items-center">
          <div className="min-w-0 sm:flex-1">
            <h1 className="break-words text-xl font-bold">{t('screen.welcome', { name })}</h1>
            <p className="text-sm text-muted-foreground">{t('screen.loggedInAs')}</p>
          </div>
          <div className="flex items-center justify-between gap-3">
            <div
              role="group"
              aria-label={t('screen.language')}
              className="inline-flex rounded-md border p-0.5"
            >
              {LANGUAGES.map((lng) => (
                <button
                  key={lng}
                  type="button"
                  aria-pressed={language === lng}
                  onClick={() => void i18n.changeLanguage(lng)}
                  className={cn(
                    // 48 px: tapped with gloves.
                    'h-12 min-w-12 rounded px-3 text-base font-medium uppercase',
                    language === lng
                      ? 'bg-primary text-primary-foreground'
                      : 'text-slate-700 hover:bg-accent',
                  )}
                >
                  {lng}
                </button>
              ))}
            </div>
            <Button
              variant="outline"
              className="h-12 text-base"
              onClick={() => void onLogout()}
              disabled={loggingOut}
            >
              <LogOut aria-hidden />
              {loggingOut ? t('screen.loggingOut') : t('screen.logout')}
            </Button>
          </div>
        </CardContent>
      </Card>

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
            <Button
              type="button"
              variant="outline"
              className="h-14 w-full text-base"
              onClick={() => setScanning(true)}
            >
              <QrCode aria-hidden />
              {t('field:scan.button')}
            </Button>
            {scanning ? (
              <Suspense fallback={null}>
                <ScanDialog onFound={onScanned} onClose={() => setScanning(false)} />
              </Suspense>
            ) : null}
            <div className="grid gap-2">
              <Label htmlFor="equipmentSearch">{t('screen.search')}</Label>
              <div className="relative">
                <Search
                  className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-muted-foreground"
                  aria-hidden
                />
                <Input
                  id="equipmentSearch"
                  type="search"
                  value={search}
                  onChange={(e) => setSearch(e.target.value)}
                  onKeyDown={(e) => {
                    // Enter searches at once (and does not submit the update).
                    if (e.key === 'Enter') {
                      e.preventDefault();
                      setApplied(search.trim().toLowerCase());
                    }
                  }}
                  maxLength={200}
                  autoComplete="off"
                  aria-describedby="equipmentSearchHint"
                  placeholder={t('screen.searchPlaceholder')}
                  className="h-12 pl-9 text-base"
                />
              </div>
            </div>

            <div className="grid gap-2">
              <Label htmlFor="equipmentSelect">{t('screen.equipment')}</Label>
              {loading ? (
                <p className="flex items-center gap-2 text-sm text-muted-foreground">
                  <Loader2 className="h-4 w-4 animate-spin" aria-hidden />
                  {t('screen.loading')}
                </p>
              ) : (
                <select
                  id="equipmentSelect"
                  value={current?.id ?? ''}
                  onChange={(e) => choose(e.target.value)}
                  className="h-12 w-full rounded-md border border-input bg-background px-3 text-base"
                >
                  <option value="">{t('screen.selectEquipment')}</option>
                  {found.map((e) => (
                    <option key={e.id} value={e.id}>
                      {e.name} ({typeLabel(e.type)})
                      {e.outOfService ? ` · ${t('inspections:phone.outOfServiceShort')}` : ''}
                    </option>
                  ))}
                  {current && !found.some((e) => e.id === current.id) ? (
                    <option value={current.id}>
                      {current.name} ({typeLabel(current.type)})
                    </option>
                  ) : null}
                </select>
              )}
              <p id="equipmentSearchHint" role="status" className="text-sm text-muted-foreground">
                {listError
                  ? translateError(t, listError)
                  : !settled
                    ? null
                    : term && total === 0
                      ? t('screen.noResults')
                      : !term && total === 0
                        ? t('screen.noEquipment')
                        : total > found.length
                          ? t('screen.showingFirst', {
                              shown: formatNumber(found.length, 0),
                              total: formatNumber(total, 0),
                            })
                          : null}
              </p>
              {all && !complete && !serverSearch ? (
                <p className="text-sm text-muted-foreground">
                  {t('field:offline.partialList', {
                    shown: formatNumber(all.items.length, 0),
                    total: formatNumber(all.total, 0),
                  })}
                </p>
              ) : null}
              {linkProblem ? (
                <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-destructive">
                  {t(linkProblem)}
                </p>
              ) : null}
              {current ? (
                <p
                  className="flex items-center gap-2 rounded-md bg-slate-100 px-3 py-2 text-sm"
                  data-testid="current-reading"
                >
                  <Gauge className="h-4 w-4 text-primary" aria-hidden />
                  {t('screen.currentReading', {
                    value: `${formatNumber(current.currentUsage, 2)} ${unitLabel(current.unit)}`,
                  })}
                </p>
              ) : null}
              {current && machineState?.outOfService ? (
                <div
                  role="alert"
                  className="flex gap-2 rounded-md border-2 border-red-700 bg-red-50 px-3 py-2 text-red-900"
                >
                  <OctagonAlert className="mt-0.5 h-5 w-5 shrink-0" aria-hidden />
                  <div>
                    <p className="font-semibold">{t('inspections:phone.outOfServiceTitle')}</p>
                    <p className="text-sm">
                      {machineState.outOfService.reason}
                      {' · '}
                      {t('inspections:phone.outOfServiceBody')}
                    </p>
                  </div>
                </div>
              ) : null}
              {current && machineState && machineState.templates.length > 0 ? (
                <div className="grid gap-2 rounded-md border p-3">
                  <p className="flex items-center gap-2 text-sm font-medium">
                    <ClipboardCheck className="h-4 w-4 text-primary" aria-hidden />
                    {machineState.inspectedToday
                      ? t('inspections:phone.inspectedToday')
                      : t('inspections:phone.notInspectedToday')}
                  </p>
                  {machineState.templates.map((tpl) => (
                    <Button
                      key={tpl.id}
                      type="button"
                      variant={machineState.inspectedToday ? 'outline' : 'default'}
                      className="h-14 w-full whitespace-normal text-base"
                      onClick={() => setInspecting(tpl)}
                    >
                      {t('inspections:phone.start', { name: tpl.name })}
                    </Button>
                  ))}
                </div>
              ) : null}
            </div>

            <div className="grid gap-2">
              <Label htmlFor="newUsage">
                {t('screen.usage', { unit: unitLabel(current?.unit ?? 'hours') })}
              </Label>
              <Input
                id="newUsage"
                type="number"
                inputMode="decimal"
                min={0}
                step={0.1}
                value={usage}
                onChange={(e) => setUsage(e.target.value)}
                className="h-12 text-base"
                aria-describedby="newUsageHint"
              />
              <p id="newUsageHint" className="text-xs text-muted-foreground">
                {t('screen.usageHint')}
              </p>
              {current ? (
                <EntryPreview
                  currentUsage={current.currentUsage}
                  unit={current.unit}
                  typed={usage}
                  lastReadingAt={detail.data?.id === current.id ? detail.data.lastReadingAt : null}
                  usualDaily={detail.data?.id === current.id ? detail.data.usualDaily : null}
                />
              ) : null}
            </div>

            <div className="grid gap-2">
              <Label htmlFor="fuelAdded">{t('screen.fuel')}</Label>
              <div className="relative">
                <Fuel
                  className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-muted-foreground"
                  aria-hidden
                />
                <Input
                  id="fuelAdded"
                  type="number"
                  inputMode="decimal"
                  min={0}
                  step={0.1}
                  value={fuel}
                  onChange={(e) => setFuel(e.target.value)}
                  className="h-12 pl-9 text-base"
                />
              </div>
              <fieldset className="grid gap-2">
                <legend className="mb-1 text-sm font-medium">{t('screen.fuelType')}</legend>
                <div className="grid grid-cols-2 gap-2">
                  {(['gas', 'diesel'] as const).map((ft) => (
                    <label
                      key={ft}
                      className={cn(
                        'flex h-12 cursor-pointer items-center justify-center gap-2 rounded-md border text-base font-medium',
                        fuelType === ft
                          ? 'border-primary bg-primary/10 text-primary'
                          : 'border-input',
                      )}
                    >
                      <input
                        type="radio"
                        name="fuelType"
                        value={ft}
                        checked={fuelType === ft}
                        onChange={() => setFuelType(ft)}
                        className="h-4 w-4"
                      />
                      {t(`screen.${ft}`)}
                    </label>
                  ))}
                </div>
              </fieldset>
            </div>

            <div className="grid gap-2">
              <Label htmlFor="notes">{t('screen.notes')}</Label>
              <Textarea
                id="notes"
                value={notes}
                onChange={(e) => setNotes(e.target.value)}
                placeholder={t('screen.notesPlaceholder')}
                rows={3}
                maxLength={2000}
                className="text-base"
              />
            </div>

            <PhotoInput value={photo} onChange={setPhoto} />

            <Button type="submit" size="lg" className="h-12 w-full text-base" disabled={submitting}>
              {submitting ? (
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
    </main>
  );
}
