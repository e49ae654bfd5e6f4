import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { invalidProps } from '@/components/form-field-props';
import { FormField } from '@/components/form-field';
import { Button } from '@/components/ui/button';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/use-toast';
import { useMessage } from '@/lib/use-message';
import { useAddNote } from './equipment-queries';

/** The API's schemas (zod): fetched when the note field is first used, not with the page. */
const loadSchemas = () => import('@domain/schemas/equipment');

/**
 * Notes & History's "Add a note", checked by the API's schema (`noteInputSchema`: not empty after
 * trimming, 5,000 characters at most) with the rule under the field. One field needs no form library:
 * the schema (and zod with it) loads when the field is first focused, so a page that shows the form
 * does not download and run zod before it is used.
 */
export function NoteForm({ equipment }: { equipment: { id: string; name: string } }) {
  const { t } = useTranslation('equipment');
  const msg = useMessage();
  const addNote = useAddNote();
  const [content, setContent] = useState('');
  const [errorKey, setErrorKey] = useState<string | undefined>();
  const error = msg(errorKey);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const failed = () =>
      toast({
        title: t('toast.error'),
        description: t('toast.noteFailed'),
        variant: 'destructive',
      });
    // No signal and the schema not fetched yet: nothing is sent, what was typed stays.
    const schemas = await loadSchemas().catch(() => null);
    if (!schemas) return failed();
    const parsed = schemas.noteInputSchema.safeParse({ content });
    if (!parsed.success) {
      setErrorKey(parsed.error.issues[0]?.message);
      return;
    }
    setErrorKey(undefined);
    addNote.mutate(
      { id: equipment.id, content: parsed.data.content },
      {
        onSuccess: () => {
          setContent('');
          toast({
            title: t('toast.noteAdded'),
            description: t('toast.noteAddedBody', { name: equipment.name }),
          });
        },
        // What was typed stays in the field.
        onError: failed,
      },
    );
  };

  return (
    <form onSubmit={(e) => void submit(e)} className="grid gap-2" noValidate>
      <FormField id="new-note" label={t('notes.addLabel')} error={error} className="gap-2">
        <Textarea
          id="new-note"
          name="content"
          value={content}
          onChange={(e) => {
            setContent(e.target.value);
            setErrorKey(undefined);
          }}
          onFocus={() => void loadSchemas()}
          placeholder={t('notes.placeholder')}
          rows={3}
          maxLength={5000}
          {...invalidProps(error, 'new-note')}
        />
      </FormField>
      <div className="flex justify-end">
        <Button type="submit" disabled={addNote.isPending}>
          {addNote.isPending ? t('actions.saving') : t('notes.add')}
        </Button>
      </div>
    </form>
  );
}
