import { useTranslation } from 'react-i18next';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { DocumentList } from './document-list';
import { useOperatorMachineDocuments } from './documents-api';

/**
 * The operator's view of the chosen machine's documents (issue 42): read only, so the manual is on the
 * phone at the machine, also with no signal once opened there (the service worker keeps the list, the
 * thumbnails and the files opened: vite.config.ts). Nothing is shown while the machine has none. Its own
 * chunk (lazy).
 */
export default function DocumentsPanel({ equipmentId }: { equipmentId: string }) {
  const { t } = useTranslation('documents');
  const docs = useOperatorMachineDocuments(equipmentId);
  if (!docs.data?.length) return null;
  return (
    <Card aria-labelledby="operator-documents-title" role="region">
      <CardHeader className="pb-2">
        <h2 id="operator-documents-title" className="text-lg font-semibold">
          {t('operatorTitle')}
        </h2>
      </CardHeader>
      <CardContent className="text-sm">
        <DocumentList documents={docs.data} />
      </CardContent>
    </Card>
  );
}
