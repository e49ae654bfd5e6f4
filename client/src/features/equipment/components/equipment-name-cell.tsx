import { useTranslation } from 'react-i18next';
import { shortId } from '@/components/equipment/format';
import { MachineLink } from '@/components/equipment/machine-link';
import { TypeIcon } from '@/components/equipment/type-icon';

/** The first table cell of an equipment row: type icon, name, displayed id (8 characters) and serial. */
export function EquipmentNameCell({
  type,
  name,
  id,
  serialNumber,
}: {
  type: string;
  name: string;
  id: string;
  serialNumber: string | null;
}) {
  const { t } = useTranslation('equipment');
  return (
    <div className="flex items-center gap-2">
      <TypeIcon type={type} />
      <div>
        <MachineLink id={id}>{name}</MachineLink>
        <div className="text-xs text-muted-foreground">
          <span className="whitespace-nowrap">
            {t('columns.id')} {shortId(id)}
          </span>
          {serialNumber ? (
            <>
              {' · '}
              <span>
                {t('columns.serial')} {serialNumber}
              </span>
            </>
          ) : null}
        </div>
      </div>
    </div>
  );
}
