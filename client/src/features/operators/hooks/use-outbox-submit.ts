import type { TFunction } from 'i18next';
import { useRef, useState } from 'react';
import { toast } from '@/components/ui/use-toast';
import { translateError } from '@/lib/translate-message';
import { newKey } from '../lib/entry';
import { submitThroughOutbox, type OutboxEntry, type SendResult } from '../outbox/outbox-store';

type Sent = Extract<SendResult, { kind: 'sent' }>;

/**
 * A phone form sent through the outbox (an inspection, a reported problem): one key per intended
 * submission (a retry after a lost answer is recorded once; a refusal starts a new one) and
 * `submitting` while it is on its way. Sent, the toast `sent` makes of the answer; kept on the phone
 * without signal, "saved" with `savedBody`; either way then `onDone`. Refused or failed, `fail` with the
 * error in the user's words (`t` holds the field namespace).
 */
export function useOutboxSubmit({
  t,
  onDone,
  fail,
}: {
  t: TFunction;
  onDone: () => void;
  fail: (description: string) => void;
}) {
  const [submitting, setSubmitting] = useState(false);
  const keyRef = useRef(newKey());
  const submit = (
    entry: Omit<OutboxEntry, 'key' | 'createdAt' | 'state'>,
    { sent, savedBody }: { sent: (res: Sent) => Parameters<typeof toast>[0]; savedBody: string },
  ) => {
    setSubmitting(true);
    void submitThroughOutbox({
      key: keyRef.current,
      createdAt: Date.now(),
      state: 'waiting',
      ...entry,
    })
      .then((res) => {
        if (res.kind === 'sent') {
          toast(sent(res));
          onDone();
        } else if (res.kind === 'offline') {
          toast({ title: t('field:outbox.savedTitle'), description: savedBody });
          onDone();
        } else {
          keyRef.current = newKey();
          fail(translateError(t, res.error));
        }
      })
      .catch((err: unknown) => fail(translateError(t, err)))
      .finally(() => setSubmitting(false));
  };
  return { submitting, submit };
}
