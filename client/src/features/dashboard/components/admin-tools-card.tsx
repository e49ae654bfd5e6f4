import { KeyRound } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ResetPasswordDialog } from './reset-password-dialog';

export function AdminToolsCard() {
  const { t } = useTranslation('dashboard');
  const [open, setOpen] = useState(false);
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('admin.title')}</CardTitle>
        <CardDescription>{t('admin.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        <Button variant="outline" onClick={() => setOpen(true)}>
          <KeyRound aria-hidden />
          {t('admin.resetPassword')}
        </Button>
        <ResetPasswordDialog open={open} onOpenChange={setOpen} />
      </CardContent>
    </Card>
  );
}
