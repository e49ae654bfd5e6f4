import { useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { ArrowLeft, CheckCircle2, Sparkles, XCircle } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import {
  DEFAULT_TRIAL_DAYS,
  LAUNCH_SPECIAL_PERCENT,
  YEARLY_DISCOUNT_PERCENT,
  type BillingInterval,
  type Tier,
} from '@domain/plans';
import { PageSpinner } from '@/components/page-spinner';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { toast } from '@/components/ui/use-toast';
import { ApiError } from '@/lib/api';
import { formatDate } from '@/lib/format';
import { translateError } from '@/lib/translate-message';
import { cn } from '@/lib/utils';
import { useBillingConfig } from '../api/get-billing-config';
import { useSubscription } from '../api/get-subscription';
import { useChangeSubscription, type SubscriptionChange } from '../api/change-subscription';
import { useCreateCheckoutSession } from '../api/create-checkout-session';
import { subscriptionKeys } from '../api/keys';
import { CurrentPlanCard, Notice, SubscriptionAlerts } from '../components/current-plan';
import { LoadFailed } from '../components/load-failed';
import { PlanCards } from '../components/plan-cards';
import { useStripeScript } from '../components/use-stripe-script';
import { IconLinkButton } from '@/components/icon-link-button';

const WHATS_NEW = 4;
const FAQ = 6;

const messageOf = (t: TFunction, err: unknown, fallback: string) =>
  err instanceof ApiError ? translateError(t, err) : fallback;

export default function SubscriptionPage() {
  const { t } = useTranslation('subscription');
  const qc = useQueryClient();
  const sub = useSubscription();
  const config = useBillingConfig();
  const stripeKey = config.data?.stripePublishableKey ?? null;
  const stripeReady = useStripeScript(stripeKey);
  const checkout = useCreateCheckoutSession();
  const change = useChangeSubscription();
  const [interval, setBillingInterval] = useState<BillingInterval>('month');
  const [params, setParams] = useSearchParams();
  const [notice, setNotice] = useState<'success' | 'canceled' | null>(null);
  const handledReturn = useRef(false);

  // Payment return: show the notice, refresh on success, then remove the flag from the address.
  useEffect(() => {
    if (handledReturn.current) return;
    const success = params.get('success') === 'true';
    const canceled = params.get('canceled') === 'true';
    if (!success && !canceled) return;
    handledReturn.current = true;
    setNotice(success ? 'success' : 'canceled');
    if (success) void qc.invalidateQueries({ queryKey: subscriptionKeys.all });
    const next = new URLSearchParams(params);
    next.delete('success');
    next.delete('canceled');
    setParams(next, { replace: true });
  }, [params, setParams, qc]);

  useEffect(() => {
    if (sub.data?.billingInterval) setBillingInterval(sub.data.billingInterval);
  }, [sub.data?.billingInterval]);

  if (sub.isLoading) return <PageSpinner />;
  if (sub.isError || !sub.data) {
    return (
      <LoadFailed
        width="max-w-6xl"
        title={t('title')}
        alertClassName="mt-4 text-red-700"
        reason={messageOf(t, sub.error, t('loadFailed'))}
      >
        <Button className="mt-3" variant="outline" onClick={() => void sub.refetch()}>
          {t('retry')}
        </Button>
      </LoadFailed>
    );
  }
  const data = sub.data;
  const busy = checkout.isPending || change.isPending;

  const startCheckout = (tier: Tier) => {
    if (data.provider === 'stripe' && !stripeReady) {
      toast({
        title: t('toasts.paymentError'),
        description: t('toasts.stripeNotLoaded'),
        variant: 'destructive',
      });
      return;
    }
    checkout.mutate(
      { tier, billingInterval: interval },
      {
        onSuccess: ({ url }) => window.location.assign(url),
        onError: (err) =>
          toast({
            title: t('toasts.paymentError'),
            description: messageOf(t, err, t('toasts.paymentErrorDefault')),
            variant: 'destructive',
          }),
      },
    );
  };

  const run = (c: SubscriptionChange) => {
    const failTitle = {
      upgrade: t('toasts.updateFailed'),
      pause: t('toasts.pauseFailed'),
      reactivate: t('toasts.reactivationFailed'),
      cancel: t('toasts.cancellationFailed'),
    }[c.action];
    change.mutate(c, {
      onSuccess: (v) => {
        if (c.action === 'upgrade')
          toast({
            title: t('toasts.planUpdated'),
            description: t('toasts.planUpdatedBody', { plan: t(`plans.${v.tier}`) }),
          });
        if (c.action === 'pause')
          toast({
            title: t('toasts.paused'),
            description: t('toasts.pausedBody', { date: formatDate(v.pauseEndDate) }),
          });
        if (c.action === 'reactivate')
          toast({ title: t('toasts.reactivated'), description: t('toasts.reactivatedBody') });
        if (c.action === 'cancel')
          toast({ title: t('toasts.canceled'), description: t('toasts.canceledBody') });
      },
      onError: (err) =>
        toast({
          title: failTitle,
          description: messageOf(t, err, failTitle),
          variant: 'destructive',
        }),
    });
  };

  const trialDays = config.data?.trialDays ?? DEFAULT_TRIAL_DAYS;

  return (
    <main className="mx-auto max-w-6xl space-y-6 p-4 md:p-6">
      <div>
        <IconLinkButton to="/" icon={ArrowLeft} variant="ghost" size="sm" className="-ml-2">
          {t('backToDashboard')}
        </IconLinkButton>
        <h1 className="mt-2 text-2xl font-bold md:text-3xl">{t('title')}</h1>
        <p className="text-muted-foreground">{t('subtitle')}</p>
      </div>

      {notice === 'success' && (
        <Notice
          tone="info"
          title={t('notices.successTitle')}
          icon={<CheckCircle2 className="h-5 w-5 text-green-700" />}
        >
          <span>{t('notices.successBody')}</span>{' '}
          <button type="button" className="underline" onClick={() => setNotice(null)}>
            {t('notices.dismiss')}
          </button>
        </Notice>
      )}
      {notice === 'canceled' && (
        <Notice
          tone="warning"
          title={t('notices.canceledTitle')}
          icon={<XCircle className="h-5 w-5" />}
        >
          <span>{t('notices.canceledBody')}</span>{' '}
          <button type="button" className="underline" onClick={() => setNotice(null)}>
            {t('notices.dismiss')}
          </button>
        </Notice>
      )}

      {!data.canManage && (
        <p className="rounded-md border bg-slate-50 p-3 text-sm" role="note">
          {t('readOnly')}
        </p>
      )}

      <SubscriptionAlerts sub={data} />

      <CurrentPlanCard
        sub={data}
        busy={busy}
        onPause={(months) => run({ action: 'pause', months })}
        onReactivate={() => run({ action: 'reactivate' })}
        onCancel={() => run({ action: 'cancel' })}
      />

      <section aria-labelledby="plans-heading" className="space-y-4">
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          <h2 id="plans-heading" className="sr-only">
            {t('title')}
          </h2>
          <p className="inline-flex items-center gap-2 rounded-full bg-green-100 px-3 py-1 text-sm font-semibold text-green-900">
            <Sparkles className="h-4 w-4" aria-hidden />
            {t('launchSpecial', { percent: LAUNCH_SPECIAL_PERCENT })}
          </p>
          <div
            role="group"
            aria-label={t('interval.label')}
            className="inline-flex self-start rounded-lg border bg-slate-100 p-1 sm:self-auto"
          >
            {(['month', 'year'] as const).map((i) => (
              <button
                key={i}
                type="button"
                aria-pressed={interval === i}
                onClick={() => setBillingInterval(i)}
                className={cn(
                  'rounded-md px-4 py-1.5 text-sm font-medium',
                  interval === i ? 'bg-white shadow' : 'text-muted-foreground',
                )}
              >
                {t(`interval.${i}`)}
                {i === 'year' && (
                  <span className="ml-1 text-xs text-green-700">
                    ({t('interval.save', { percent: YEARLY_DISCOUNT_PERCENT })})
                  </span>
                )}
              </button>
            ))}
          </div>
        </div>
        <PlanCards
          interval={interval}
          sub={data}
          busy={busy}
          onCheckout={startCheckout}
          onChangeTier={(tier) => run({ action: 'upgrade', tier })}
        />
      </section>

      <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle className="text-lg">{t('whatsNew.title')}</CardTitle>
          </CardHeader>
          <CardContent>
            <ul className="list-disc space-y-1.5 pl-5 text-sm">
              {Array.from({ length: WHATS_NEW }, (_, i) => (
                <li key={i}>{t(`whatsNew.items.${i}`)}</li>
              ))}
            </ul>
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle className="text-lg">{t('faq.title')}</CardTitle>
          </CardHeader>
          <CardContent className="space-y-2">
            {Array.from({ length: FAQ }, (_, i) => (
              <details key={i} className="rounded-md border p-3 text-sm">
                <summary className="cursor-pointer font-medium">{t(`faq.items.${i}.q`)}</summary>
                <p className="mt-2 text-muted-foreground">
                  {t(`faq.items.${i}.a`, { days: trialDays, percent: YEARLY_DISCOUNT_PERCENT })}
                </p>
              </details>
            ))}
          </CardContent>
        </Card>
      </div>
    </main>
  );
}
