import { zodResolver } from '@hookform/resolvers/zod';
import { Camera } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { DOCUMENT_MAX_BYTES, formatBytes } from '@domain/documents';
import { documentFormSchema, type DocumentDto } from '@domain/schemas/documents';
import { DocumentFields, type DocumentForm, type DocumentFormOutput } from './document-fields';
import { useUploadDocument } from './documents-api';
import { invalidProps } from '@/components/form-field-props';
import { FormDialog } from '@/components/form-dialog';
import { FormDialogFooter } from '@/components/form-dialog-footer';
import { Input } from '@/components/ui/input';
import { FieldError, Label } from '@/components/ui/label';
import { toast } from '@/components/ui/use-toast';
import { toastFailure } from '@/components/toast-failure';

/** What the file picker offers (the server reads the type from the bytes all the same). */
const ACCEPT =
  'application/pdf,image/jpeg,image/png,image/webp,image/heic,image/heif,.heic,.docx,.xlsx,.odt,.ods,.txt,.csv';

/**
 * Upload a file to a machine, or one file to several machines stored once (the Equipment List's selected
 * machines: a manual for the whole class), issue 42: title, category, expiry, notes and the file; on a
 * phone "Take a photo" opens the camera. With `replacing`, the file is the new version of that document
 * (its fields to start from; a later expiry completes its renewal). With `serviceEntryId`, the file goes on
 * that service entry (a receipt or an invoice, from the machine page's timeline). Loaded when first opened.
 */
export default function DocumentUploadDialog({
  equipmentIds,
  open,
  onOpenChange,
  onUploaded,
  replacing,
  serviceEntryId,
}: {
  equipmentIds: string[];
  replacing?: DocumentDto;
  serviceEntryId?: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onUploaded?: () => void;
}) {
  const { t } = useTranslation('documents');
  const upload = useUploadDocument(equipmentIds, serviceEntryId);
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | undefined>();
  const form = useForm<DocumentForm, unknown, DocumentFormOutput>({
    resolver: zodResolver(documentFormSchema),
    defaultValues: replacing
      ? {
          title: replacing.title,
          category: replacing.category,
          expiresOn: '',
          notes: replacing.notes ?? '',
        }
      : { title: '', category: serviceEntryId ? 'receipt' : 'manual', expiresOn: '', notes: '' },
  });

  const pick = (f: File | undefined) => {
    setFileError(undefined);
    if (!f) return;
    if (f.size > DOCUMENT_MAX_BYTES) {
      setFile(null);
      setFileError(t('tooLarge', { max: formatBytes(DOCUMENT_MAX_BYTES) }));
      return;
    }
    setFile(f);
    if (!form.getValues('title')) form.setValue('title', f.name.replace(/\.[^.]+$/, ''));
  };

  const submit = form.handleSubmit((input) => {
    if (!file) {
      setFileError(t('fileRequired'));
      return;
    }
    upload.mutate(
      { fields: { ...input, replaces: replacing?.id }, file },
      {
        onSuccess: (d) => {
          toast({
            title:
              equipmentIds.length > 1
                ? t('uploadedMany', { title: d.title, count: equipmentIds.length })
                : t('uploaded_toast', { title: d.title }),
          });
          onUploaded?.();
          onOpenChange(false);
        },
        onError: (err) => toastFailure(t, t('failed'), err),
      },
    );
  });

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      onSubmit={submit}
      title={replacing ? t('replaceTitle') : serviceEntryId ? t('attachTitle') : t('uploadTitle')}
      description={
        replacing
          ? t('replaceDescription', { title: replacing.title })
          : serviceEntryId
            ? t('attachDescription')
            : equipmentIds.length > 1
              ? t('uploadMany', { count: equipmentIds.length })
              : t('uploadDescription')
      }
      className="max-h-[90dvh] overflow-y-auto"
    >
      <div className="grid gap-2">
        <Label htmlFor="doc-file">{t('file')}</Label>
        <Input
          id="doc-file"
          type="file"
          accept={ACCEPT}
          {...invalidProps(fileError, 'doc-file', true)}
          onChange={(e) => pick(e.target.files?.[0])}
        />
        <label className="inline-flex w-fit cursor-pointer items-center gap-2 rounded-md border px-3 py-2 text-sm md:hidden">
          <Camera className="h-4 w-4" aria-hidden />
          {t('takePhoto')}
          <input
            type="file"
            accept="image/*"
            capture="environment"
            className="sr-only"
            onChange={(e) => pick(e.target.files?.[0])}
          />
        </label>
        <p id="doc-file-hint" className="text-xs text-muted-foreground">
          {file ? `${file.name} · ${formatBytes(file.size)}` : t('fileHint')}
        </p>
        <FieldError id="doc-file-error" message={fileError} />
      </div>
      <DocumentFields form={form} id="doc" />
      <FormDialogFooter
        cancelLabel={t('cancel')}
        onCancel={() => onOpenChange(false)}
        submitLabel={t('upload')}
        pending={upload.isPending}
        pendingLabel={t('uploading')}
      />
    </FormDialog>
  );
}
