import type { OperatorFuelType } from '@domain/kinds';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '@/components/ui/use-toast';
import { authKeys, useCurrentUser } from '@/lib/auth';
import { translateError } from '@/lib/translate-message';
import type { EquipmentOption } from '../api/equipment-options';
import { operatorKeys } from '../api/keys';
import { checkEntry, newKey } from '../lib/entry';

/** The outbox's code: loaded on the first submission (or warmed after the first paint). */
export const outboxStore = () => import('../outbox/outbox-store');

/**
 * The update form's values and its submission through the outbox: sent at once when there is
 * signal, kept on the phone with its idempotency key when there is none (the form is then free for
 * the next reading), or refused while the operator looks (the values stay to be corrected). One key
 * per intended submission, so a retry after a lost response is recorded once.
 */
export function useUpdateForm({
  onApplied,
}: {
  /** The server applied a new usage: the picker shows it before its list refreshes. */
  onApplied: (machine: EquipmentOption, newUsage: number) => void;
}) {
  const { t } = useTranslation(['operators', 'field']);
  const qc = useQueryClient();
  const [usage, setUsage] = useState('');
  const [fuel, setFuel] = useState('');
  const [fuelType, setFuelType] = useState<OperatorFuelType>('gas');
  const [price, setPrice] = useState('');
  const [cost, setCost] = useState('');
  const { user } = useCurrentUser();
  const volumeUnit = user?.volumeUnit ?? 'gal';
  const [notes, setNotes] = useState('');
  const [photo, setPhoto] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const keyRef = useRef(newKey());

  const fail = (title: string, description: string) =>
    toast({ title, description, variant: 'destructive' });

  const clear = () => {
    keyRef.current = newKey();
    setUsage('');
    setFuel('');
    setPrice('');
    setCost('');
    setNotes('');
    setPhoto(null);
  };

  const submit = (current: EquipmentOption | undefined) => {
    if (submitting) return;
    if (!current) return fail(t('screen.noEquipmentTitle'), t('screen.noEquipmentBody'));
    const checked = checkEntry({ usage, fuel, notes, price, cost });
    if ('problem' in checked)
      return fail(t(`screen.${checked.problem}Title`), t(`screen.${checked.problem}Body`));
    const { newUsage, fuelAdded } = checked.body;
    const entry = {
      key: keyRef.current,
      createdAt: Date.now(),
      state: 'waiting' as const,
      ...(photo ? { photo } : {}),
      body: {
        equipmentId: current.id,
        equipmentName: current.name,
        ...checked.body,
        // The fuel type is only sent when fuel is added.
        ...(fuelAdded ? { fuelType, volumeUnit } : {}),
      },
    };
    setSubmitting(true);
    void outboxStore()
      .then((m) => m.submitThroughOutbox(entry))
      .then(async (r) => {
        if (r.kind === 'sent') {
          clear();
          await qc.invalidateQueries({ queryKey: operatorKeys.equipmentOptions() });
          if (r.response.status === 'applied' && newUsage !== undefined)
            onApplied(current, newUsage);
          if (r.response.status === 'pending')
            toast({ title: t('screen.pending'), description: t('screen.pendingBody') });
          else toast({ title: t('screen.submitted'), description: t('screen.submittedBody') });
        } else if (r.kind === 'offline') {
          // Kept on the phone with its key: the form is free for the next reading.
          clear();
          // The session ended meanwhile (401): the sign-in is shown; the entry is sent after it.
          if (r.signedOut) void qc.invalidateQueries({ queryKey: authKeys.user });
          toast({ title: t('field:outbox.savedTitle'), description: t('field:outbox.savedBody') });
        } else {
          // Refused while the operator is looking (not kept): the form keeps the values to correct them.
          keyRef.current = newKey();
          fail(t('screen.failed'), translateError(t, r.error));
        }
      })
      .catch((err: unknown) => fail(t('screen.failed'), translateError(t, err)))
      .finally(() => setSubmitting(false));
  };

  return {
    usage,
    setUsage,
    fuel,
    setFuel,
    fuelType,
    setFuelType,
    price,
    setPrice,
    cost,
    setCost,
    volumeUnit,
    notes,
    setNotes,
    photo,
    setPhoto,
    submitting,
    submit,
  };
}
export type UpdateForm = ReturnType<typeof useUpdateForm>;
