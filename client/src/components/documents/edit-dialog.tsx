import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { documentFormSchema, type DocumentDto } from '@domain/schemas/documents';
import { DocumentFields, type DocumentForm, type DocumentFormOutput } from './document-fields';
import { useUpdateDocument } from './documents-api';
import { FormDialog } from '@/components/form-dialog';
import { FormDialogFooter } from '@/components/form-dialog-footer';
import { toast } from '@/components/ui/use-toast';
import { toastFailure } from '@/components/toast-failure';

/**
 * Edit a document's title, category, expiry and notes (issue 42, PATCH /api/documents/:id): the upload
 * form's fields and schema without the file. A new expiry moves the machine's renewal task. Loaded when
 * first opened.
 */
export default function DocumentEditDialog({
  doc,
  onOpenChange,
}: {
  doc: DocumentDto;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation('documents');
  const update = useUpdateDocument();
  const form = useForm<DocumentForm, unknown, DocumentFormOutput>({
    resolver: zodResolver(documentFormSchema),
    defaultValues: {
      title: doc.title,
      category: doc.category,
      expiresOn: doc.expiresOn ?? '',
      notes: doc.notes ?? '',
    },
  });

  const submit = form.handleSubmit((input) =>
    update.mutate(
      {
        id: doc.id,
        patch: {
          title: input.title,
          category: input.category,
          expiresOn: input.expiresOn ?? null,
          notes: input.notes ?? null,
        },
      },
      {
        onSuccess: (d) => {
          toast({ title: t('saved', { title: d.title }) });
          onOpenChange(false);
        },
        onError: (err) => toastFailure(t, t('saveFailed'), err),
      },
    ),
  );

  return (
    <FormDialog
      onOpenChange={onOpenChange}
      onSubmit={submit}
      title={t('editTitle')}
      description={t('editDescription', { filename: doc.filename })}
      className="max-h-[90dvh] overflow-y-auto"
    >
      <DocumentFields form={form} id="doc-edit" />
      <FormDialogFooter
        cancelLabel={t('cancel')}
        onCancel={() => onOpenChange(false)}
        submitLabel={t('save')}
        pending={update.isPending}
        pendingLabel={t('saving')}
      />
    </FormDialog>
  );
}
