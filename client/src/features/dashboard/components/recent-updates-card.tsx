import { Check, Undo2, Wrench, X } from 'lucide-react';
import { useState } from 'react';
import { UPDATES_MAX, UPDATES_PAGE } from '@domain/operator-updates';
import { CRITICAL_DAYS, CRITICAL_PERCENT, SEVERE_DAYS, SEVERE_PERCENT } from '@domain/status';
import { MachineLink } from '@/components/equipment/machine-link';
import { useTranslation } from 'react-i18next';
import type { OperatorUpdateDto } from '@domain/schemas/operators';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { toast } from '@/components/ui/use-toast';
import { useHistoryLang } from '@/components/equipment/entry-text';
import { starterText } from '@domain/inspection-starters';
import { historyTables } from '@domain/history-text';
import { deviceLabel } from '@/lib/device-label';
import { VoidedNote } from './voided-note';
import { formatDateTime, formatNumber, formatPercent } from '@/lib/format';
import { cn } from '@/lib/utils';
import { useOperatorUpdates, useReviewUpdate, useVoidUpdate } from '../api/operator-updates';
import { useUpdatesWithPhotos } from '../api/updates-with-photos';
import { usePulseAlerts } from './pulse-setting';
import { ShowMoreItem } from './show-more-item';
import { OpenVoidDialog } from '@/components/equipment/lazy-void-dialog';
import { toastFailure } from '@/components/toast-failure';

export type Criticality = 'none' | 'critical' | 'severe';

/**
 * Recent operator updates: pending ones first (Approve / Reject), then recent applied ones; the first
 * UPDATES_PAGE in a 400 px scrolling list, then "Show more" (up to the API's UPDATES_MAX).
 * Updates about critical equipment pulse (severely critical harder) unless pulse alerts are off;
 * those get a Serviced button.
 */
export function RecentUpdatesCard({
  unitOf,
  onServiced,
  servicingId,
}: {
  unitOf: (equipmentId: string) => string | undefined;
  onServiced: (equipmentId: string, equipmentName: string) => void;
  servicingId: string | null;
}) {
  const { t } = useTranslation('dashboard');
  const { t: tc } = useTranslation('common');
  const { t: tf } = useTranslation('field');
  const lang = useHistoryLang();
  const withPhotos = useUpdatesWithPhotos();
  const [limit, setLimit] = useState(UPDATES_PAGE);
  const updates = useOperatorUpdates(limit);
  const review = useReviewUpdate();
  const voidUpdate = useVoidUpdate();
  const [voiding, setVoiding] = useState<OperatorUpdateDto | null>(null);
  const [pulse, setPulse] = usePulseAlerts();
  const list = updates.data ?? [];

  const act = (u: OperatorUpdateDto, action: 'approve' | 'reject') =>
    review.mutate(
      { id: u.id, action },
      {
        onSuccess: () =>
          toast({
            title: action === 'approve' ? t('updates.approved') : t('updates.rejected'),
            description: t(action === 'approve' ? 'updates.approvedBody' : 'updates.rejectedBody', {
              name: u.equipmentName,
            }),
          }),
        onError: (err) => toastFailure(t, t('updates.reviewFailed'), err),
      },
    );

  return (
    <Card>
      <CardHeader className="flex-row flex-wrap items-center justify-between gap-2 space-y-0">
        <CardTitle>{t('updates.title')}</CardTitle>
        <div className="flex items-center gap-2">
          <Switch id="pulse-alerts" checked={pulse} onCheckedChange={setPulse} />
          <Label htmlFor="pulse-alerts">{t('updates.pulse')}</Label>
        </div>
      </CardHeader>
      <CardContent className="grid gap-2">
        {/* The spec's critical levels, explained where their words show (issue 43). */}
        <p className="text-xs text-muted-foreground" data-testid="critical-help">
          {t('updates.criticalHelp', {
            percent: formatPercent(CRITICAL_PERCENT / 100, 0),
            days: CRITICAL_DAYS,
            severe: formatPercent(SEVERE_PERCENT / 100, 0),
            severeDays: -SEVERE_DAYS,
          })}
        </p>
        {list.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            {updates.isLoading ? tc('loading') : t('updates.empty')}
          </p>
        ) : (
          <ul
            className="grid max-h-[400px] gap-2 overflow-y-auto pr-1"
            aria-label={t('updates.title')}
          >
            {list.map((u) => {
              // The list answers each update's machine's criticality now (bounded by the list).
              const level: Criticality = u.criticality ?? 'none';
              const unit = u.unit ?? unitOf(u.equipmentId);
              return (
                <li
                  key={u.id}
                  aria-label={u.equipmentName}
                  data-status={u.status}
                  data-critical={level}
                  className={cn(
                    'grid gap-2 rounded-md border p-3 text-sm',
                    u.status === 'pending' && 'border-yellow-400 bg-yellow-50',
                    pulse && level === 'critical' && 'pulse-critical',
                    pulse && level === 'severe' && 'pulse-severe',
                  )}
                >
                  <div className="flex flex-wrap items-center justify-between gap-2">
                    <MachineLink id={u.equipmentId} className={cn(u.voided && 'line-through')}>
                      {u.equipmentName}
                    </MachineLink>
                    <div className="flex flex-wrap items-center gap-1">
                      {u.overTank && !u.voided ? (
                        <Badge variant="warning" data-testid="over-tank">
                          {t('updates.overTank')}
                        </Badge>
                      ) : null}
                      {level !== 'none' ? (
                        <Badge variant="destructive">
                          {level === 'severe' ? t('updates.severe') : t('updates.critical')}
                        </Badge>
                      ) : null}
                      <Badge
                        variant={
                          u.voided
                            ? 'destructive'
                            : u.status === 'pending'
                              ? 'secondary'
                              : 'success'
                        }
                      >
                        {u.voided ? t('updates.voided') : t(`updates.status.${u.status}`)}
                      </Badge>
                    </div>
                  </div>
                  <div
                    className={cn(
                      'flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted-foreground',
                      u.voided && 'line-through',
                    )}
                  >
                    <span>{t('updates.by', { name: u.operatorName })}</span>
                    {u.device ? <span>{deviceLabel(u.device, tc)}</span> : null}
                    <time dateTime={u.createdAt}>{formatDateTime(u.createdAt)}</time>
                    {u.newUsage !== null ? (
                      <span>
                        {t('updates.reading')}: {formatNumber(u.newUsage)}{' '}
                        {unit ? t(`units.${unit}`, { defaultValue: unit }) : ''}
                      </span>
                    ) : null}
                    {u.fuelAdded > 0 ? (
                      <span>
                        {t('updates.fuel')}:{' '}
                        {t('updates.fuelAmount', {
                          amount: formatNumber(u.fuelAdded),
                          type: t(`fuelTypes.${u.fuelType}`, { defaultValue: u.fuelType }),
                        })}
                      </span>
                    ) : null}
                  </div>
                  {u.checklist || u.notes ? (
                    <p className={cn('wrap-anywhere', u.voided && 'line-through opacity-70')}>
                      {[
                        u.checklist
                          ? historyTables[lang].inspectionReading(starterText(u.checklist, lang))
                          : '',
                        u.notes,
                      ]
                        .filter(Boolean)
                        .join(' · ')}
                    </p>
                  ) : null}
                  {u.unusual && !u.voided ? (
                    <div
                      className="flex flex-wrap items-center gap-2 rounded-md bg-yellow-50 p-2 text-xs text-yellow-900"
                      data-testid="unusual"
                    >
                      <Badge variant="secondary">{t('updates.unusual')}</Badge>
                      <span className="min-w-0 flex-1">{t('updates.unusualHint')}</span>
                      <Button
                        size="sm"
                        variant="outline"
                        className="text-destructive hover:text-destructive"
                        disabled={voidUpdate.isPending}
                        onClick={() =>
                          voidUpdate.mutate(
                            { id: u.id, reason: t('updates.unusualVoidReason') },
                            {
                              onError: (err) => toastFailure(t, t('updates.reviewFailed'), err),
                            },
                          )
                        }
                      >
                        <Undo2 aria-hidden />
                        {t('updates.voidUnusual')}
                      </Button>
                    </div>
                  ) : null}
                  {u.voided ? <VoidedNote voided={u.voided} /> : null}
                  {withPhotos.has(u.id) ? (
                    <a
                      href={`/api/field/photos/${u.id}`}
                      target="_blank"
                      rel="noreferrer"
                      className="w-fit"
                    >
                      <img
                        src={`/api/field/photos/${u.id}`}
                        alt={tf('photo.alt', { name: u.equipmentName })}
                        loading="lazy"
                        className="h-24 w-24 rounded-md border object-cover"
                      />
                    </a>
                  ) : null}
                  {u.status === 'pending' && u.reason ? (
                    <p className="text-xs text-yellow-900">
                      {t(`updates.reason.${u.reason}`, { defaultValue: u.reason })}
                    </p>
                  ) : null}
                  <div className="flex flex-wrap gap-2">
                    {u.status === 'pending' ? (
                      <>
                        <Button
                          size="sm"
                          onClick={() => act(u, 'approve')}
                          disabled={review.isPending}
                          aria-label={t('updates.approveLabel', { name: u.equipmentName })}
                        >
                          <Check aria-hidden />
                          {t('updates.approve')}
                        </Button>
                        <Button
                          size="sm"
                          variant="outline"
                          onClick={() => act(u, 'reject')}
                          disabled={review.isPending}
                          aria-label={t('updates.rejectLabel', { name: u.equipmentName })}
                        >
                          <X aria-hidden />
                          {t('updates.reject')}
                        </Button>
                      </>
                    ) : null}
                    {u.status === 'applied' && !u.voided ? (
                      <Button
                        size="sm"
                        variant="ghost"
                        className="text-destructive hover:text-destructive"
                        onClick={() => setVoiding(u)}
                        aria-label={t('updates.voidLabel', { name: u.equipmentName })}
                      >
                        <Undo2 aria-hidden />
                        {t('updates.void')}
                      </Button>
                    ) : null}
                    {level !== 'none' ? (
                      <Button
                        size="sm"
                        variant="outline"
                        onClick={() => onServiced(u.equipmentId, u.equipmentName)}
                        disabled={servicingId === u.equipmentId}
                      >
                        <Wrench aria-hidden />
                        {t('updates.serviced')}
                      </Button>
                    ) : null}
                  </div>
                </li>
              );
            })}
            <ShowMoreItem
              shown={list.length}
              limit={limit}
              max={UPDATES_MAX}
              page={UPDATES_PAGE}
              busy={updates.isFetching}
              onLimit={setLimit}
            />
          </ul>
        )}
      </CardContent>
      {voiding ? (
        <OpenVoidDialog
          onClose={() => setVoiding(null)}
          what={t('updates.voidWhat', {
            name: voiding.equipmentName,
            who: voiding.operatorName,
            date: formatDateTime(voiding.createdAt),
          })}
          onVoid={async (reason) => {
            await voidUpdate.mutateAsync({ id: voiding.id, reason });
            toast({
              title: t('updates.voidDone'),
              description: t('updates.voidDoneBody', { name: voiding.equipmentName }),
            });
          }}
        />
      ) : null}
    </Card>
  );
}
