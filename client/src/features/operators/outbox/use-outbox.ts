import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { operatorKeys } from '../api/keys';
import type { OutboxEntry } from './outbox-store';

// The outbox's code (IndexedDB, sending, retries) loads on first use, after the screen's first paint.
const store = () => import('./outbox-store');

/**
 * The outbox as the operator screen shows it: the entries (waiting and refused), and a flush that runs
 * when the screen opens, when the browser comes back online, and on Retry.
 */
export function useOutbox() {
  const qc = useQueryClient();
  const [entries, setEntries] = useState<OutboxEntry[]>([]);
  const [sending, setSending] = useState(false);

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
      if (r.sent > 0) await qc.invalidateQueries({ queryKey: operatorKeys.equipmentOptions() });
      return r;
    } finally {
      setSending(false);
      reload();
    }
  }, [qc, reload]);

  useEffect(() => {
    reload();
    let off = () => {};
    let gone = false;
    void store().then((m) => {
      if (!gone) off = m.onOutboxChange(reload);
    });
    const online = () => void flush();
    window.addEventListener('online', online);
    if (navigator.onLine) void flush();
    return () => {
      gone = true;
      off();
      window.removeEventListener('online', online);
    };
  }, [flush, reload]);

  return { entries, sending, flush, reload };
}
