import type { TemplateDto } from '@domain/schemas/inspections';
import { ClipboardCheck, Gauge, Loader2, OctagonAlert, QrCode } from 'lucide-react';
import { Suspense, lazy } from 'react';
import { useTranslation } from 'react-i18next';
import { FormField } from '@/components/form-field';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { SearchInput } from '@/components/search-input';
import { formatNumber } from '@/lib/format';
import { translateError } from '@/lib/translate-message';
import type { MachineChecklists } from '../api/machine-checklists';
import type { MachinePicker as Picker } from '../hooks/use-machine-picker';

// The camera and the QR decoder load only when Scan is pressed (page speed: not in the first screen).
const ScanDialog = lazy(() => import('../scan/scan-dialog'));

/**
 * Choosing the machine: Scan, the search and the list, what the search found, and the chosen
 * machine's last reading, out-of-service state and daily checklists.
 */
export function MachinePicker({
  picker,
  machineState,
  onInspect,
}: {
  picker: Picker;
  /** The chosen machine's checklists and out-of-service state (null while unknown). */
  machineState: MachineChecklists | null;
  onInspect: (template: TemplateDto) => void;
}) {
  const { t } = useTranslation(['operators', 'field', 'inspections']);
  const typeLabel = (type: string) => t(`screen.types.${type}`, { defaultValue: type });
  const unitLabel = (unit: string) => t(`screen.units.${unit}`, { defaultValue: unit });
  const { current, found, total, term } = picker;

  const hint = picker.listError
    ? translateError(t, picker.listError)
    : !picker.settled
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
            : null;

  return (
    <>
      <Button
        type="button"
        variant="outline"
        className="h-14 w-full text-base"
        onClick={() => picker.setScanning(true)}
      >
        <QrCode aria-hidden />
        {t('field:scan.button')}
      </Button>
      {picker.scanning ? (
        <Suspense fallback={null}>
          <ScanDialog onFound={picker.onScanned} onClose={() => picker.setScanning(false)} />
        </Suspense>
      ) : null}
      <FormField id="equipmentSearch" label={t('screen.search')} className="gap-2">
        <SearchInput
          id="equipmentSearch"
          value={picker.search}
          onChange={(e) => picker.setSearch(e.target.value)}
          onKeyDown={(e) => {
            // Enter searches at once (and does not submit the update).
            if (e.key === 'Enter') {
              e.preventDefault();
              picker.applyNow();
            }
          }}
          maxLength={200}
          autoComplete="off"
          aria-describedby="equipmentSearchHint"
          placeholder={t('screen.searchPlaceholder')}
          className="h-12 text-base"
        />
      </FormField>

      <div className="grid gap-2">
        <Label htmlFor="equipmentSelect">{t('screen.equipment')}</Label>
        {picker.loading ? (
          <p className="flex items-center gap-2 text-sm text-muted-foreground">
            <Loader2 className="h-4 w-4 animate-spin" aria-hidden />
            {t('screen.loading')}
          </p>
        ) : (
          <select
            id="equipmentSelect"
            value={current?.id ?? ''}
            onChange={(e) => picker.choose(e.target.value)}
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
          {hint}
        </p>
        {picker.partial ? (
          <p className="text-sm text-muted-foreground">
            {t('field:offline.partialList', {
              shown: formatNumber(picker.partial.shown, 0),
              total: formatNumber(picker.partial.total, 0),
            })}
          </p>
        ) : null}
        {picker.linkProblem ? (
          <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-destructive">
            {t(picker.linkProblem)}
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
                className="h-auto min-h-14 w-full whitespace-normal py-2 text-base"
                onClick={() => onInspect(tpl)}
              >
                {t('inspections:phone.start', { name: tpl.name })}
              </Button>
            ))}
          </div>
        ) : null}
      </div>
    </>
  );
}
