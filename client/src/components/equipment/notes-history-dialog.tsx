import { exportFileName, serviceEntryColumns, toCsv } from '@domain/csv';
import type { EquipmentDto, HistoryRecordDto, ServiceLogDto } from '@domain/schemas/equipment';
import { Download } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { TitledDialog } from '@/components/form-dialog';
import { toast } from '@/components/ui/use-toast';
import { companyToday } from '@/lib/auth';
import { downloadText } from '@/lib/download';
import { formatNumber, formatUsd } from '@/lib/format';
import {
  useEquipment,
  useEquipmentHistory,
  useServiceLog,
  useVoidEntry,
} from './equipment-queries';
import { ForecastText } from './forecast-text';
// Loaded when a void is asked for: its form (zod, react-hook-form) stays out of the first screen. The
// note form loads its schema when first used (note-form.tsx).
import { OpenVoidDialog } from './lazy-void-dialog';
import { describeReading, HistoryEntry, voidDone } from './history-entry';
import { NoteForm } from './note-form';

type Props = {
  equipment: Pick<EquipmentDto, 'id' | 'name' | 'unit'> | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** A retired machine: its history can be read, not changed. */
  readOnly?: boolean;
};

/**
 * Equipment Notes & History: add a note; the history (newest first) in a 400 px list with services
 * (parts, cost, who), changes (old and new values) and voided readings (struck through, who and why);
 * the machine's maintenance cost and its service log export.
 */
export function NotesHistoryDialog({ equipment, open, onOpenChange, readOnly = false }: Props) {
  const { t } = useTranslation('equipment');
  const [voiding, setVoiding] = useState<HistoryRecordDto | null>(null);
  const history = useEquipmentHistory(equipment?.id ?? null, open);
  const services = useServiceLog(equipment?.id ?? null, open);
  const detail = useEquipment(open ? (equipment?.id ?? null) : null);
  const voidEntry = useVoidEntry();

  return (
    <TitledDialog
      open={open}
      onOpenChange={onOpenChange}
      className="max-h-[96dvh] max-w-2xl overflow-y-auto"
      title={t('notes.title')}
      description={
        <>
          {equipment?.name ?? ''}
          {readOnly ? ` · ${t('notes.retiredReadOnly')}` : ''}
        </>
      }
      note={
        <>
          {detail.data && !readOnly ? <ForecastText e={detail.data} className="text-sm" /> : null}
          {equipment ? (
            <Link
              to={`/machines/${equipment.id}`}
              className="w-fit text-sm text-primary underline"
              onClick={() => onOpenChange(false)}
            >
              {t('actions.openPage')}
            </Link>
          ) : null}
        </>
      }
    >
      {!readOnly && equipment ? <NoteForm equipment={equipment} /> : null}
      {equipment && services.data ? (
        <ServiceCost equipment={equipment} log={services.data} />
      ) : null}
      <section aria-labelledby="history-heading" className="grid gap-2">
        <h3 id="history-heading" className="font-semibold">
          {t('notes.history')}
        </h3>
        <div className="h-[400px] overflow-y-auto rounded-md border" data-testid="history-list">
          {history.isLoading ? (
            <p className="p-4 text-sm text-muted-foreground">{t('loading')}</p>
          ) : history.isError ? (
            <p className="p-4 text-sm text-destructive">{t('notes.loadFailed')}</p>
          ) : !history.data?.length ? (
            <p className="p-4 text-sm text-muted-foreground">{t('notes.empty')}</p>
          ) : (
            <ul className="divide-y">
              {history.data.map((h) => (
                <HistoryEntry
                  key={h.id}
                  entry={h}
                  unit={equipment?.unit ?? 'n/a'}
                  onVoid={!readOnly && h.canVoid ? () => setVoiding(h) : undefined}
                />
              ))}
            </ul>
          )}
        </div>
      </section>
      {equipment && voiding ? (
        <OpenVoidDialog
          onClose={() => setVoiding(null)}
          what={describeReading(t, voiding, equipment.unit)}
          service={voiding.kind === 'service'}
          onVoid={async (reason) => {
            await voidEntry.mutateAsync({
              equipmentId: equipment.id,
              entryId: voiding.id,
              reason,
            });
            toast(voidDone(t, voiding, equipment.name));
          }}
        />
      ) : null}
    </TitledDialog>
  );
}

/** Total maintenance cost, cost per hour / mile / km, and the machine's service log as CSV. */
function ServiceCost({
  equipment,
  log,
}: {
  equipment: Pick<EquipmentDto, 'name' | 'unit'>;
  log: ServiceLogDto;
}) {
  const { t } = useTranslation('equipment');
  if (log.entries.length === 0) return null;
  const exportLog = () => {
    const file = exportFileName(
      `service-log-${equipment.name.replace(/[^\p{L}\p{N}]+/gu, '-').toLowerCase()}`,
      companyToday(),
    );
    downloadText(file, toCsv(serviceEntryColumns, log.entries));
    toast({
      title: t('toast.exportComplete'),
      description: t('toast.exportCompleteBody', { count: log.entries.length, file }),
    });
  };
  return (
    <section
      aria-label={t('notes.costTitle')}
      className="flex flex-wrap items-center justify-between gap-3 rounded-md bg-muted p-3 text-sm"
    >
      <dl className="flex flex-wrap gap-x-6 gap-y-1">
        <div>
          <dt className="text-xs text-muted-foreground">{t('notes.services')}</dt>
          <dd className="font-semibold">{formatNumber(log.entries.length)}</dd>
        </div>
        <div>
          <dt className="text-xs text-muted-foreground">{t('notes.totalCost')}</dt>
          <dd className="font-semibold" data-testid="total-cost">
            {formatUsd(log.totalCost)}
          </dd>
        </div>
        {log.costPerUnit !== null ? (
          <div>
            <dt className="text-xs text-muted-foreground">
              {t('notes.costPer', { unit: t(`perUnit.${log.unit}`, { defaultValue: log.unit }) })}
            </dt>
            <dd className="font-semibold">{formatUsd(log.costPerUnit)}</dd>
          </div>
        ) : null}
      </dl>
      <Button type="button" variant="outline" size="sm" onClick={exportLog}>
        <Download aria-hidden /> {t('notes.exportServices')}
      </Button>
    </section>
  );
}
