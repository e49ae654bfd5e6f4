import { ClipboardCheck, Pencil, QrCode, Trash2 } from 'lucide-react';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import EquipmentMoreMenu from '@/components/equipment/equipment-more-menu';

/**
 * The machine page's More menu: edit, print label, inspection report, retire. Loaded on the first press
 * of its trigger (machine-header.tsx), which it then opens at once (JavaScript budget, ADR 0007).
 */
export default function MachineMoreMenu({
  trigger,
  equipmentId,
  retired,
  onRetire,
}: {
  trigger: ReactElement;
  equipmentId: string;
  retired: boolean;
  onRetire: () => void;
}) {
  const { t } = useTranslation('machines');
  const { t: te } = useTranslation('equipment');
  const navigate = useNavigate();
  return (
    <EquipmentMoreMenu
      trigger={trigger}
      items={[
        !retired && {
          label: te('actions.edit'),
          icon: Pencil,
          onSelect: () => void navigate(`/add-equipment?edit=${equipmentId}`),
        },
        { label: t('actions.printLabel'), icon: QrCode, to: `/labels?ids=${equipmentId}` },
        {
          label: te('actions.inspectionReport'),
          icon: ClipboardCheck,
          to: `/inspections/report/${equipmentId}`,
        },
        !retired && {
          label: t('actions.retire'),
          icon: Trash2,
          onSelect: onRetire,
          separated: true,
          destructive: true,
        },
      ]}
    />
  );
}
