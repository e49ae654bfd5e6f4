import type { EquipmentDto, HistoryRecordDto } from '@domain/schemas/equipment';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/use-toast';
import { formatDateTime, formatNumber } from '@/lib/format';
import { useAddNote, useEquipmentHistory } from './equipment-queries';

type Props = {
  equipment: EquipmentDto | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
};

const TYPE_CLASS: Record<HistoryRecordDto['noteType'], string> = {
  note: 'bg-blue-100 text-blue-900',
  usage_update: 'bg-slate-100 text-slate-800',
  maintenance: 'bg-green-100 text-green-900',
};

/** Equipment Notes & History: add a note; the history (newest first) in a 400 px list. */
export function NotesHistoryDialog({ equipment, open, onOpenChange }: Props) {
  const { t } = useTranslation('equipment');
  const [content, setContent] = useState('');
  const history = useEquipmentHistory(equipment?.id ?? null, open);
  const addNote = useAddNote();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!equipment || !content.trim()) return;
    addNote.mutate(
      { id: equipment.id, content: content.trim() },
      {
        onSuccess: () => {
          setContent('');
          toast({
            title: t('toast.noteAdded'),
            description: t('toast.noteAddedBody', { name: equipment.name }),
          });
        },
        onError: () =>
          toast({
            title: t('toast.error'),
            description: t('toast.noteFailed'),
            variant: 'destructive',
          }),
      },
    );
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(o) => {
        if (!o) setContent('');
        onOpenChange(o);
      }}
    >
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>{t('notes.title')}</DialogTitle>
          <DialogDescription>{equipment?.name ?? ''}</DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} className="grid gap-2">
          <Label htmlFor="new-note">{t('notes.addLabel')}</Label>
          <Textarea
            id="new-note"
            value={content}
            onChange={(e) => setContent(e.target.value)}
            placeholder={t('notes.placeholder')}
            rows={3}
            maxLength={5000}
          />
          <div className="flex justify-end">
            <Button type="submit" disabled={!content.trim() || addNote.isPending}>
              {addNote.isPending ? t('actions.saving') : t('notes.add')}
            </Button>
          </div>
        </form>
        <section aria-labelledby="history-heading" className="grid gap-2">
          <h3 id="history-heading" className="font-semibold">
            {t('notes.history')}
          </h3>
          <div className="h-[400px] overflow-y-auto rounded-md border" data-testid="history-list">
            {history.isLoading ? (
              <p className="p-4 text-sm text-muted-foreground">{t('loading')}</p>
            ) : history.isError ? (
              <p className="p-4 text-sm text-destructive">{t('notes.loadFailed')}</p>
            ) : !history.data?.length ? (
              <p className="p-4 text-sm text-muted-foreground">{t('notes.empty')}</p>
            ) : (
              <ul className="divide-y">
                {history.data.map((h) => (
                  <li key={h.id} className="grid gap-1 p-3 text-sm">
                    <div className="flex flex-wrap items-center gap-2">
                      <span
                        className={`rounded-full px-2 py-0.5 text-xs font-semibold ${TYPE_CLASS[h.noteType]}`}
                      >
                        {t(`noteTypes.${h.noteType}`)}
                      </span>
                      <span className="text-muted-foreground">{formatDateTime(h.createdAt)}</span>
                      {h.operatorName && (
                        <span className="text-muted-foreground">· {h.operatorName}</span>
                      )}
                      {h.usage !== null && equipment && (
                        <span className="text-muted-foreground">
                          · {formatNumber(h.usage)}{' '}
                          {equipment.unit === 'n/a' ? '' : t(`units.${equipment.unit}`)}
                        </span>
                      )}
                    </div>
                    <p className="whitespace-pre-wrap break-words">{h.content}</p>
                  </li>
                ))}
              </ul>
            )}
          </div>
        </section>
      </DialogContent>
    </Dialog>
  );
}
