import {
  Check,
  Download,
  HardHat,
  LogIn,
  Mail,
  Smartphone,
  Truck,
  Users,
  type LucideIcon,
} from 'lucide-react';
import {
  lazy,
  startTransition,
  Suspense,
  useEffect,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  chargeCents,
  isUnlimited,
  LAUNCH_SPECIAL_PERCENT,
  PLAN_FEATURE_KEYS,
  PLAN_LIST,
  YEARLY_DISCOUNT_PERCENT,
  type BillingInterval,
  type Plan,
} from '@domain/plans';
import { LanguageSelect } from '@/components/language-select';
import { Button } from '@/components/ui/button';
import {
  getInstallPrompt,
  isRunningInstalled,
  promptInstall,
  subscribeInstallPrompt,
} from '@/lib/pwa';
import { formatUsd } from '@/lib/format';
import { cn } from '@/lib/utils';
import { useMountOnOpen } from '@/lib/use-mount-on-open';
import { usePublicConfig } from '../api/get-config';
import { ContactForm } from '../components/contact-form';
import { SkipLink } from '@/components/skip-link';
import { IconLinkButton } from '@/components/icon-link-button';

const OWNER_FEATURES = ['usage', 'service', 'calendar', 'fuel', 'parts', 'operators'] as const;
const OPERATOR_FEATURES = ['phone', 'readings', 'search', 'language'] as const;

/** Who it is for (owners, operators): a title after its icon, what they get, and a way in. */
function FeatureCard({
  icon: Icon,
  title,
  items,
  children,
}: {
  icon: LucideIcon;
  title: string;
  items: string[];
  children?: ReactNode;
}) {
  return (
    <div className="grid content-start gap-4 rounded-lg border bg-card p-6 shadow-sm">
      <h2 className="flex items-center gap-2 text-2xl font-bold">
        <Icon className="h-6 w-6 text-primary" aria-hidden />
        {title}
      </h2>
      <ul className="grid gap-2.5">
        {items.map((text) => (
          <li key={text} className="flex gap-2.5">
            <Check className="mt-0.5 h-5 w-5 shrink-0 text-success" aria-hidden />
            <span>{text}</span>
          </li>
        ))}
      </ul>
      {children}
    </div>
  );
}

// The manual install steps are a dialog most visitors never open: its code loads when it is.
const InstallInstructionsDialog = lazy(() => import('../components/install-instructions-dialog'));

function InstallSection() {
  const { t } = useTranslation('pages');
  const prompt = useSyncExternalStore(subscribeInstallPrompt, getInstallPrompt, () => null);
  const manual = useMountOnOpen();
  const setManualOpen = manual.setOpen;
  const installed = isRunningInstalled();

  const onInstall = async () => {
    if (!prompt) {
      setManualOpen(true);
      return;
    }
    try {
      await promptInstall();
    } catch (err) {
      console.warn('Install prompt failed', err);
      setManualOpen(true);
    }
  };

  return (
    <section aria-labelledby="download-title" className="bg-primary text-primary-foreground">
      <div className="mx-auto flex max-w-6xl flex-col items-start gap-6 px-4 py-12 md:flex-row md:items-center md:justify-between md:px-6">
        <div className="flex gap-4">
          <Smartphone className="h-10 w-10 shrink-0" aria-hidden />
          <div className="grid gap-1.5">
            <h2 id="download-title" className="text-2xl font-bold">
              {t('landing.downloadTitle')}
            </h2>
            <p className="text-lg">{t('landing.downloadBody')}</p>
            <p className="text-blue-100">
              {installed ? t('landing.installed') : t('landing.downloadNote')}
            </p>
          </div>
        </div>
        <Button
          size="lg"
          variant="secondary"
          className="h-auto min-h-11 whitespace-normal py-2 bg-white text-primary hover:bg-blue-50"
          onClick={() => void onInstall()}
        >
          <Download aria-hidden />
          {t('landing.installButton')}
        </Button>
      </div>
      {manual.mounted ? (
        <Suspense fallback={null}>
          <InstallInstructionsDialog open={manual.open} onOpenChange={setManualOpen} />
        </Suspense>
      ) : null}
    </section>
  );
}

function PlanCard({ plan, interval }: { plan: Plan; interval: BillingInterval }) {
  // The component re-renders on a language change (useTranslation), and formatUsd reads the language.
  const { t } = useTranslation('pages');
  const price = interval === 'month' ? plan.monthly : plan.yearlyPerMonth;
  const struck = interval === 'month' ? plan.struckMonthly : plan.struckYearlyPerMonth;
  const name = t(`plans.${plan.tier}`);
  return (
    <article
      className={cn(
        'relative flex flex-col gap-5 rounded-lg border bg-card p-6 shadow-sm',
        plan.mostPopular && 'border-2 border-primary shadow-md',
      )}
      aria-labelledby={`plan-${plan.tier}`}
    >
      {plan.mostPopular && (
        <span className="absolute -top-3 left-1/2 -translate-x-1/2 rounded-full bg-primary px-3 py-1 text-xs font-semibold text-primary-foreground">
          {t('landing.mostPopular')}
        </span>
      )}
      <div className="grid gap-2">
        <h3 id={`plan-${plan.tier}`} className="text-xl font-bold">
          {name}
        </h3>
        <p className="text-muted-foreground">
          {isUnlimited(plan.equipmentLimit)
            ? t('landing.unlimited')
            : t('landing.equipmentLimit', { count: plan.equipmentLimit })}
        </p>
      </div>
      <div className="grid gap-1">
        <p className="flex items-baseline gap-2">
          <del className="text-lg text-muted-foreground">
            <span className="sr-only">{t('landing.wasPrice', { price: formatUsd(struck) })}</span>
            <span aria-hidden>{formatUsd(struck)}</span>
          </del>
          <span className="sr-only">{t('landing.nowPrice', { price: formatUsd(price) })}</span>
          <span className="text-4xl font-bold" aria-hidden>
            {formatUsd(price)}
          </span>
          <span className="text-muted-foreground" aria-hidden>
            {t('landing.perMonth')}
          </span>
        </p>
        <p className="text-sm text-muted-foreground">
          {interval === 'month'
            ? t('landing.billedMonthly')
            : t('landing.billedYearly', { total: formatUsd(chargeCents(plan.tier, 'year') / 100) })}
        </p>
      </div>
      <ul className="grid gap-2 text-sm">
        {PLAN_FEATURE_KEYS.map((key) => (
          <li key={key} className="flex gap-2">
            <Check className="h-4 w-4 shrink-0 text-success" aria-hidden />
            <span>{t(`plans.features.${key}`)}</span>
          </li>
        ))}
      </ul>
      <Button asChild className="mt-auto w-full" variant={plan.mostPopular ? 'default' : 'outline'}>
        <Link to="/signup" aria-label={t('landing.startTrialFor', { plan: name })}>
          {t('landing.startTrial')}
        </Link>
      </Button>
    </article>
  );
}

function PlansSection({ trialDays }: { trialDays: number }) {
  const { t } = useTranslation('pages');
  const [interval, setInterval] = useState<BillingInterval>('month');
  const toggle = (value: BillingInterval, label: string, extra?: string) => (
    <button
      type="button"
      aria-pressed={interval === value}
      onClick={() => setInterval(value)}
      className={cn(
        'rounded-md px-4 py-2 text-sm font-medium',
        interval === value
          ? 'bg-primary text-primary-foreground shadow'
          : 'text-foreground hover:bg-accent',
      )}
    >
      {label}
      {extra && (
        <span
          className={cn(
            'ml-1.5 text-xs font-semibold',
            interval === value ? 'text-white' : 'text-success',
          )}
        >
          {extra}
        </span>
      )}
    </button>
  );
  return (
    <section
      id="plans"
      aria-labelledby="plans-title"
      className="mx-auto grid max-w-6xl gap-8 px-4 py-14 md:px-6"
    >
      <div className="grid justify-items-center gap-3 text-center">
        <h2 id="plans-title" className="text-3xl font-bold">
          {t('landing.plansTitle')}
        </h2>
        <p className="max-w-2xl text-muted-foreground">{t('landing.plansBody')}</p>
        <p className="rounded-full bg-amber-100 px-4 py-1.5 text-sm font-semibold text-amber-900">
          {t('landing.launchSpecial', { percent: LAUNCH_SPECIAL_PERCENT })}
        </p>
        <div
          role="group"
          aria-label={t('landing.billingLabel')}
          className="inline-flex rounded-lg border bg-white p-1"
        >
          {toggle('month', t('landing.monthly'))}
          {toggle(
            'year',
            t('landing.yearly'),
            t('landing.yearlySave', { percent: YEARLY_DISCOUNT_PERCENT }),
          )}
        </div>
      </div>
      <div className="grid grid-cols-1 gap-6 md:grid-cols-3">
        {PLAN_LIST.map((plan) => (
          <PlanCard key={plan.tier} plan={plan} interval={interval} />
        ))}
      </div>
      <div className="grid justify-items-center gap-2 text-center">
        <p className="text-muted-foreground">{t('landing.freeTrial', { days: trialDays })}</p>
        <p className="flex flex-wrap items-center justify-center gap-2">
          <span>{t('landing.haveAccount')}</span>
          <IconLinkButton to="/login" icon={LogIn} variant="outline">
            {t('landing.signIn')}
          </IconLinkButton>
        </p>
      </div>
    </section>
  );
}

export default function LandingPage() {
  const { t } = useTranslation(['pages', 'common']);
  const { trialDays, supportEmail } = usePublicConfig();
  const ownerItems = OWNER_FEATURES.map((k) => t(`landing.ownersFeatures.${k}`));
  const operatorItems = OPERATOR_FEATURES.map((k) => t(`landing.operatorsFeatures.${k}`));
  // The sections below the fold render right after the first paint, in an interruptible transition,
  // so the first render stays short (no long task blocking the phone's main thread).
  const [showBelowFold, setShowBelowFold] = useState(false);
  useEffect(() => {
    startTransition(() => setShowBelowFold(true));
  }, []);

  return (
    <div className="min-h-screen bg-background">
      <SkipLink>{t('landing.skipToContent')}</SkipLink>
      <header className="border-b bg-white">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-3 px-4 py-3 md:px-6">
          <span className="flex items-center gap-2 font-semibold text-primary">
            <Truck className="h-7 w-7" aria-hidden />
            <span>{t('common:appName')}</span>
          </span>
          <LanguageSelect className="ml-auto" />
          <div className="grid w-full grid-cols-2 gap-2 sm:flex sm:w-auto">
            <Button
              asChild
              variant="outline"
              className="h-auto min-h-10 whitespace-normal text-center"
            >
              <Link to="/employee-login">
                <HardHat aria-hidden />
                {t('landing.operatorLogin')}
              </Link>
            </Button>
            <IconLinkButton
              to="/login"
              icon={LogIn}
              className="h-auto min-h-10 whitespace-normal text-center"
            >
              {t('landing.ownerSignIn')}
            </IconLinkButton>
          </div>
        </div>
      </header>

      <main id="main">
        <section className="bg-gradient-to-b from-blue-50 to-background">
          <div className="mx-auto grid max-w-4xl justify-items-center gap-6 px-4 py-14 text-center md:py-20">
            <h1 className="text-4xl font-extrabold tracking-tight text-slate-900 md:text-5xl">
              {t('landing.heroTitle')}
            </h1>
            <p className="max-w-2xl text-lg text-slate-700">{t('landing.heroBody')}</p>
            <div className="grid justify-items-center gap-2">
              <Button
                asChild
                size="lg"
                className="h-auto min-h-11 whitespace-normal py-2 text-center"
              >
                <Link to="/signup">{t('landing.getStarted')}</Link>
              </Button>
              <p className="text-sm text-slate-700">
                {t('landing.freeTrial', { days: trialDays })}
              </p>
            </div>
          </div>
        </section>

        <section
          aria-label={t('landing.ownersTitle')}
          className="mx-auto grid grid-cols-1 max-w-6xl gap-6 px-4 py-14 md:grid-cols-2 md:px-6"
        >
          <FeatureCard icon={Users} title={t('landing.ownersTitle')} items={ownerItems} />
          <FeatureCard icon={HardHat} title={t('landing.operatorsTitle')} items={operatorItems}>
            <Button asChild variant="outline" className="justify-self-start">
              <Link to="/employee-login">{t('landing.operatorLogin')}</Link>
            </Button>
          </FeatureCard>
        </section>

        {showBelowFold && (
          <>
            <InstallSection />

            <PlansSection trialDays={trialDays} />

            <section id="contact" aria-labelledby="contact-title" className="border-t bg-white">
              <div className="mx-auto grid max-w-3xl gap-6 px-4 py-14 md:px-6">
                <div className="grid gap-2 text-center">
                  <h2
                    id="contact-title"
                    className="flex items-center justify-center gap-2 text-3xl font-bold"
                  >
                    <Mail className="h-7 w-7 text-primary" aria-hidden />
                    {t('landing.contactTitle')}
                  </h2>
                  <p className="text-muted-foreground">{t('landing.contactBody')}</p>
                </div>
                <ContactForm supportEmail={supportEmail} />
              </div>
            </section>
          </>
        )}
      </main>
      {showBelowFold && (
        <footer className="border-t py-6 text-center text-sm text-muted-foreground">
          {t('landing.footer', { year: new Date().getFullYear() })}
        </footer>
      )}
    </div>
  );
}
