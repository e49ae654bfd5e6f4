import type { EquipmentDto } from '@domain/schemas/equipment';
import type { MachinePageDto, MachinePendingReading } from '@domain/schemas/machine-page';
import { Check, ClipboardList, Hourglass, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatUsage } from '@/components/equipment/format';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { toast } from '@/components/ui/use-toast';
import { formatDate, formatDateTime } from '@/lib/format';
import { cn } from '@/lib/utils';
import { useReviewReading } from '../api/machine-actions';
import { toastFailure } from '@/components/toast-failure';

/**
 * Readings held for a manager's review (issue 43: the CAT 320's 667.5 h waited unseen), with Approve
 * and Reject, as Recent operator updates offers them.
 */
export function PendingReadings({
  equipment: e,
  pending,
}: {
  equipment: EquipmentDto;
  pending: MachinePendingReading[];
}) {
  const { t } = useTranslation('machines');
  const { t: te } = useTranslation('equipment');
  const review = useReviewReading();
  if (pending.length === 0) return null;
  const act = (id: string, action: 'approve' | 'reject') =>
    review.mutate(
      { id, action },
      {
        onSuccess: () =>
          toast({
            title: action === 'approve' ? t('pending.approved') : t('pending.rejected'),
            description: e.name,
          }),
        onError: (err) => toastFailure(te, t('pending.failed'), err),
      },
    );
  return (
    <section
      aria-labelledby="pending-heading"
      className="grid gap-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950"
      data-testid="pending-readings"
    >
      <h2 id="pending-heading" className="flex items-center gap-2 font-semibold">
        <Hourglass className="h-4 w-4 shrink-0" aria-hidden />
        {t('pending.title', { count: pending.length })}
      </h2>
      <ul className="grid gap-2">
        {pending.map((p) => (
          <li key={p.id} className="flex flex-wrap items-center justify-between gap-2">
            <span className="min-w-0 [overflow-wrap:anywhere]">
              <strong>{p.usage === null ? '—' : formatUsage(te, p.usage, e.unit)}</strong>
              {' · '}
              {t('pending.by', { who: p.operatorName, date: formatDateTime(p.at) })}
              {p.reason === 'implausible_reading' ? (
                <span className="block text-xs">{t('pending.implausible')}</span>
              ) : null}
            </span>
            <span className="no-print flex gap-2">
              <Button size="sm" disabled={review.isPending} onClick={() => act(p.id, 'approve')}>
                <Check aria-hidden /> {t('pending.approve')}
              </Button>
              <Button
                size="sm"
                variant="outline"
                disabled={review.isPending}
                onClick={() => act(p.id, 'reject')}
              >
                <X aria-hidden /> {t('pending.reject')}
              </Button>
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The machine's open work orders (issue 43): number and title as a link, status, assignee, due date. */
export function OpenWorkOrders({ orders }: { orders: MachinePageDto['openWorkOrders'] }) {
  const { t } = useTranslation('machines');
  return (
    <Card role="region" aria-labelledby="work-orders-heading" data-testid="open-work-orders">
      <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-2 space-y-0 pb-2">
        <CardTitle id="work-orders-heading" className="text-base">
          {t('workOrders.title')}
        </CardTitle>
        <Link className="text-sm text-primary underline" to="/work-orders">
          {t('workOrders.all')}
        </Link>
      </CardHeader>
      <CardContent className="text-sm">
        {orders.length === 0 ? (
          <p className="text-muted-foreground">{t('workOrders.none')}</p>
        ) : (
          <ul className="divide-y">
            {orders.map((w) => (
              <li key={w.id} className="grid gap-0.5 py-2 first:pt-0">
                <Link
                  to={`/work-orders/${w.id}`}
                  className="flex min-w-0 items-start gap-1 font-medium text-primary underline [overflow-wrap:anywhere]"
                >
                  <ClipboardList className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
                  {t('workOrders.numbered', { number: w.number, title: w.title })}
                </Link>
                <span className="flex flex-wrap gap-x-2 text-muted-foreground">
                  <span className="rounded bg-muted px-1.5 text-xs font-semibold text-foreground">
                    {t(`workOrders.status.${w.status}`, { defaultValue: w.status })}
                  </span>
                  <span className="[overflow-wrap:anywhere]">
                    {w.assignee
                      ? t('workOrders.assignee', { who: w.assignee })
                      : t('workOrders.unassigned')}
                  </span>
                  {w.dueDate ? (
                    <span className={cn(w.overdue && 'font-semibold text-red-700')}>
                      {t(w.overdue ? 'workOrders.overdue' : 'workOrders.due', {
                        date: formatDate(w.dueDate),
                      })}
                    </span>
                  ) : null}
                </span>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
