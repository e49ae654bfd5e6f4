import { Upload } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DocumentDto } from '@domain/schemas/documents';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { DocumentList } from '@/components/documents/document-list';
import { useDeleteDocument, useMachineDocuments } from '@/components/documents/documents-api';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { toast } from '@/components/ui/use-toast';
import { translateError } from '@/lib/translate-message';

const UploadDialog = lazy(() => import('@/components/documents/upload-dialog'));

/**
 * The machine page's "Documents" card (issue 42): the machine's files newest first, Upload (a retired
 * machine's are read only) and remove. Its own chunk, loaded after the page's first paint.
 */
export default function DocumentsCard({
  equipmentId,
  readOnly,
}: {
  equipmentId: string;
  readOnly: boolean;
}) {
  const { t } = useTranslation('documents');
  const docs = useMachineDocuments(equipmentId);
  const [open, setOpen] = useState(false);
  const [removing, setRemoving] = useState<DocumentDto | null>(null);
  const remove = useDeleteDocument();
  return (
    <Card aria-labelledby="documents-title" role="region" data-testid="documents-card">
      <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-2 space-y-0 pb-2">
        <CardTitle id="documents-title" className="text-base">
          {t('title')}
        </CardTitle>
        {readOnly ? null : (
          <Button type="button" size="sm" variant="outline" onClick={() => setOpen(true)}>
            <Upload className="mr-1 h-4 w-4" aria-hidden />
            {t('upload')}
          </Button>
        )}
      </CardHeader>
      <CardContent className="text-sm">
        {docs.isError ? (
          <p role="alert" className="text-destructive">
            {translateError(t, docs.error)}
          </p>
        ) : !docs.data ? (
          <p className="text-muted-foreground">{t('loading')}</p>
        ) : docs.data.length === 0 ? (
          <p className="text-muted-foreground">{t('none')}</p>
        ) : (
          <DocumentList documents={docs.data} onRemove={readOnly ? undefined : setRemoving} />
        )}
      </CardContent>
      {open ? (
        <Suspense fallback={null}>
          <UploadDialog equipmentIds={[equipmentId]} open={open} onOpenChange={setOpen} />
        </Suspense>
      ) : null}
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(o) => !o && setRemoving(null)}
        title={t('removeTitle')}
        description={t('removeBody', { title: removing?.title ?? '' })}
        cancelLabel={t('cancel')}
        confirmLabel={t('removeConfirm')}
        pending={remove.isPending}
        onConfirm={() =>
          removing &&
          remove.mutate(removing.id, {
            onSuccess: () => {
              toast({ title: t('removed', { title: removing.title }) });
              setRemoving(null);
            },
            onError: (err) =>
              toast({
                title: t('failed'),
                description: translateError(t, err),
                variant: 'destructive',
              }),
          })
        }
      />
    </Card>
  );
}
