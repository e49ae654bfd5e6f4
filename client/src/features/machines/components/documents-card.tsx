import { MoreHorizontal, Upload } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DocumentDto } from '@domain/schemas/documents';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { DocumentList } from '@/components/documents/document-list';
import type { DocumentAction } from '@/components/documents/document-menu';
import {
  useDeleteDocument,
  useLinkDocumentToType,
  useMachineDocuments,
} from '@/components/documents/documents-api';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { LazyDropdown } from '@/components/ui/lazy-dropdown';
import { toast } from '@/components/ui/use-toast';
import { toastFailure } from '@/components/toast-failure';
import { LoadError } from '@/components/query-states';

const UploadDialog = lazy(() => import('@/components/documents/upload-dialog'));
const EditDialog = lazy(() => import('@/components/documents/edit-dialog'));
// A document's menu (Radix's menu) loads on the first press of its trigger and opens at once.
const loadMenu = () => import('@/components/documents/document-menu');

type Open = { action: DocumentAction; doc: DocumentDto } | { action: 'upload' } | null;

/**
 * The machine page's "Documents" card (issue 42): the machine's files newest first, Upload, and per
 * document edit, replace with a new version, put on every machine of this type, remove (a retired
 * machine's are read only). Its own chunk, loaded after the page's first paint.
 */
export default function DocumentsCard({
  equipmentId,
  equipmentType,
  readOnly,
}: {
  equipmentId: string;
  equipmentType: string;
  readOnly: boolean;
}) {
  const { t } = useTranslation('documents');
  const { t: te } = useTranslation('equipment');
  const docs = useMachineDocuments(equipmentId);
  const [open, setOpen] = useState<Open>(null);
  const close = (o: boolean) => !o && setOpen(null);
  const remove = useDeleteDocument();
  const linkType = useLinkDocumentToType();
  const typeLabel = te(`types.${equipmentType}`);
  const failed = (err: unknown) => toastFailure(t, t('failed'), err);
  const removing = open?.action === 'remove' ? open.doc : null;
  const linking = open?.action === 'linkType' ? open.doc : null;
  return (
    <Card aria-labelledby="documents-title" role="region" data-testid="documents-card">
      <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-2 space-y-0 pb-2">
        <CardTitle id="documents-title" className="text-base">
          {t('title')}
        </CardTitle>
        {readOnly ? null : (
          <Button
            type="button"
            size="sm"
            variant="outline"
            onClick={() => setOpen({ action: 'upload' })}
          >
            <Upload className="mr-1 h-4 w-4" aria-hidden />
            {t('upload')}
          </Button>
        )}
      </CardHeader>
      <CardContent className="text-sm">
        {docs.isError ? (
          <LoadError t={t} error={docs.error} />
        ) : !docs.data ? (
          <p className="text-muted-foreground">{t('loading')}</p>
        ) : docs.data.length === 0 ? (
          <p className="text-muted-foreground">{t('none')}</p>
        ) : (
          <DocumentList
            documents={docs.data}
            actions={
              readOnly
                ? undefined
                : (d) => (
                    <LazyDropdown
                      trigger={
                        <Button
                          type="button"
                          variant="ghost"
                          size="icon"
                          aria-haspopup="menu"
                          aria-label={t('actions.for', { title: d.title })}
                        >
                          <MoreHorizontal className="h-4 w-4" aria-hidden />
                        </Button>
                      }
                      load={loadMenu}
                      menu={(m, trigger) => (
                        <m.default
                          trigger={trigger}
                          doc={d}
                          typeLabel={typeLabel}
                          onAction={(action, doc) => setOpen({ action, doc })}
                        />
                      )}
                    />
                  )
            }
          />
        )}
      </CardContent>
      {open?.action === 'upload' || open?.action === 'replace' ? (
        <Suspense fallback={null}>
          <UploadDialog
            equipmentIds={[equipmentId]}
            open
            onOpenChange={close}
            replacing={open.action === 'replace' ? open.doc : undefined}
          />
        </Suspense>
      ) : null}
      {open?.action === 'edit' ? (
        <Suspense fallback={null}>
          <EditDialog doc={open.doc} onOpenChange={close} />
        </Suspense>
      ) : null}
      <ConfirmDialog
        open={linking !== null}
        onOpenChange={close}
        title={t('linkTypeTitle', { type: typeLabel })}
        description={t('linkTypeBody', { title: linking?.title ?? '', type: typeLabel })}
        cancelLabel={t('cancel')}
        confirmLabel={t('linkTypeConfirm')}
        destructive={false}
        pending={linkType.isPending}
        onConfirm={() =>
          linking &&
          linkType.mutate(
            { doc: linking, type: equipmentType },
            {
              onSuccess: (count) => {
                toast({ title: t('linkedType', { count, title: linking.title }) });
                setOpen(null);
              },
              onError: failed,
            },
          )
        }
      />
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={close}
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
              setOpen(null);
            },
            onError: failed,
          })
        }
      />
    </Card>
  );
}
