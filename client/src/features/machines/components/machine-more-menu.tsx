import { ClipboardCheck, Pencil, QrCode, Trash2 } from 'lucide-react';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';

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
    <DropdownMenu modal={false} defaultOpen>
      <DropdownMenuTrigger asChild>{trigger}</DropdownMenuTrigger>
      <DropdownMenuContent>
        {!retired ? (
          <DropdownMenuItem onSelect={() => navigate(`/add-equipment?edit=${equipmentId}`)}>
            <Pencil aria-hidden /> {te('actions.edit')}
          </DropdownMenuItem>
        ) : null}
        <DropdownMenuItem asChild>
          <Link to={`/labels?ids=${equipmentId}`}>
            <QrCode aria-hidden /> {t('actions.printLabel')}
          </Link>
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <Link to={`/inspections/report/${equipmentId}`}>
            <ClipboardCheck aria-hidden /> {te('actions.inspectionReport')}
          </Link>
        </DropdownMenuItem>
        {!retired ? (
          <>
            <DropdownMenuSeparator />
            <DropdownMenuItem
              className="text-destructive focus:text-destructive"
              onSelect={onRetire}
            >
              <Trash2 aria-hidden /> {t('actions.retire')}
            </DropdownMenuItem>
          </>
        ) : null}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
