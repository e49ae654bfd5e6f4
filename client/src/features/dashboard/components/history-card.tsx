import { Download, History } from 'lucide-react';
import { useState } from 'react';
import { AfterFirstPaint } from '@/components/after-first-paint';
import { MachineLink } from '@/components/equipment/machine-link';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { IconCardTitle } from '@/components/icon-card-title';
import { toast } from '@/components/ui/use-toast';
import { formatDate, formatNumber } from '@/lib/format';
import { VoidedNote } from './voided-note';
import { cn } from '@/lib/utils';
import { exportFileName, historyColumnsIn, serviceEntryColumns } from '@domain/csv';
import type { HistoryEntry } from '@domain/schemas/dashboard';
import type { HistoryRecordDto, ServiceEntryDto } from '@domain/schemas/equipment';
import { entryText, useHistoryLang, useVolumeUnit } from '@/components/equipment/entry-text';
import { downloadRowsAsCsv } from '../api/download-export';
import { HISTORY_MAX, HISTORY_PAGE, useRecentHistory } from '../api/get-history';
import { ShowMoreItem } from './show-more-item';
import { useExportRun } from './use-export-run';
import { companyToday, useCurrentUser } from '@/lib/auth';

/**
 * Equipment history of all equipment: a 400 px scrolling list (the newest 50, then "Show more" up to 200)
 * and its CSV export (everything).
 */
export function HistoryCard() {
  const { t } = useTranslation('dashboard');
  const { t: tc } = useTranslation('common');
  const [limit, setLimit] = useState(HISTORY_PAGE);
  const history = useRecentHistory(limit);
  const { exporting, run } = useExportRun();
  // Fuel in the company's unit, stated in the CSV's header (domain/fuel.ts).
  const volumeUnit = useCurrentUser().user?.volumeUnit ?? 'gal';
  const entries = history.data ?? [];

  const exportHistory = (what: 'history' | 'services') =>
    run(async () => {
      const rows =
        what === 'history'
          ? await downloadRowsAsCsv<HistoryRecordDto>(
              '/api/equipment-history/export',
              historyColumnsIn(volumeUnit),
              exportFileName('equipment-history', companyToday()),
            )
          : await downloadRowsAsCsv<ServiceEntryDto>(
              '/api/service-entries/export',
              serviceEntryColumns,
              exportFileName('service-log', companyToday()),
            );
      if (rows === 0)
        toast({
          title: t('history.noData'),
          description: t(what === 'history' ? 'history.noDataBody' : 'history.noServicesBody'),
          variant: 'destructive',
        });
      else toast({ title: t('exportComplete'), description: t('exportedRows', { count: rows }) });
    });

  return (
    <Card>
      <CardHeader className="flex-row flex-wrap items-center justify-between gap-2 space-y-0">
        <IconCardTitle icon={History}>{t('history.title')}</IconCardTitle>
        <div className="flex flex-wrap gap-2">
          <Button
            variant="outline"
            size="sm"
            onClick={() => void exportHistory('services')}
            disabled={exporting || entries.length === 0}
          >
            <Download aria-hidden />
            {t('history.exportServices')}
          </Button>
          <Button
            variant="outline"
            size="sm"
            onClick={() => void exportHistory('history')}
            disabled={exporting || entries.length === 0}
          >
            <Download aria-hidden />
            {tc('actions.exportCsv')}
          </Button>
        </div>
      </CardHeader>
      <CardContent>
        <ul
          className="h-[400px] divide-y overflow-y-auto rounded-md border"
          aria-label={t('history.title')}
          tabIndex={0}
        >
          {entries.length === 0 ? (
            <li className="p-4 text-sm text-muted-foreground">
              {history.isLoading ? tc('loading') : t('history.empty')}
            </li>
          ) : (
            // The 50 entries scroll in a fixed box: built right after the first screen is shown, in
            // short slices (not in the dashboard's first, blocking render).
            <AfterFirstPaint>
              <HistoryItems entries={entries} />
            </AfterFirstPaint>
          )}
          <ShowMoreItem
            shown={entries.length}
            limit={limit}
            max={HISTORY_MAX}
            page={HISTORY_PAGE}
            busy={history.isFetching}
            onLimit={setLimit}
          />
        </ul>
      </CardContent>
    </Card>
  );
}

/** The kind's badge: a service green, a usage update filled, any other kind outlined. */
const KIND_BADGE: Partial<Record<HistoryEntry['noteType'], 'success' | 'default'>> = {
  maintenance: 'success',
  usage_update: 'default',
};

/** The list's entries: each machine, when, its kind, who, the reading and what happened. */
function HistoryItems({ entries }: { entries: HistoryEntry[] }) {
  const { t } = useTranslation('dashboard');
  const lang = useHistoryLang();
  const volumeUnit = useVolumeUnit();
  return entries.map((h) => (
    <li key={h.id} className="grid gap-1 p-3 text-sm">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <MachineLink id={h.equipmentId}>{h.equipmentName}</MachineLink>
        <time className="text-xs text-muted-foreground" dateTime={h.createdAt}>
          {formatDate(h.createdAt)}
        </time>
      </div>
      <div className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
        <Badge variant="outline">
          {t(`types.${h.equipmentType}`, { defaultValue: h.equipmentType })}
        </Badge>
        <Badge variant={KIND_BADGE[h.noteType] ?? 'outline'}>
          {t(`history.kind.${h.noteType}`, { defaultValue: h.noteType })}
        </Badge>
        {h.voided ? <Badge variant="destructive">{t('updates.voided')}</Badge> : null}
        {h.operatorName ? <span>{t('history.by', { name: h.operatorName })}</span> : null}
        {h.usage !== null ? (
          <span>
            {formatNumber(h.usage)} {t(`units.${h.unit}`, { defaultValue: h.unit })}
          </span>
        ) : null}
      </div>
      <p className={cn('wrap-anywhere', h.voided && 'line-through opacity-70')}>
        {entryText(lang, h, false, volumeUnit)}
      </p>
      {h.voided ? <VoidedNote voided={h.voided} testId="history-voided" /> : null}
    </li>
  ));
}
