import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '@/components/ui/use-toast';
import { translateError } from '@/lib/translate-message';

/**
 * The dashboard's exports (the report, fuel usage, history and services): `exporting` while one runs
 * (its button disabled), and a failure told as "Export Failed" with the reason.
 */
export function useExportRun() {
  const { t } = useTranslation('dashboard');
  const [exporting, setExporting] = useState(false);
  const run = async (work: () => Promise<void>) => {
    setExporting(true);
    try {
      await work();
    } catch (err) {
      toast({
        title: t('exportFailed'),
        description: translateError(t, err),
        variant: 'destructive',
      });
    } finally {
      setExporting(false);
    }
  };
  return { exporting, run };
}
