import { KeyRound } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useMountOnOpen } from '@/lib/use-mount-on-open';

// The dialog (its form and the password rules' validation) loads when it is first wanted: pointing at
// or focusing the button starts the download, so it is usually there by the click.
const loadDialog = () => import('./reset-password-dialog');
const ResetPasswordDialog = lazy(() =>
  loadDialog().then((m) => ({ default: m.ResetPasswordDialog })),
);

export function AdminToolsCard() {
  const { t } = useTranslation('dashboard');
  const dialog = useMountOnOpen();
  const preload = () => void loadDialog();
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('admin.title')}</CardTitle>
        <CardDescription>{t('admin.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        <Button
          variant="outline"
          onPointerEnter={preload}
          onFocus={preload}
          onClick={() => dialog.setOpen(true)}
        >
          <KeyRound aria-hidden />
          {t('admin.resetPassword')}
        </Button>
        {dialog.mounted ? (
          <Suspense fallback={null}>
            <ResetPasswordDialog open={dialog.open} onOpenChange={dialog.setOpen} />
          </Suspense>
        ) : null}
      </CardContent>
    </Card>
  );
}
