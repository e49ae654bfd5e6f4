import { noteInputSchema, type NoteInput } from '@domain/schemas/equipment';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormField } from '@/components/form-field';
import { Button } from '@/components/ui/button';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/use-toast';
import { useMessage } from '@/lib/use-message';
import { useAddNote } from './equipment-queries';

/**
 * Notes & History's "Add a note", checked by the API's schema (`noteInputSchema`: not empty after
 * trimming, 5,000 characters at most) with the rule under the field. Loaded lazily (lazy-dialogs.ts):
 * its zod and react-hook-form stay out of the machine page's first screen.
 */
export function NoteForm({ equipment }: { equipment: { id: string; name: string } }) {
  const { t } = useTranslation('equipment');
  const msg = useMessage();
  const addNote = useAddNote();
  const form = useForm<{ content: string }, unknown, NoteInput>({
    resolver: zodResolver(noteInputSchema),
    defaultValues: { content: '' },
  });
  const error = msg(form.formState.errors.content?.message);
  const submit = form.handleSubmit(({ content }) =>
    addNote.mutate(
      { id: equipment.id, content },
      {
        onSuccess: () => {
          form.reset();
          toast({
            title: t('toast.noteAdded'),
            description: t('toast.noteAddedBody', { name: equipment.name }),
          });
        },
        // What was typed stays in the field.
        onError: () =>
          toast({
            title: t('toast.error'),
            description: t('toast.noteFailed'),
            variant: 'destructive',
          }),
      },
    ),
  );
  return (
    <form onSubmit={(e) => void submit(e)} className="grid gap-2" noValidate>
      <FormField id="new-note" label={t('notes.addLabel')} error={error} className="gap-2">
        <Textarea
          id="new-note"
          {...form.register('content')}
          placeholder={t('notes.placeholder')}
          rows={3}
          maxLength={5000}
          aria-invalid={Boolean(error) || undefined}
          aria-describedby={error ? 'new-note-error' : undefined}
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
