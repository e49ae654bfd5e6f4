import { Check } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import {
  isUnlimited,
  PLAN_FEATURE_KEYS,
  PLAN_LIST,
  type BillingInterval,
  type Plan,
  type Tier,
} from '@domain/plans';
import type { SubscriptionView } from '@domain/schemas/subscription';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { cn } from '@/lib/utils';
import { ConfirmButton } from './confirm-button';
import { formatUsd } from '@/lib/format';

export function priceOf(plan: Plan, interval: BillingInterval) {
  return interval === 'month' ? plan.monthly : plan.yearlyPerMonth;
}

/** The three tier cards (Most Popular on Professional, struck-through prices). */
export function PlanCards(props: {
  interval: BillingInterval;
  sub: SubscriptionView;
  busy: boolean;
  onCheckout: (tier: Tier) => void;
  onChangeTier: (tier: Tier) => void;
}) {
  const { t } = useTranslation('subscription');
  const { sub, interval } = props;
  return (
    <div className="grid grid-cols-1 gap-4 md:grid-cols-3">
      {PLAN_LIST.map((plan) => {
        const name = t(`plans.${plan.tier}`);
        const price = priceOf(plan, interval);
        const struck = interval === 'month' ? plan.struckMonthly : plan.struckYearlyPerMonth;
        const isCurrent =
          sub.tier === plan.tier && (sub.status === 'active' || sub.status === 'paused');
        const overAfter =
          !isUnlimited(plan.equipmentLimit) && sub.equipmentCount > plan.equipmentLimit;
        return (
          <Card
            key={plan.tier}
            aria-label={name}
            className={cn(
              'relative flex flex-col',
              plan.mostPopular && 'border-2 border-primary shadow-md',
              isCurrent && 'ring-2 ring-green-500',
            )}
          >
            {plan.mostPopular && (
              <Badge className="absolute -top-3 left-1/2 -translate-x-1/2">
                {t('card.mostPopular')}
              </Badge>
            )}
            <CardHeader>
              <CardTitle className="text-xl">{name}</CardTitle>
              <div className="mt-2 flex items-baseline gap-2">
                <span
                  className="text-sm text-muted-foreground line-through"
                  aria-label={t('card.wasPrice', { price: formatUsd(struck) })}
                >
                  {formatUsd(struck)}
                </span>
                <span className="text-3xl font-bold">{formatUsd(price)}</span>
                <span className="text-sm text-muted-foreground">{t('card.perMonth')}</span>
              </div>
              <p className="text-xs text-muted-foreground">
                {interval === 'year'
                  ? t('card.billedYearly', {
                      amount: formatUsd((plan.yearlyPerMonthCents * 12) / 100),
                    })
                  : t('card.billedMonthly')}
              </p>
              <p className="mt-2 font-medium">
                {isUnlimited(plan.equipmentLimit)
                  ? t('card.unlimited')
                  : t('card.upTo', { count: plan.equipmentLimit })}
              </p>
            </CardHeader>
            <CardContent className="flex-1">
              <ul className="space-y-1.5 text-sm">
                {PLAN_FEATURE_KEYS.map((f) => (
                  <li key={f} className="flex items-start gap-2">
                    <Check className="mt-0.5 h-4 w-4 shrink-0 text-green-600" aria-hidden />
                    {t(`features.${f}`)}
                  </li>
                ))}
              </ul>
            </CardContent>
            {sub.canManage && (
              <CardFooter>
                {isCurrent ? (
                  <Button className="w-full" variant="secondary" disabled>
                    {t('actions.currentPlan')}
                  </Button>
                ) : sub.canChangeTier ? (
                  <ConfirmButton
                    className="w-full"
                    variant={plan.mostPopular ? 'default' : 'outline'}
                    disabled={props.busy}
                    label={t('actions.switchTo', { plan: name })}
                    title={t('confirm.changeTitle', { plan: name })}
                    description={
                      <>
                        {t('confirm.changeBody', {
                          limit: isUnlimited(plan.equipmentLimit)
                            ? t('card.unlimited')
                            : plan.equipmentLimit,
                          price: `${formatUsd(priceOf(plan, sub.billingInterval ?? 'month'))}${t('card.perMonth')}`,
                        })}
                        {overAfter && (
                          <span className="mt-2 block font-medium text-red-700">
                            {t('confirm.changeLimitWarning', { count: sub.equipmentCount })}
                          </span>
                        )}
                      </>
                    }
                    confirmLabel={t('confirm.changeConfirm')}
                    cancelLabel={t('confirm.keep')}
                    onConfirm={() => props.onChangeTier(plan.tier)}
                  />
                ) : sub.canCheckout ? (
                  <Button
                    className="w-full"
                    variant={plan.mostPopular ? 'default' : 'outline'}
                    disabled={props.busy}
                    onClick={() => props.onCheckout(plan.tier)}
                  >
                    {t('actions.choose', { plan: name })}
                  </Button>
                ) : null}
              </CardFooter>
            )}
          </Card>
        );
      })}
    </div>
  );
}
