import {
  Building2,
  ClipboardCheck,
  CreditCard,
  FileSpreadsheet,
  PlugZap,
  UserRound,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { Card } from '@/components/ui/card';
import { useCurrentUser } from '@/lib/auth';

const SECTIONS = [
  { key: 'profile', to: '/profile', icon: <UserRound aria-hidden /> },
  { key: 'company', to: '/employees', icon: <Building2 aria-hidden /> },
  { key: 'subscription', to: '/subscription', icon: <CreditCard aria-hidden /> },
  { key: 'checklists', to: '/inspections', icon: <ClipboardCheck aria-hidden /> },
  { key: 'import', to: '/import', icon: <FileSpreadsheet aria-hidden /> },
  { key: 'integrations', to: '/integrations', icon: <PlugZap aria-hidden />, ownerOnly: true },
] as const satisfies readonly { key: string; to: string; icon: ReactNode; ownerOnly?: boolean }[];

/** /settings (owners and managers): where each setting lives, one link per place (issue 26). */
export default function SettingsPage() {
  const { t } = useTranslation(['pages', 'common']);
  const { user } = useCurrentUser();
  const sections = SECTIONS.filter((s) => !('ownerOnly' in s) || user?.role === 'owner');
  return (
    <main className="mx-auto grid max-w-4xl grid-cols-1 gap-4 p-4 md:p-6">
      <PageHeader title={t('common:titles.settings')} intro={t('settings.intro')} />
      <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        {sections.map((s) => (
          <li key={s.key}>
            <Card className="h-full p-0">
              <Link
                to={s.to}
                className="flex h-full min-h-11 items-start gap-3 rounded-lg p-4 hover:bg-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring [&_svg]:mt-0.5 [&_svg]:h-5 [&_svg]:w-5 [&_svg]:shrink-0"
              >
                {s.icon}
                <span className="grid gap-1">
                  <span className="font-semibold">{t(`settings.${s.key}.title`)}</span>
                  <span className="text-sm text-muted-foreground">
                    {t(`settings.${s.key}.body`)}
                  </span>
                </span>
              </Link>
            </Card>
          </li>
        ))}
      </ul>
    </main>
  );
}
