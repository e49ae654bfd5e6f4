import {
  CreditCard,
  HardHat,
  Rocket,
  ShieldCheck,
  ClipboardCheck,
  Wrench,
  type LucideIcon,
} from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePublicConfig } from '../api/get-config';

type Section = { id: string; icon: LucideIcon; items: readonly string[] };

const SECTIONS: Section[] = [
  {
    id: 'gettingStarted',
    icon: Rocket,
    items: ['signup', 'security', 'firstEquipment', 'operators', 'install'],
  },
  {
    id: 'equipment',
    icon: Wrench,
    items: ['add', 'interval', 'calendar', 'usage', 'serviced', 'retire', 'export'],
  },
  { id: 'operators', icon: HardHat, items: ['create', 'password', 'cards', 'submit', 'review'] },
  { id: 'plans', icon: CreditCard, items: ['trial', 'tiers', 'yearly', 'manage', 'readOnly'] },
  {
    id: 'security',
    icon: ShieldCheck,
    items: ['password', 'remember', 'operatorPassword', 'logout', 'roles'],
  },
  {
    id: 'compliance',
    icon: ClipboardCheck,
    items: ['records', 'schedule', 'inspections', 'exports', 'retire'],
  },
];

/** The user guide: getting started, equipment, operators, plans, security and compliance tips. */
export default function InstructionsPage() {
  const { t } = useTranslation('pages');
  const { trialDays } = usePublicConfig();
  return (
    <main className="mx-auto grid max-w-4xl grid-cols-1 gap-6 p-4 md:p-6">
      <div className="grid gap-1">
        <h1 className="text-2xl font-bold">{t('instructions.title')}</h1>
        <p className="text-muted-foreground">{t('instructions.intro')}</p>
      </div>
      <nav aria-labelledby="guide-contents" className="rounded-lg border bg-white p-4">
        <h2
          id="guide-contents"
          className="mb-2 text-sm font-semibold uppercase tracking-wide text-muted-foreground"
        >
          {t('instructions.contents')}
        </h2>
        <ul className="grid grid-cols-1 gap-1 sm:grid-cols-2">
          {SECTIONS.map((s) => (
            <li key={s.id}>
              <a
                href={`#guide-${s.id}`}
                className="text-primary underline-offset-2 hover:underline"
              >
                {t(`instructions.sections.${s.id}.title`)}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      {SECTIONS.map(({ id, icon: Icon, items }) => (
        <section
          key={id}
          id={`guide-${id}`}
          aria-labelledby={`guide-${id}-title`}
          className="scroll-mt-20 rounded-lg border bg-card p-5 shadow-sm"
        >
          <h2
            id={`guide-${id}-title`}
            className="mb-3 flex items-center gap-2 text-xl font-semibold"
          >
            <Icon className="h-5 w-5 text-primary" aria-hidden />
            {t(`instructions.sections.${id}.title`)}
          </h2>
          <ol className="grid list-decimal gap-2 pl-5">
            {items.map((item) => (
              <li key={item}>
                {t(`instructions.sections.${id}.items.${item}`, { days: trialDays })}
              </li>
            ))}
          </ol>
        </section>
      ))}
      <p className="text-sm">
        {t('instructions.needHelp')}{' '}
        <Link to="/contact" className="font-medium text-primary underline underline-offset-2">
          {t('instructions.contactLink')}
        </Link>
      </p>
    </main>
  );
}
