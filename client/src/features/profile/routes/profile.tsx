import { ShieldCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageSpinner } from '@/components/page-spinner';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { useCurrentUser } from '@/lib/auth';
import { ChangePasswordCard } from '../components/change-password-card';
import { CompanyDetailsCard } from '../components/company-details-card';
import { CalendarFeedCard } from '@/components/calendar-feed-card';
import { PersonalDetailsCard } from '../components/personal-details-card';
import { DigestCard } from '../components/digest-card';
import { FuelPricesCard } from '../components/fuel-prices-card';

/** Profile: personal details for everyone; company details and password for owners and managers only. */
export default function ProfilePage() {
  const { t } = useTranslation('profile');
  const { user } = useCurrentUser();
  if (!user) return <PageSpinner />;
  const isManager = user.role === 'owner' || user.role === 'manager';
  const canChangePassword = user.role !== 'operator';

  return (
    <main className="mx-auto grid max-w-3xl grid-cols-1 gap-6 p-4 md:p-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight">{t('title')}</h1>
        <p className="text-sm text-muted-foreground">{t('subtitle')}</p>
      </div>
      <PersonalDetailsCard key={user.id} user={user} />
      {isManager ? <CompanyDetailsCard /> : null}
      {isManager ? <DigestCard /> : null}
      {isManager ? <FuelPricesCard /> : null}
      {isManager ? <CalendarFeedCard /> : null}
      {canChangePassword ? <ChangePasswordCard /> : null}
      {isManager ? (
        <Card>
          <CardHeader>
            <CardTitle>{t('security.title')}</CardTitle>
          </CardHeader>
          <CardContent className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
            <p className="flex items-center gap-2 text-sm">
              <ShieldCheck
                className={
                  user.hasSecurityQuestions
                    ? 'h-5 w-5 text-green-600'
                    : 'h-5 w-5 text-muted-foreground'
                }
                aria-hidden
              />
              {user.hasSecurityQuestions ? t('security.set') : t('security.notSet')}
            </p>
            <Button asChild variant="outline" size="sm">
              <Link to="/security-questions">
                {user.hasSecurityQuestions ? t('security.change') : t('security.setUp')}
              </Link>
            </Button>
          </CardContent>
        </Card>
      ) : null}
    </main>
  );
}
