import type { RetiredEquipmentDto } from '@domain/schemas/equipment';
import { ArchiveRestore, NotebookPen, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRestoreEquipment } from '@/components/equipment/equipment-queries';
import { NotesHistoryDialog } from '@/components/equipment/notes-history-dialog';
import { RemoveEquipmentDialog } from '@/components/equipment/remove-equipment-dialog';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { toastFailure } from '@/components/toast-failure';

type DialogName = 'history' | 'restore' | 'delete';

/** A retired machine's actions: its full history (read only), Restore, Delete Forever. */
export function RetiredActions({ retired }: { retired: RetiredEquipmentDto }) {
  const { t } = useTranslation('equipment');
  const [dialog, setDialog] = useState<DialogName | null>(null);
  const restore = useRestoreEquipment();
  const machine = { id: retired.id, name: retired.name, unit: retired.unit };
  const doRestore = () =>
    restore.mutate(retired.id, {
      onSuccess: () =>
        toast({
          title: t('retired.restored'),
          description: t('retired.restoredBody', { name: retired.name }),
        }),
      onError: (err) => toastFailure(t, t('retired.restoreFailed'), err),
    });
  return (
    <div className="no-print flex flex-wrap gap-2">
      <Button
        variant="outline"
        size="sm"
        className="h-10"
        onClick={() => setDialog('history')}
        aria-label={`${t('actions.notes')}: ${retired.name}`}
      >
        <NotebookPen aria-hidden /> {t('retired.history')}
      </Button>
      <Button
        variant="outline"
        size="sm"
        className="h-10"
        onClick={() => setDialog('restore')}
        disabled={restore.isPending}
        aria-label={`${t('retired.restore')}: ${retired.name}`}
      >
        <ArchiveRestore aria-hidden /> {t('retired.restore')}
      </Button>
      <Button
        variant="ghost"
        size="sm"
        className="h-10 text-destructive hover:text-destructive"
        onClick={() => setDialog('delete')}
        aria-label={`${t('remove.deleteForever')}: ${retired.name}`}
      >
        <Trash2 aria-hidden /> {t('remove.deleteForever')}
      </Button>
      {dialog === 'history' ? (
        <NotesHistoryDialog
          equipment={machine}
          open
          readOnly
          onOpenChange={(o) => setDialog(o ? 'history' : null)}
        />
      ) : null}
      <ConfirmDialog
        open={dialog === 'restore'}
        onOpenChange={(o) => setDialog(o ? 'restore' : null)}
        title={t('retired.restoreTitle', { name: retired.name })}
        description={t('retired.restoreBody')}
        cancelLabel={t('actions.cancel')}
        confirmLabel={t('retired.restore')}
        onConfirm={doRestore}
        destructive={false}
        closeOnConfirm
      />
      {dialog === 'delete' ? (
        <RemoveEquipmentDialog
          equipment={machine}
          open
          deleteOnly
          onOpenChange={(o) => setDialog(o ? 'delete' : null)}
        />
      ) : null}
    </div>
  );
}
