import { AlertTriangle, CalendarClock, Info, PauseCircle } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isUnlimited, PAUSE_MONTHS, PLANS } from '@domain/plans';
import type { SubscriptionView } from '@domain/schemas/subscription';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { formatDate } from '@/lib/format';
import { cn } from '@/lib/utils';
import { ConfirmButton } from './confirm-button';
import { StorageUsage } from './storage-usage';
import { UsageMeter } from './usage-meter';
import { formatUsd } from '@/lib/format';
import { isMessageKeyShaped as isMessageKey } from '@domain/messages/registry';
import { translateKey } from '@/lib/translate-message';

type Tone = 'info' | 'warning' | 'danger';
const toneClass: Record<Tone, string> = {
  info: 'border-blue-200 bg-blue-50 text-blue-900',
  warning: 'border-amber-300 bg-amber-50 text-amber-900',
  danger: 'border-red-300 bg-red-50 text-red-900',
};

export function Notice({
  tone,
  title,
  children,
  icon,
}: {
  tone: Tone;
  title: string;
  children?: ReactNode;
  icon?: ReactNode;
}) {
  return (
    <div
      role={tone === 'danger' ? 'alert' : 'status'}
      className={cn('flex gap-3 rounded-lg border p-4', toneClass[tone])}
    >
      <span className="mt-0.5 shrink-0" aria-hidden>
        {icon ?? <Info className="h-5 w-5" />}
      </span>
      <div className="min-w-0">
        <p className="font-semibold">{title}</p>
        {children && <div className="mt-1 text-sm">{children}</div>}
      </div>
    </div>
  );
}

/** Trial days left, over the limit (red), paused until, access until, read-only. */
export function SubscriptionAlerts({ sub }: { sub: SubscriptionView }) {
  const { t } = useTranslation('subscription');
  const plan = t(`plans.${sub.tier}`);
  return (
    <div className="space-y-3">
      {sub.overLimit && (
        <Notice
          tone="danger"
          title={t('alerts.overLimitTitle')}
          icon={<AlertTriangle className="h-5 w-5" />}
        >
          {t('alerts.overLimitBody', {
            count: sub.equipmentCount,
            limit: sub.equipmentLimit,
            plan,
          })}
        </Notice>
      )}
      {sub.status === 'trial' && (
        <Notice
          tone="info"
          title={t('alerts.trialDaysLeft', { count: sub.trialDaysLeft })}
          icon={<CalendarClock className="h-5 w-5" />}
        >
          {t('alerts.trialBody', { date: formatDate(sub.trialEndDate) })}
        </Notice>
      )}
      {sub.status === 'paused' && (
        <Notice
          tone="warning"
          title={t('alerts.pausedTitle')}
          icon={<PauseCircle className="h-5 w-5" />}
        >
          {t('alerts.pausedBody', { date: formatDate(sub.pauseEndDate) })}
        </Notice>
      )}
      {sub.status === 'active' && sub.cancelAtPeriodEnd && (
        <Notice tone="warning" title={t('alerts.accessUntilTitle')}>
          {t('alerts.accessUntilBody', { date: formatDate(sub.subscriptionEndDate) })}
        </Notice>
      )}
      {!sub.entitled && sub.status !== 'paused' && sub.message && (
        <Notice
          tone="danger"
          title={t('alerts.notEntitledTitle')}
          icon={<AlertTriangle className="h-5 w-5" />}
        >
          {sub.messageKey && isMessageKey(sub.messageKey)
            ? translateKey(t, sub.messageKey, sub.messageParams ?? undefined, sub.message ?? '')
            : sub.message}
        </Notice>
      )}
    </div>
  );
}

const statusVariant = {
  trial: 'secondary',
  active: 'success',
  paused: 'warning',
  expired: 'destructive',
  canceled: 'destructive',
} as const;

/** The current plan with equipment usage (n of limit) and the owner's pause/reactivate/cancel actions. */
export function CurrentPlanCard(props: {
  sub: SubscriptionView;
  busy: boolean;
  onPause: (months: 3 | 6) => void;
  onReactivate: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('subscription');
  const { sub } = props;
  const [months, setMonths] = useState<3 | 6>(3);
  const unlimited = isUnlimited(sub.equipmentLimit);
  const pct = unlimited
    ? 0
    : Math.min(100, Math.round((sub.equipmentCount / Math.max(1, sub.equipmentLimit)) * 100));
  const plan = PLANS[sub.tier];
  const dateLine =
    sub.status === 'trial'
      ? t('current.trialEnds', { date: formatDate(sub.trialEndDate) })
      : sub.status === 'paused'
        ? t('current.pausedUntil', { date: formatDate(sub.pauseEndDate) })
        : sub.status === 'active'
          ? sub.cancelAtPeriodEnd
            ? t('current.accessUntil', { date: formatDate(sub.subscriptionEndDate) })
            : t('current.renews', { date: formatDate(sub.subscriptionEndDate) })
          : t('current.ended', {
              date: formatDate(sub.billingInterval ? sub.subscriptionEndDate : sub.trialEndDate),
            });

  return (
    <Card aria-labelledby="current-plan-title">
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-2">
        <div>
          <CardTitle id="current-plan-title" className="text-lg">
            {t('current.title')}
          </CardTitle>
          <p className="mt-1 text-2xl font-bold">
            {t('current.plan', { plan: t(`plans.${sub.tier}`) })}
          </p>
          {sub.billingInterval && sub.status !== 'trial' && (
            <p className="text-sm text-muted-foreground">
              {formatUsd(sub.billingInterval === 'month' ? plan.monthly : plan.yearlyPerMonth)}
              {t('card.perMonth')} ·{' '}
              {sub.billingInterval === 'month'
                ? t('current.billedMonthly')
                : t('current.billedYearly')}
            </p>
          )}
          <p className="text-sm text-muted-foreground">{dateLine}</p>
        </div>
        <Badge variant={statusVariant[sub.status]}>{t(`status.${sub.status}`)}</Badge>
      </CardHeader>
      <CardContent className="space-y-4">
        <UsageMeter
          label={t('current.equipmentUsage')}
          figures={
            unlimited
              ? t('current.usageUnlimited', { count: sub.equipmentCount })
              : t('current.usage', { count: sub.equipmentCount, limit: sub.equipmentLimit })
          }
          figuresClassName={cn(sub.overLimit && 'font-semibold text-red-700')}
          bar={!unlimited}
          value={sub.equipmentCount}
          max={sub.equipmentLimit}
          pct={pct}
          barColor={sub.overLimit ? 'bg-red-600' : pct >= 80 ? 'bg-amber-500' : 'bg-primary'}
        />
        <StorageUsage storage={sub.storage} />
        {sub.canManage && (sub.canPause || sub.canReactivate || sub.canCancel) && (
          <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
            {sub.canPause && (
              <ConfirmButton
                label={t('actions.pause')}
                disabled={props.busy}
                title={t('confirm.pauseTitle')}
                description={t('confirm.pauseBody')}
                confirmLabel={t('confirm.pauseConfirm')}
                cancelLabel={t('confirm.keep')}
                onConfirm={() => props.onPause(months)}
              >
                <fieldset className="space-y-2">
                  <legend className="mb-1 text-sm font-medium">{t('confirm.pauseMonths')}</legend>
                  {PAUSE_MONTHS.map((m) => (
                    <label key={m} className="flex items-center gap-2 text-sm">
                      <input
                        type="radio"
                        name="pause-months"
                        value={m}
                        checked={months === m}
                        onChange={() => setMonths(m)}
                      />
                      {t('confirm.months', { count: m })}
                    </label>
                  ))}
                </fieldset>
              </ConfirmButton>
            )}
            {sub.canReactivate && (
              <ConfirmButton
                variant="default"
                label={t('actions.reactivate')}
                disabled={props.busy}
                title={t('confirm.reactivateTitle')}
                description={t('confirm.reactivateBody')}
                confirmLabel={t('confirm.reactivateConfirm')}
                cancelLabel={t('confirm.keep')}
                onConfirm={props.onReactivate}
              />
            )}
            {sub.canCancel && (
              <ConfirmButton
                variant="outline"
                className="text-red-700"
                label={t('actions.cancel')}
                disabled={props.busy}
                title={t('confirm.cancelTitle')}
                description={
                  sub.status === 'trial'
                    ? t('confirm.cancelTrialBody')
                    : sub.status === 'active'
                      ? t('confirm.cancelPaidBody', { date: formatDate(sub.subscriptionEndDate) })
                      : t('confirm.cancelNowBody')
                }
                confirmLabel={t('confirm.cancelConfirm')}
                confirmVariant="destructive"
                cancelLabel={t('confirm.keep')}
                onConfirm={props.onCancel}
              />
            )}
          </div>
        )}
      </CardContent>
    </Card>
  );
}
