import { ArrowLeft, HardHat, Info, Loader2 } from 'lucide-react';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { OPERATOR_HOME } from '@domain/schemas/operators';
import { FormField } from '@/components/form-field';
import { LanguageSelect } from '@/components/language-select';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { Checkbox } from '@/components/ui/checkbox';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { PasswordInput } from '@/components/ui/password-input';
import { toast } from '@/components/ui/use-toast';
import { ApiError } from '@/lib/api';
import { useStickerName } from '@/lib/use-sticker-name';
import { useOperatorLogin } from '../api/operator-login';
import { listOutbox } from '../outbox/outbox-store';
import { REMEMBERED_USERNAME_KEY, SESSION_USERNAME_KEY } from '../storage';
import { translateError } from '@/lib/translate-message';

/** Operator sign-in (spec section 2). No credentials are ever shown on this page. */
export default function OperatorLoginPage() {
  const { t } = useTranslation('operators');
  const navigate = useNavigate();
  // A sticker's link (/m/<id>) opened signed out: straight back to it after sign-in.
  const { pathname } = useLocation();
  const back = /^\/m\/[^/]+\/?$/.test(pathname) ? pathname : null;
  // The sign-in names the machine the sticker is on (its name only, issue 43).
  const machineId = back?.split('/')[2] ?? null;
  const machineName = useStickerName(machineId);
  const [params] = useSearchParams();
  const login = useOperatorLogin();
  const [operatorName, setOperatorName] = useState(
    () => params.get('u') ?? localStorage.getItem(REMEMBERED_USERNAME_KEY) ?? '',
  );
  const [password, setPassword] = useState('');
  const [rememberMe, setRememberMe] = useState(() =>
    Boolean(localStorage.getItem(REMEMBERED_USERNAME_KEY)),
  );

  // Updates still on the phone (the session ended before they could be sent): sent after sign-in.
  const [waiting, setWaiting] = useState(0);
  useEffect(() => {
    listOutbox()
      .then((all) => setWaiting(all.filter((e) => e.state === 'waiting').length))
      .catch(() => setWaiting(0));
  }, []);

  useEffect(() => {
    document.title = `${t('login.title')} | Equipment Management Suite`;
  }, [t]);

  const empty = operatorName.trim() === '' || password === '';

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (empty || login.isPending) return;
    login.mutate(
      { operatorName: operatorName.trim(), password, rememberMe },
      {
        onSuccess: (data) => {
          const name = data.operatorUsername ?? operatorName.trim();
          sessionStorage.setItem(SESSION_USERNAME_KEY, name);
          // Remember me keeps the username only; a password is never stored in the browser.
          if (rememberMe) localStorage.setItem(REMEMBERED_USERNAME_KEY, name);
          else localStorage.removeItem(REMEMBERED_USERNAME_KEY);
          // No "Welcome back!" toast here: the operator screen greets by name, and a toast at the
          // bottom of a phone lay over its Submit Update button for 5 s, so the first tap after
          // sign-in reached the toast, not the form (issue 43, defect 8).
          navigate(back ?? data.redirect ?? OPERATOR_HOME, { replace: true });
        },
        onError: (err) => {
          if (err instanceof ApiError && err.status === 0) {
            toast({
              title: t('login.error'),
              description: t('login.errorBody'),
              variant: 'destructive',
            });
          } else {
            const message =
              err instanceof ApiError && err.status !== 401
                ? translateError(t, err)
                : t('login.failedBody');
            toast({ title: t('login.failed'), description: message, variant: 'destructive' });
          }
        },
      },
    );
  };

  return (
    <main className="flex min-h-screen flex-col items-center bg-slate-50 px-3 py-6 sm:justify-center">
      <div className="mb-4 flex w-full max-w-md items-center justify-between">
        <Button asChild variant="ghost" size="sm">
          <Link to="/">
            <ArrowLeft aria-hidden />
            {t('login.backHome')}
          </Link>
        </Button>
        <LanguageSelect />
      </div>
      <Card className="w-full max-w-md">
        <CardHeader className="items-center text-center">
          <div className="flex h-12 w-12 items-center justify-center rounded-full bg-primary/10 text-primary">
            <HardHat className="h-6 w-6" aria-hidden />
          </div>
          <h1 className="text-xl font-semibold">{t('login.title')}</h1>
          <CardDescription>{t('login.description')}</CardDescription>
          {machineName !== null && (
            <p
              className="break-words rounded-md bg-primary/10 px-3 py-2 text-sm font-medium"
              data-testid="sticker-machine"
            >
              {t('login.forMachine', { name: machineName })}
            </p>
          )}
        </CardHeader>
        <CardContent>
          <form onSubmit={onSubmit} className="grid gap-4" noValidate>
            {waiting > 0 ? (
              <p
                role="status"
                className="rounded-md border border-amber-400 bg-amber-50 p-3 text-sm"
              >
                {t('login.waiting', { count: waiting })}
              </p>
            ) : null}
            <FormField id="operatorName" label={t('login.username')} className="gap-2">
              <Input
                id="operatorName"
                name="username"
                autoComplete="username"
                autoCapitalize="none"
                autoCorrect="off"
                spellCheck={false}
                placeholder={t('login.usernamePlaceholder')}
                value={operatorName}
                onChange={(e) => setOperatorName(e.target.value)}
                className="h-12 text-base"
              />
            </FormField>
            <FormField id="operatorPassword" label={t('login.password')} className="gap-2">
              <PasswordInput
                id="operatorPassword"
                name="password"
                autoComplete="current-password"
                value={password}
                onChange={(e) => setPassword(e.target.value)}
                className="h-12 pr-11 text-base"
              />
            </FormField>
            <p className="flex gap-2 rounded-md bg-amber-50 p-3 text-sm text-amber-900">
              <Info className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
              {t('login.caseNote')}
            </p>
            <div className="flex items-start gap-3">
              <Checkbox
                id="rememberMe"
                checked={rememberMe}
                onCheckedChange={(v) => setRememberMe(v === true)}
                className="mt-0.5"
              />
              <div className="grid gap-1">
                <Label htmlFor="rememberMe">{t('login.remember')}</Label>
                <p className="text-xs text-muted-foreground">{t('login.rememberHint')}</p>
              </div>
            </div>
            <Button type="submit" size="lg" disabled={empty || login.isPending} className="w-full">
              {login.isPending ? (
                <>
                  <Loader2 className="animate-spin" aria-hidden />
                  {t('login.signingIn')}
                </>
              ) : (
                t('login.signIn')
              )}
            </Button>
            <p className="text-sm text-muted-foreground">{t('login.saveTip')}</p>
            <p className="text-sm text-muted-foreground">{t('login.hint')}</p>
            <Link
              to={back ? `/login?next=${encodeURIComponent(back)}` : '/login'}
              className="text-center text-sm font-medium text-primary underline-offset-4 hover:underline"
            >
              {t('login.ownerLogin')}
            </Link>
          </form>
        </CardContent>
      </Card>
    </main>
  );
}
