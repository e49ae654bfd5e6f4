import type { UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { documentCategories } from '@domain/documents';
import type { documentFormSchema } from '@domain/schemas/documents';
import { invalidProps } from '@/components/form-field-props';
import { FormField } from '@/components/form-field';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { Textarea } from '@/components/ui/textarea';
import { useMessage } from '@/lib/use-message';

export type DocumentForm = z.input<typeof documentFormSchema>;
export type DocumentFormOutput = z.output<typeof documentFormSchema>;

/**
 * A document's title, category, expiry and notes: the one set of fields the upload and the edit dialogs
 * share (issue 42). `id` prefixes the inputs' ids.
 */
export function DocumentFields({
  form,
  id,
}: {
  form: UseFormReturn<DocumentForm, unknown, DocumentFormOutput>;
  id: string;
}) {
  const { t } = useTranslation('documents');
  const msg = useMessage();
  const errors = form.formState.errors;
  const titleError = msg(errors.title?.message);
  const expiryError = msg(errors.expiresOn?.message);
  return (
    <>
      <FormField id={`${id}-title`} label={t('fields.title')} error={titleError} className="gap-2">
        <Input
          id={`${id}-title`}
          {...invalidProps(titleError, `${id}-title`)}
          {...form.register('title')}
        />
      </FormField>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        <FormField id={`${id}-category`} label={t('fields.category')} className="min-w-0 gap-2">
          <NativeSelect id={`${id}-category`} {...form.register('category')}>
            {documentCategories.map((c) => (
              <option key={c} value={c}>
                {t(`categories.${c}`)}
              </option>
            ))}
          </NativeSelect>
        </FormField>
        <FormField
          id={`${id}-expires`}
          label={t('fields.expiresOn')}
          error={expiryError}
          className="min-w-0 gap-2"
        >
          <Input
            id={`${id}-expires`}
            type="date"
            {...invalidProps(expiryError, `${id}-expires`)}
            {...form.register('expiresOn')}
          />
        </FormField>
      </div>
      <FormField id={`${id}-notes`} label={t('fields.notes')} className="gap-2">
        <Textarea id={`${id}-notes`} rows={2} {...form.register('notes')} />
      </FormField>
    </>
  );
}
