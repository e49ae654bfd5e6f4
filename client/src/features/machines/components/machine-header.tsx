import type { EquipmentDto } from '@domain/schemas/equipment';
import type { MachineDefect } from '@domain/schemas/machine-page';
import { AlertTriangle, ArchiveRestore, Gauge, MoreHorizontal, Wrench } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useRestoreEquipment } from '@/components/equipment/equipment-queries';
import { ForecastText } from '@/components/equipment/forecast-text';
import { RemoveEquipmentDialog, ServiceDialog } from '@/components/equipment/lazy-dialogs';
import { shortId } from '@/components/equipment/format';
import { OutOfServiceBadge, StatusBadge } from '@/components/equipment/status-badge';
import { TypeIcon } from '@/components/equipment/type-icon';
import { Button } from '@/components/ui/button';
import { LazyDropdown } from '@/components/ui/lazy-dropdown';
import { toast } from '@/components/ui/use-toast';
import { formatDateTime } from '@/lib/format';
import { useStarterText } from '@/lib/starter-text';
import { toastFailure } from '@/components/toast-failure';

// The More menu (Radix menu and its positioning, ~37 KB gzip) loads on its first press and opens at once.
const loadMoreMenu = () => import('./machine-more-menu');
// "Record a reading" (the meter's total and its time, issue 43) loads when first opened.
const RecordReadingDialog = lazy(() => import('./record-reading-dialog'));

type DialogName = 'usage' | 'service' | 'remove';

/**
 * The machine page's header: name, type, serial, status, forecast, the out-of-service banner with
 * its defects, the retired banner, and the actions (record a reading, mark as serviced, and a More
 * menu: edit, print label, inspection report, retire; restore for a retired machine).
 */
export function MachineHeader({
  equipment: e,
  criticalDefects,
}: {
  equipment: EquipmentDto;
  criticalDefects: MachineDefect[];
}) {
  const { t } = useTranslation('machines');
  const { t: te } = useTranslation('equipment');
  const st = useStarterText();
  const [dialog, setDialog] = useState<DialogName | null>(null);
  const restore = useRestoreEquipment();
  const retired = e.retiredAt !== null;
  const doRestore = () =>
    restore.mutate(e.id, {
      onSuccess: () =>
        toast({
          title: te('retired.restored'),
          description: te('retired.restoredBody', { name: e.name }),
        }),
      onError: (err) => toastFailure(te, te('retired.restoreFailed'), err),
    });
  return (
    <header className="grid gap-3">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="flex min-w-0 items-start gap-3">
          <TypeIcon type={e.type} className="mt-1 h-8 w-8 shrink-0" />
          <div className="grid min-w-0 gap-1">
            <h1 className="text-2xl font-bold wrap-anywhere" data-testid="machine-name">
              {e.name}
            </h1>
            <p className="text-sm text-muted-foreground">
              <span className="whitespace-nowrap">
                {te(`types.${e.type}`, { defaultValue: e.type })}
              </span>
              {' · '}
              <span className="whitespace-nowrap">
                {te('columns.id')} {shortId(e.id)}
              </span>
              {e.serialNumber ? (
                <>
                  {' · '}
                  <span>
                    {te('columns.serial')} {e.serialNumber}
                  </span>
                </>
              ) : null}
            </p>
            <div className="flex flex-wrap items-center gap-2">
              {retired ? (
                <span className="rounded-full bg-zinc-200 px-2 py-0.5 text-xs font-semibold text-zinc-900">
                  {t('retired')}
                </span>
              ) : (
                <>
                  <StatusBadge status={e.status} />
                  <OutOfServiceBadge outOfService={e.outOfService} />
                </>
              )}
            </div>
            {!retired ? <ForecastText e={e} className="text-sm" /> : null}
          </div>
        </div>
        <div className="no-print flex flex-wrap items-center gap-2">
          {retired ? (
            <Button onClick={doRestore} disabled={restore.isPending}>
              <ArchiveRestore aria-hidden /> {te('retired.restore')}
            </Button>
          ) : (
            <>
              <Button onClick={() => setDialog('usage')}>
                <Gauge aria-hidden /> {t('actions.recordReading')}
              </Button>
              <Button variant="outline" onClick={() => setDialog('service')}>
                <Wrench aria-hidden /> {te('actions.markServiced')}
              </Button>
            </>
          )}
          <LazyDropdown
            trigger={
              <Button
                variant="outline"
                aria-haspopup="menu"
                aria-label={t('actions.moreFor', { name: e.name })}
              >
                <MoreHorizontal aria-hidden /> {t('actions.more')}
              </Button>
            }
            load={loadMoreMenu}
            menu={(m, trigger) => (
              <m.default
                trigger={trigger}
                equipmentId={e.id}
                retired={retired}
                onRetire={() => setDialog('remove')}
              />
            )}
          />
        </div>
      </div>
      {e.outOfService && !retired ? (
        <div
          role="alert"
          className="flex gap-3 rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-900"
          data-testid="out-of-service-banner"
        >
          <AlertTriangle className="mt-0.5 h-5 w-5 shrink-0" aria-hidden />
          <div className="grid gap-1">
            <p className="font-semibold">{t('outOfService.title')}</p>
            <p>
              {t('outOfService.since', {
                date: formatDateTime(e.outOfService.at),
                who: e.outOfService.by ?? '—',
              })}
              {e.outOfService.reason ? ` · ${e.outOfService.reason}` : ''}
            </p>
            {criticalDefects.length ? (
              <ul className="list-disc pl-5">
                {criticalDefects.map((d) => (
                  <li key={d.id}>
                    {st(d.itemLabel)}
                    {d.note ? `: ${d.note}` : ''}
                  </li>
                ))}
              </ul>
            ) : null}
            <Link className="w-fit underline" to="/inspections">
              {t('outOfService.manage')}
            </Link>
          </div>
        </div>
      ) : null}
      {retired ? (
        <p className="rounded-md bg-muted p-3 text-sm" data-testid="retired-banner">
          {t('retiredSince', { date: formatDateTime(e.retiredAt) })}
        </p>
      ) : null}
      <Suspense fallback={null}>
        {dialog === 'usage' ? (
          <RecordReadingDialog
            equipment={e}
            open
            onOpenChange={(o) => setDialog(o ? 'usage' : null)}
          />
        ) : null}
        {dialog === 'service' ? (
          <ServiceDialog
            equipmentId={e.id}
            open
            onOpenChange={(o) => setDialog(o ? 'service' : null)}
          />
        ) : null}
        {dialog === 'remove' ? (
          <RemoveEquipmentDialog
            equipment={e}
            open
            onOpenChange={(o) => setDialog(o ? 'remove' : null)}
          />
        ) : null}
      </Suspense>
    </header>
  );
}
