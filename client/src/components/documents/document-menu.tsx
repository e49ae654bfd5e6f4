import { FilePen, FileUp, Link2, Trash2 } from 'lucide-react';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import type { DocumentDto } from '@domain/schemas/documents';
import EquipmentMoreMenu from '@/components/equipment/equipment-more-menu';

export type DocumentAction = 'edit' | 'replace' | 'linkType' | 'remove';

/**
 * A document's actions on the machine page (issue 42): edit its details, replace it with a new version,
 * put it on every machine of the machine's type (`typeLabel`; a manual for the whole class, stored
 * once), remove it. Loaded on the first press of its trigger (documents-card.tsx), then opened at once.
 */
export default function DocumentMenu({
  trigger,
  doc,
  typeLabel,
  onAction,
}: {
  trigger: ReactElement;
  doc: DocumentDto;
  typeLabel?: string;
  onAction: (action: DocumentAction, doc: DocumentDto) => void;
}) {
  const { t } = useTranslation('documents');
  return (
    <EquipmentMoreMenu
      trigger={trigger}
      items={[
        { label: t('actions.edit'), icon: FilePen, onSelect: () => onAction('edit', doc) },
        { label: t('actions.replace'), icon: FileUp, onSelect: () => onAction('replace', doc) },
        !!typeLabel && {
          label: t('actions.linkType', { type: typeLabel }),
          icon: Link2,
          onSelect: () => onAction('linkType', doc),
        },
        {
          label: t('actions.remove'),
          icon: Trash2,
          onSelect: () => onAction('remove', doc),
          separated: true,
          destructive: true,
        },
      ]}
    />
  );
}
