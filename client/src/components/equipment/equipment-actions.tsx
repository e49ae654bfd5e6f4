import type { EquipmentDto } from '@domain/schemas/equipment';
import { ClipboardCheck, Gauge, NotebookPen, Pencil, QrCode, Trash2, Wrench } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import { NotesHistoryDialog } from './notes-history-dialog';
import { RemoveEquipmentDialog } from './remove-equipment-dialog';
import { ServiceDialog } from './service-dialog';
import { UpdateUsageDialog } from './update-usage-dialog';

type DialogName = 'usage' | 'notes' | 'service' | 'remove';

/**
 * The actions of one machine (Update Usage, Notes & History, Mark as Serviced, Edit, Remove) with
 * their dialogs. Usable from any screen.
 */
export function EquipmentActions({
  equipment,
  className,
  editPath = '/add-equipment',
}: {
  /** What the row's dialogs need (the dashboard overview sends only that much of a machine). */
  equipment: Pick<EquipmentDto, 'id' | 'name' | 'unit' | 'currentUsage'>;
  className?: string;
  editPath?: string;
}) {
  const { t } = useTranslation('equipment');
  const { t: tf } = useTranslation('field');
  const navigate = useNavigate();
  const [dialog, setDialogState] = useState<DialogName | null>(null);
  // A dialog mounts the first time it opens and then stays (close animation, focus back to its button):
  // a list of machines does not build three dialogs per row up front.
  const [used, setUsed] = useState<ReadonlySet<DialogName>>(() => new Set());
  const setDialog = (name: DialogName | null) => {
    if (name && !used.has(name)) setUsed(new Set(used).add(name));
    setDialogState(name);
  };
  const label = (key: string) => `${t(key)}: ${equipment.name}`;
  const items = [
    { key: 'actions.updateUsage', icon: Gauge, onClick: () => setDialog('usage') },
    { key: 'actions.notes', icon: NotebookPen, onClick: () => setDialog('notes') },
    { key: 'actions.markServiced', icon: Wrench, onClick: () => setDialog('service') },
    {
      key: 'actions.edit',
      icon: Pencil,
      onClick: () => navigate(`${editPath}?edit=${equipment.id}`),
    },
    // Its inspections and defects, printable for audits (issue 16).
    {
      key: 'actions.inspectionReport',
      icon: ClipboardCheck,
      onClick: () => navigate(`/inspections/report/${equipment.id}`),
    },
    { key: 'actions.remove', icon: Trash2, onClick: () => setDialog('remove'), danger: true },
  ];
  const labelItem = {
    text: tf('labels.row'),
    onClick: () => navigate(`/labels?ids=${equipment.id}`),
  };
  return (
    <div className={cn('no-print flex flex-wrap items-center gap-1', className)}>
      {items.map(({ key, icon: Icon, onClick, danger }) => (
        <Button
          key={key}
          variant="ghost"
          size="icon"
          className={cn('h-9 w-9', danger && 'text-destructive hover:text-destructive')}
          onClick={onClick}
          aria-label={label(key)}
          title={t(key)}
        >
          <Icon aria-hidden />
        </Button>
      ))}
      <Button
        variant="ghost"
        size="icon"
        className="h-9 w-9"
        onClick={labelItem.onClick}
        aria-label={`${labelItem.text}: ${equipment.name}`}
        title={labelItem.text}
      >
        <QrCode aria-hidden />
      </Button>
      {used.has('usage') ? (
        <UpdateUsageDialog
          equipment={equipment}
          open={dialog === 'usage'}
          onOpenChange={(o) => setDialog(o ? 'usage' : null)}
        />
      ) : null}
      {used.has('notes') ? (
        <NotesHistoryDialog
          equipment={equipment}
          open={dialog === 'notes'}
          onOpenChange={(o) => setDialog(o ? 'notes' : null)}
        />
      ) : null}
      {used.has('service') ? (
        <ServiceDialog
          equipmentId={equipment.id}
          open={dialog === 'service'}
          onOpenChange={(o) => setDialog(o ? 'service' : null)}
        />
      ) : null}
      {used.has('remove') ? (
        <RemoveEquipmentDialog
          equipment={equipment}
          open={dialog === 'remove'}
          onOpenChange={(o) => setDialog(o ? 'remove' : null)}
        />
      ) : null}
    </div>
  );
}
