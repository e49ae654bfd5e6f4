import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toastFailure } from '@/components/toast-failure';

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
      toastFailure(t, t('exportFailed'), err);
    } finally {
      setExporting(false);
    }
  };
  return { exporting, run };
}
