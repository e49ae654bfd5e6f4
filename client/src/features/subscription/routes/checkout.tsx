import { ArrowLeft, Lock } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { isUnlimited, PLANS } from '@domain/plans';
import { PageSpinner } from '@/components/page-spinner';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { toast } from '@/components/ui/use-toast';
import { ApiError } from '@/lib/api';
import { useLocalCheckout, usePayLocalCheckout } from '../api/local-checkout';
import { LoadFailed } from '../components/load-failed';
import { formatUsd } from '@/lib/format';
import { translateError } from '@/lib/translate-message';
import { IconLinkButton } from '@/components/icon-link-button';

/** The local billing provider's checkout page: plan and price, Pay and Cancel. */
export default function CheckoutPage() {
  const { t } = useTranslation('subscription');
  const { sessionId = '' } = useParams();
  const navigate = useNavigate();
  const session = useLocalCheckout(sessionId);
  const pay = usePayLocalCheckout();

  if (session.isLoading) return <PageSpinner />;
  if (session.isError || !session.data) {
    return (
      <LoadFailed
        width="max-w-lg"
        title={t('checkout.title')}
        alertClassName="mt-4"
        reason={
          session.error instanceof ApiError
            ? translateError(t, session.error)
            : t('checkout.notFound')
        }
      >
        <Button asChild variant="outline" className="mt-4">
          <Link to="/subscription">{t('checkout.backToSubscription')}</Link>
        </Button>
      </LoadFailed>
    );
  }
  const s = session.data;
  const amount = formatUsd(s.amountCents / 100);
  const limit = PLANS[s.tier].equipmentLimit;
  const onPay = () =>
    pay.mutate(sessionId, {
      onSuccess: () => navigate('/subscription?success=true', { replace: true }),
      onError: (err) =>
        toast({
          title: t('toasts.paymentError'),
          description:
            err instanceof ApiError ? translateError(t, err) : t('toasts.paymentErrorDefault'),
          variant: 'destructive',
        }),
    });

  return (
    <main className="mx-auto max-w-lg space-y-4 p-4 md:p-6">
      <IconLinkButton
        to="/subscription?canceled=true"
        icon={ArrowLeft}
        variant="ghost"
        size="sm"
        className="-ml-2"
      >
        {t('checkout.backToSubscription')}
      </IconLinkButton>
      <Card>
        <CardHeader>
          <CardTitle className="text-2xl" role="heading" aria-level={1}>
            {t('checkout.title')}
          </CardTitle>
          <p className="text-sm text-muted-foreground">{t('checkout.subtitle')}</p>
        </CardHeader>
        <CardContent>
          <dl className="divide-y text-sm">
            <div className="flex justify-between gap-4 py-2">
              <dt className="text-muted-foreground">{t('checkout.business')}</dt>
              <dd className="text-right font-medium">{s.businessName}</dd>
            </div>
            <div className="flex justify-between gap-4 py-2">
              <dt className="text-muted-foreground">{t('checkout.plan')}</dt>
              <dd className="text-right font-medium">{t(`plans.${s.tier}`)}</dd>
            </div>
            <div className="flex justify-between gap-4 py-2">
              <dt className="text-muted-foreground">{t('checkout.billing')}</dt>
              <dd className="text-right font-medium">{t(`interval.${s.billingInterval}`)}</dd>
            </div>
            <div className="flex justify-between gap-4 py-2">
              <dt className="text-muted-foreground">{t('checkout.limit')}</dt>
              <dd className="text-right font-medium">
                {isUnlimited(limit) ? t('card.unlimited') : t('card.upTo', { count: limit })}
              </dd>
            </div>
            <div className="flex justify-between gap-4 py-3 text-base">
              <dt className="font-semibold">{t('checkout.total')}</dt>
              <dd className="text-right font-bold">
                {s.billingInterval === 'month'
                  ? t('checkout.perMonth', { amount })
                  : t('checkout.perYear', { amount })}
              </dd>
            </div>
          </dl>
          <p className="mt-3 flex gap-2 rounded-md bg-slate-50 p-3 text-xs text-muted-foreground">
            <Lock className="h-4 w-4 shrink-0" aria-hidden />
            {t('checkout.testNotice')}
          </p>
        </CardContent>
        <CardFooter className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button
            variant="outline"
            className="w-full sm:w-auto"
            disabled={pay.isPending}
            onClick={() => navigate('/subscription?canceled=true', { replace: true })}
          >
            {t('checkout.cancel')}
          </Button>
          <Button className="w-full sm:w-auto" disabled={pay.isPending} onClick={onPay}>
            {pay.isPending ? t('checkout.paying') : t('checkout.pay', { amount })}
          </Button>
        </CardFooter>
      </Card>
    </main>
  );
}
