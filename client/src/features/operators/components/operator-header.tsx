import { LogOut } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { useCurrentUser, useLogout } from '@/lib/auth';
import { LANGUAGES } from '@/lib/i18n';
import { cn } from '@/lib/utils';
import { SESSION_USERNAME_KEY } from '../storage';

/**
 * The operator screen's top card: who is signed in, the language (two 48 px buttons: tapped with
 * gloves) and Sign out. Entries still waiting on the phone are named before signing out, then cleared
 * (they would be sent under the next user's session).
 */
export function OperatorHeader({
  waiting,
  clearOutbox,
}: {
  /** Entries kept on the phone, not sent yet. */
  waiting: number;
  clearOutbox: () => Promise<unknown>;
}) {
  const { t, i18n } = useTranslation(['operators', 'field']);
  const { user } = useCurrentUser();
  const logout = useLogout();
  const [loggingOut, setLoggingOut] = useState(false);
  const name =
    user?.operatorUsername ?? sessionStorage.getItem(SESSION_USERNAME_KEY) ?? user?.firstName ?? '';
  const language = i18n.resolvedLanguage === 'es' ? 'es' : 'en';

  const onLogout = async () => {
    if (waiting > 0 && !window.confirm(t('field:outbox.signOutConfirm', { count: waiting })))
      return;
    setLoggingOut(true);
    await clearOutbox().catch(() => undefined);
    await logout();
  };

  return (
    <Card>
      <CardContent className="grid gap-3 p-4 sm:flex sm:items-center">
        <div className="min-w-0 sm:flex-1">
          <h1 className="wrap-anywhere text-xl font-bold">{t('screen.welcome', { name })}</h1>
          <p className="text-sm text-muted-foreground">{t('screen.loggedInAs')}</p>
        </div>
        <div className="flex items-center justify-between gap-3">
          <div
            role="group"
            aria-label={t('screen.language')}
            className="inline-flex rounded-md border p-0.5"
          >
            {LANGUAGES.map((lng) => (
              <button
                key={lng}
                type="button"
                aria-pressed={language === lng}
                onClick={() => void i18n.changeLanguage(lng)}
                className={cn(
                  'h-12 min-w-12 rounded px-3 text-base font-medium uppercase',
                  language === lng
                    ? 'bg-primary text-primary-foreground'
                    : 'text-slate-700 hover:bg-accent',
                )}
              >
                {lng}
              </button>
            ))}
          </div>
          <Button
            variant="outline"
            className="h-12 text-base"
            onClick={() => void onLogout()}
            disabled={loggingOut}
          >
            <LogOut aria-hidden />
            {loggingOut ? t('screen.loggingOut') : t('screen.logout')}
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
