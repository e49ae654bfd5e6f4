import { zodResolver } from '@hookform/resolvers/zod';
import { Camera } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { DOCUMENT_MAX_BYTES, documentCategories, formatBytes } from '@domain/documents';
import { documentFormSchema } from '@domain/schemas/documents';
import { useUploadDocument } from './documents-api';
import { FormDialogFooter } from '@/components/form-dialog-footer';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { FieldError, Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/use-toast';
import { translateError } from '@/lib/translate-message';
import { useMessage } from '@/lib/use-message';

type Form = z.input<typeof documentFormSchema>;
type Input = z.output<typeof documentFormSchema>;

/** What the file picker offers (the server reads the type from the bytes all the same). */
const ACCEPT =
  'application/pdf,image/jpeg,image/png,image/webp,image/heic,image/heif,.heic,.docx,.xlsx,.odt,.ods,.txt,.csv';

/**
 * Upload a file to a machine, or one file to several machines stored once (the Equipment List's selected
 * machines: a manual for the whole class), issue 42: title, category, expiry, notes and the file; on a
 * phone "Take a photo" opens the camera. Loaded when first opened.
 */
export default function DocumentUploadDialog({
  equipmentIds,
  open,
  onOpenChange,
  onUploaded,
}: {
  equipmentIds: string[];
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onUploaded?: () => void;
}) {
  const { t } = useTranslation('documents');
  const msg = useMessage();
  const upload = useUploadDocument(equipmentIds);
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | undefined>();
  const form = useForm<Form, unknown, Input>({
    resolver: zodResolver(documentFormSchema),
    defaultValues: { title: '', category: 'manual', expiresOn: '', notes: '' },
  });
  const errors = form.formState.errors;
  const titleError = msg(errors.title?.message);
  const expiryError = msg(errors.expiresOn?.message);

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
      { fields: input, file },
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
        onError: (err) =>
          toast({
            title: t('failed'),
            description: translateError(t, err),
            variant: 'destructive',
          }),
      },
    );
  });

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[90dvh] overflow-y-auto">
        <form onSubmit={(ev) => void submit(ev)} className="grid gap-4" noValidate>
          <DialogHeader>
            <DialogTitle>{t('uploadTitle')}</DialogTitle>
            <DialogDescription>
              {equipmentIds.length > 1
                ? t('uploadMany', { count: equipmentIds.length })
                : t('uploadDescription')}
            </DialogDescription>
          </DialogHeader>
          <div className="grid gap-2">
            <Label htmlFor="doc-file">{t('file')}</Label>
            <Input
              id="doc-file"
              type="file"
              accept={ACCEPT}
              aria-invalid={Boolean(fileError) || undefined}
              aria-describedby={fileError ? 'doc-file-error' : 'doc-file-hint'}
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
          <div className="grid gap-2">
            <Label htmlFor="doc-title">{t('fields.title')}</Label>
            <Input
              id="doc-title"
              aria-invalid={Boolean(titleError) || undefined}
              aria-describedby={titleError ? 'doc-title-error' : undefined}
              {...form.register('title')}
            />
            <FieldError id="doc-title-error" message={titleError} />
          </div>
          <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
            <div className="grid min-w-0 gap-2">
              <Label htmlFor="doc-category">{t('fields.category')}</Label>
              <NativeSelect id="doc-category" {...form.register('category')}>
                {documentCategories.map((c) => (
                  <option key={c} value={c}>
                    {t(`categories.${c}`)}
                  </option>
                ))}
              </NativeSelect>
            </div>
            <div className="grid min-w-0 gap-2">
              <Label htmlFor="doc-expires">{t('fields.expiresOn')}</Label>
              <Input
                id="doc-expires"
                type="date"
                aria-invalid={Boolean(expiryError) || undefined}
                aria-describedby={expiryError ? 'doc-expires-error' : undefined}
                {...form.register('expiresOn')}
              />
              <FieldError id="doc-expires-error" message={expiryError} />
            </div>
          </div>
          <div className="grid gap-2">
            <Label htmlFor="doc-notes">{t('fields.notes')}</Label>
            <Textarea id="doc-notes" rows={2} {...form.register('notes')} />
          </div>
          <FormDialogFooter
            cancelLabel={t('cancel')}
            onCancel={() => onOpenChange(false)}
            submitLabel={t('upload')}
            pending={upload.isPending}
            pendingLabel={t('uploading')}
          />
        </form>
      </DialogContent>
    </Dialog>
  );
}
