import { useTranslation } from 'react-i18next';
import { DocumentList } from '@/components/documents/document-list';
import { useWorkOrderDocuments } from '@/components/documents/documents-api';
import { Card } from '@/components/ui/card';

/** The order's files (issue 42): receipts and invoices attached to it, also on its machine's page. */
export function WorkOrderFiles({ id }: { id: string }) {
  const { t } = useTranslation('workOrders');
  const docs = useWorkOrderDocuments(id);
  if (!docs.data?.length) return null;
  return (
    <Card className="grid gap-2 p-4" role="region" aria-labelledby="wo-files-title">
      <h2 id="wo-files-title" className="font-semibold">
        {t('files')}
      </h2>
      <DocumentList documents={docs.data} />
    </Card>
  );
}
