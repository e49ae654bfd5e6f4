import type { EquipmentDto } from '@domain/schemas/equipment';
import {
  ClipboardCheck,
  ExternalLink,
  Gauge,
  MoreHorizontal,
  NotebookPen,
  Pencil,
  QrCode,
  Trash2,
  Wrench,
} from 'lucide-react';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { LazyDropdown } from '@/components/ui/lazy-dropdown';
import { cn } from '@/lib/utils';
import type { MoreMenuItem } from './equipment-more-menu';
import {
  NotesHistoryDialog,
  RemoveEquipmentDialog,
  ServiceDialog,
  UpdateUsageDialog,
} from './lazy-dialogs';

// The row's dialogs load when one is first opened (lazy-dialogs.tsx); they mount on first open anyway.
// Its More menu loads on the first press of its button (equipment-more-menu.tsx).
const loadMoreMenu = () => import('./equipment-more-menu');

type DialogName = 'usage' | 'notes' | 'service' | 'remove';

/**
 * The actions of one machine with their dialogs: Update Usage, and a More menu (open the machine's
 * page, Notes & History, Mark as Serviced, Edit, Inspection report, Print label, Remove). Usable
 * from any screen; one line at 1366 px.
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
  // One primary action on the row; the rest in a More menu (the machine's page holds them all too).
  // Built only for a row whose menu has been opened (LazyDropdown), not for every row of a list.
  const moreItems = (): MoreMenuItem[] => [
    {
      label: t('actions.openPage'),
      icon: ExternalLink,
      onSelect: () => navigate(`/machines/${equipment.id}`),
    },
    {
      label: t('actions.notes'),
      icon: NotebookPen,
      onSelect: () => setDialog('notes'),
      separated: true,
    },
    { label: t('actions.markServiced'), icon: Wrench, onSelect: () => setDialog('service') },
    {
      label: t('actions.edit'),
      icon: Pencil,
      onSelect: () => navigate(`${editPath}?edit=${equipment.id}`),
    },
    // Its inspections and defects, printable for audits (issue 16).
    {
      label: t('actions.inspectionReport'),
      icon: ClipboardCheck,
      onSelect: () => navigate(`/inspections/report/${equipment.id}`),
    },
    {
      label: tf('labels.row'),
      icon: QrCode,
      onSelect: () => navigate(`/labels?ids=${equipment.id}`),
    },
    {
      label: t('actions.remove'),
      icon: Trash2,
      onSelect: () => setDialog('remove'),
      separated: true,
      destructive: true,
    },
  ];
  return (
    <div className={cn('no-print flex flex-nowrap items-center gap-1', className)}>
      <Button
        variant="ghost"
        size="icon"
        className="h-9 w-9"
        onClick={() => setDialog('usage')}
        aria-label={label('actions.updateUsage')}
        title={t('actions.updateUsage')}
      >
        <Gauge aria-hidden />
      </Button>
      <LazyDropdown
        trigger={
          <Button
            variant="ghost"
            size="icon"
            className="h-9 w-9"
            aria-haspopup="menu"
            aria-label={label('actions.more')}
            title={t('actions.more')}
          >
            <MoreHorizontal aria-hidden />
          </Button>
        }
        load={loadMoreMenu}
        menu={(m, trigger) => <m.default trigger={trigger} items={moreItems()} />}
      />
      <Suspense fallback={null}>
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
      </Suspense>
    </div>
  );
}
