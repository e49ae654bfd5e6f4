import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import type { EquipmentDto } from '@domain/schemas/equipment';
import { NotesHistoryDialog } from '@/components/equipment/notes-history-dialog';
import { api } from '@/lib/api';
import { translateError } from '@/lib/translate-message';

/**
 * A machine's sticker opened by an owner or a manager (`/m/<id>`, issue 13): the machine's notes and
 * history. Another company's machine or an unknown id: "not found", no data (the API answers 404).
 */
export default function MachineLink() {
  const { t } = useTranslation('field');
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const machine = useQuery({
    queryKey: ['equipment', 'detail', id],
    queryFn: () => api.get<EquipmentDto>(`/api/equipment/${encodeURIComponent(id)}`),
    retry: false,
  });
  return (
    <main className="mx-auto grid max-w-xl gap-4 p-4">
      <h1 className="text-2xl font-bold">{machine.data?.name ?? t('link.title')}</h1>
      {machine.isError ? (
        <p role="alert" className="text-destructive">
          {translateError(t, machine.error)}
        </p>
      ) : null}
      <Link className="text-primary underline" to="/equipment-list">
        {t('link.back')}
      </Link>
      {machine.data ? (
        <NotesHistoryDialog
          equipment={machine.data}
          open
          onOpenChange={(open) => {
            if (!open) navigate('/equipment-list');
          }}
        />
      ) : null}
    </main>
  );
}
