import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { operatorKeys } from '../api/keys';
import { flushOutbox, listOutbox, onOutboxChange, type OutboxEntry } from './outbox-store';

/**
 * The outbox as the operator screen shows it: the entries (waiting and refused), and a flush that runs
 * when the screen opens, when the browser comes back online, and on Retry.
 */
export function useOutbox() {
  const qc = useQueryClient();
  const [entries, setEntries] = useState<OutboxEntry[]>([]);
  const [sending, setSending] = useState(false);

  const reload = useCallback(() => {
    listOutbox()
      .then(setEntries)
      .catch(() => setEntries([]));
  }, []);

  const flush = useCallback(async () => {
    setSending(true);
    try {
      const r = await flushOutbox();
      if (r.sent > 0) await qc.invalidateQueries({ queryKey: operatorKeys.equipmentOptions() });
      return r;
    } finally {
      setSending(false);
      reload();
    }
  }, [qc, reload]);

  useEffect(() => {
    reload();
    const off = onOutboxChange(reload);
    const online = () => void flush();
    window.addEventListener('online', online);
    if (navigator.onLine) void flush();
    return () => {
      off();
      window.removeEventListener('online', online);
    };
  }, [flush, reload]);

  return { entries, sending, flush, reload };
}
