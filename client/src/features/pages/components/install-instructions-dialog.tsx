import { useTranslation } from 'react-i18next';
import { TitledDialog } from '@/components/form-dialog';

/**
 * How to install the app by hand (no install prompt from the browser): iPhone/iPad Safari, Android
 * Chrome, desktop Chrome/Edge. Its own chunk: the landing page loads the dialog code only when asked.
 */
export default function InstallInstructionsDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation('pages');
  const steps = [
    { title: t('landing.installIos'), body: t('landing.installIosSteps') },
    { title: t('landing.installAndroid'), body: t('landing.installAndroidSteps') },
    { title: t('landing.installDesktop'), body: t('landing.installDesktopSteps') },
  ];
  return (
    <TitledDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('landing.installDialogTitle')}
      description={t('landing.installDialogDescription')}
    >
      <div className="grid gap-4 text-sm">
        {steps.map((s) => (
          <section key={s.title} className="grid gap-1">
            <h3 className="font-semibold">{s.title}</h3>
            <p>{s.body}</p>
          </section>
        ))}
      </div>
    </TitledDialog>
  );
}
