import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '@/components/ui/use-toast';
import { authKeys } from '@/lib/auth';
import { useOnline } from '@/lib/use-online';
import { operatorKeys } from '../api/keys';
import type { OutboxEntry } from './outbox-store';

// The outbox's code (IndexedDB, sending, retries) loads on first use, after the screen's first paint.
const store = () => import('./outbox-store');

/** How often a send that found no connection is tried again while the browser says it is online. */
export const OUTBOX_RETRY_MS = 10_000;

/**
 * The outbox as the operator screen shows it: the entries (waiting and refused), and a flush that runs
 * when the screen opens, when the browser comes back online, and on Retry. Entries that waited on the
 * phone are announced once sent ("2 readings sent"). A 401 means the session ended meanwhile: the
 * entries stay and the current user is asked again, which shows the sign-in (issue 25); they are sent
 * once the operator has signed in, with the time each was made. A send that found no connection while
 * the browser says it is online (a weak signal) is tried again every 10 s until it goes through.
 */
export function useOutbox() {
  const qc = useQueryClient();
  const { t } = useTranslation('field');
  const [entries, setEntries] = useState<OutboxEntry[]>([]);
  const [sending, setSending] = useState(false);
  // The last flush found no connection (also when the browser believes it is online).
  const [unreachable, setUnreachable] = useState(false);
  // The last flush was answered 401: nothing is sent again until the operator has signed in.
  const [signedOut, setSignedOut] = useState(false);

  const reload = useCallback(() => {
    store()
      .then((m) => m.listOutbox())
      .then(setEntries)
      .catch(() => setEntries([]));
  }, []);

  const flush = useCallback(async () => {
    setSending(true);
    try {
      const r = await (await store()).flushOutbox();
      setUnreachable(r.offline && !r.signedOut);
      setSignedOut(r.signedOut);
      if (r.sent > 0) {
        toast({ title: t('outbox.sent', { count: r.sent }), description: t('outbox.sentBody') });
        await qc.invalidateQueries({ queryKey: operatorKeys.equipmentOptions() });
      }
      if (r.signedOut) await qc.invalidateQueries({ queryKey: authKeys.user });
      return r;
    } finally {
      setSending(false);
      reload();
    }
  }, [qc, reload, t]);

  useEffect(() => {
    reload();
    let off = () => {};
    let gone = false;
    void store().then((m) => {
      if (!gone) off = m.onOutboxChange(reload);
    });
    const online = () => {
      // Sent at once with the session the phone kept, then the session is confirmed (or, with a 401,
      // the sign-in is shown).
      void flush().then(() => qc.invalidateQueries({ queryKey: authKeys.user }));
    };
    window.addEventListener('online', online);
    if (navigator.onLine) void flush();
    return () => {
      gone = true;
      off();
      window.removeEventListener('online', online);
    };
  }, [flush, reload, qc]);

  // A weak signal: the browser is online but a send got no answer (this screen's or the form's). What
  // waits is tried again by itself (never after a 401: that waits for the sign-in).
  const online = useOnline();
  const waiting = entries.some((e) => e.state === 'waiting');
  useEffect(() => {
    if (!waiting || !online || signedOut) return;
    const id = window.setInterval(() => void flush(), OUTBOX_RETRY_MS);
    return () => window.clearInterval(id);
  }, [waiting, online, signedOut, flush]);

  return { entries, sending, flush, reload, unreachable };
}
