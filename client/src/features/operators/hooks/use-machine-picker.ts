import { EQUIPMENT_OPTIONS_SIZE, matchesSearch } from '@domain/equipment-search';
import { equipmentTypes } from '@domain/kinds';
import { machineIdOfLink } from '@domain/machine-links';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { ApiError } from '@/lib/api';
import { useOnline } from '@/lib/use-online';
import { useEquipmentOptions, type EquipmentOption } from '../api/equipment-options';
import { useFieldMachine } from '../api/field-machine';
import { useFieldMachines } from '../api/field-machines';

const SEARCH_DELAY_MS = 300;

/**
 * The operator's machine picker: a search over the company's machine list kept on the phone
 * (GET /api/field/machines, bounded; the service worker keeps its last answer), so it finds any
 * machine with no signal too. Only a fleet larger than that list (no plan limit) searches the server
 * while online (GET /api/equipment/options); offline it searches the part it has and says so.
 * A sticker's link (/m/<id>) or a scan chooses its machine once it is known. `onChosen` is told of
 * every machine the operator (or a link) chooses.
 */
export function useMachinePicker(onChosen: (machine: EquipmentOption | undefined) => void) {
  const { t } = useTranslation(['operators']);
  const typeLabel = (type: string) => t(`screen.types.${type}`, { defaultValue: type });
  const [search, setSearch] = useState('');
  // The search the server answers: applied a moment after typing stops (Enter applies it at once).
  const [applied, setApplied] = useState('');
  const [selected, setSelected] = useState<EquipmentOption | undefined>();
  const term = applied.trim().toLowerCase();
  // Types named by the search in the operator's language ("maquinaria" finds machinery).
  const matchTypes = term
    ? equipmentTypes.filter((type) => typeLabel(type).toLowerCase().includes(term))
    : [];
  const online = useOnline();
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
  const applyNow = () => setApplied(search.trim().toLowerCase());

  // The chosen machine stays chosen whatever the search; a fresher copy (after an update) replaces it.
  const fresh = selected
    ? (all?.items.find((e) => e.id === selected.id) ?? found.find((e) => e.id === selected.id))
    : undefined;
  const current = fresh ?? selected;

  // `tick` counts links and scans, so scanning the same sticker again chooses its machine again.
  const { pathname } = useLocation();
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
  const onChosenRef = useRef(onChosen);
  onChosenRef.current = onChosen;
  useEffect(() => {
    if (chosenLink.current === link.tick) return;
    const m = linkedInList ?? (linkedMachine.data?.id === link.id ? linkedMachine.data : undefined);
    if (!m) return;
    chosenLink.current = link.tick;
    setSelected(m);
    onChosenRef.current(m);
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

  const choose = (id: string) => {
    const eq = found.find((e) => e.id === id) ?? (current?.id === id ? current : undefined);
    setSelected(eq);
    onChosen(eq);
  };

  return {
    search,
    setSearch,
    applyNow,
    term,
    found,
    total,
    loading,
    settled,
    listError,
    /** The kept list when it is not the whole fleet and the server cannot be asked. */
    partial:
      all && !complete && !serverSearch ? { shown: all.items.length, total: all.total } : null,
    current,
    choose,
    /** After an applied update: the machine's new usage is shown before the list refreshes. */
    setCurrent: setSelected,
    linkProblem,
    scanning,
    setScanning,
    onScanned,
  };
}
export type MachinePicker = ReturnType<typeof useMachinePicker>;
