import { KeyRound } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';

// The dialog (its form and the password rules' validation) loads when it is first wanted: pointing at
// or focusing the button starts the download, so it is usually there by the click.
const loadDialog = () => import('./reset-password-dialog');
const ResetPasswordDialog = lazy(() =>
  loadDialog().then((m) => ({ default: m.ResetPasswordDialog })),
);

export function AdminToolsCard() {
  const { t } = useTranslation('dashboard');
  const [open, setOpen] = useState(false);
  const [used, setUsed] = useState(false);
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
          onClick={() => {
            setUsed(true);
            setOpen(true);
          }}
        >
          <KeyRound aria-hidden />
          {t('admin.resetPassword')}
        </Button>
        {used ? (
          <Suspense fallback={null}>
            <ResetPasswordDialog open={open} onOpenChange={setOpen} />
          </Suspense>
        ) : null}
      </CardContent>
    </Card>
  );
}
