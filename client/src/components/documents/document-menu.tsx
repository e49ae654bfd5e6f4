import { FilePen, FileUp, Link2, Trash2 } from 'lucide-react';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import type { DocumentDto } from '@domain/schemas/documents';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';

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
    <DropdownMenu modal={false} defaultOpen>
      <DropdownMenuTrigger asChild>{trigger}</DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuItem onSelect={() => onAction('edit', doc)}>
          <FilePen aria-hidden /> {t('actions.edit')}
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => onAction('replace', doc)}>
          <FileUp aria-hidden /> {t('actions.replace')}
        </DropdownMenuItem>
        {typeLabel ? (
          <DropdownMenuItem onSelect={() => onAction('linkType', doc)}>
            <Link2 aria-hidden /> {t('actions.linkType', { type: typeLabel })}
          </DropdownMenuItem>
        ) : null}
        <DropdownMenuSeparator />
        <DropdownMenuItem
          className="text-destructive focus:text-destructive"
          onSelect={() => onAction('remove', doc)}
        >
          <Trash2 aria-hidden /> {t('actions.remove')}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
