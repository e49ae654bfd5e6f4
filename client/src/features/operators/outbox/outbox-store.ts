import type {
  ProblemReportInput,
  ProblemReportResponse,
  SubmitInspectionResponse,
} from '@domain/schemas/inspections';
import type { SubmitOperatorUpdateResponse } from '@domain/schemas/operators';
import { ApiError, api } from '@/lib/api';
import type { InspectionBody } from '../api/machine-checklists';
import type { SubmitUpdateBody } from '../api/submit-update';

/**
 * The operator's outbox (issue 13): every submission is first written to IndexedDB with its
 * idempotency key, then sent. A submission that cannot reach the server stays on the phone and is
 * sent again when the connection returns, when the app is opened and on Retry, always with the same
 * key, so the server records it exactly once whatever happens (retries, two tabs, the app killed in
 * the middle of a send). A submission the server refuses (4xx) is kept with the server's message
 * (by key, translated on screen) until the operator dismisses it: never dropped silently.
 */
export type OutboxEntry = {
  key: string;
  body: SubmitUpdateBody;
  createdAt: number;
  state: 'waiting' | 'refused';
  /** An optional photo (JPEG, base64), sent after the update under the same key. */
  photo?: string;
  /** The update is recorded; only the photo is left to send. */
  updateSent?: boolean;
  error?: { message: string; key?: string; params?: Record<string, string | number> };
  /**
   * An inspection (issue 16) instead of an update: `body` then only names the machine and checklist
   * for the outbox panel; `inspection` is what is sent, and `photos` the failed items' photos (by item
   * id), each sent after the inspection under its key; `photosSent` those already stored.
   */
  inspection?: InspectionBody;
  photos?: Record<string, string>;
  photosSent?: string[];
  /**
   * A reported problem (issue 27, "Report a problem") instead of an update: `body` only names the
   * machine for the outbox panel; `report` is what is sent, then `photo` under the same key.
   */
  report?: ProblemReportInput;
};

const DB_NAME = 'ems-field';
const STORE = 'outbox';
const CHANGED = 'ems-outbox-changed';

function openDb(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const req = indexedDB.open(DB_NAME, 1);
    req.onupgradeneeded = () => {
      if (!req.result.objectStoreNames.contains(STORE))
        req.result.createObjectStore(STORE, { keyPath: 'key' });
    };
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error ?? new Error('indexedDB'));
  });
}

async function run<T>(
  mode: IDBTransactionMode,
  fn: (s: IDBObjectStore) => IDBRequest<T> | undefined,
): Promise<T | undefined> {
  const db = await openDb();
  try {
    return await new Promise<T | undefined>((resolve, reject) => {
      const tx = db.transaction(STORE, mode);
      const req = fn(tx.objectStore(STORE));
      tx.oncomplete = () => resolve(req?.result);
      tx.onerror = () => reject(tx.error ?? new Error('indexedDB'));
      tx.onabort = () => reject(tx.error ?? new Error('indexedDB'));
    });
  } finally {
    db.close();
  }
}

/** Tells this tab and the others that the outbox changed. */
function announce() {
  window.dispatchEvent(new Event(CHANGED));
  try {
    const ch = new BroadcastChannel(CHANGED);
    ch.postMessage('changed');
    ch.close();
  } catch {
    // no BroadcastChannel: other tabs refresh on their next flush
  }
}

export function onOutboxChange(cb: () => void): () => void {
  window.addEventListener(CHANGED, cb);
  let ch: BroadcastChannel | null = null;
  try {
    ch = new BroadcastChannel(CHANGED);
    ch.onmessage = cb;
  } catch {
    ch = null;
  }
  return () => {
    window.removeEventListener(CHANGED, cb);
    ch?.close();
  };
}

/** Oldest first: the order the operator made them in (the server sees readings in that order). */
export async function listOutbox(): Promise<OutboxEntry[]> {
  const all = (await run<OutboxEntry[]>('readonly', (s) => s.getAll())) ?? [];
  return all.sort((a, b) => a.createdAt - b.createdAt);
}

export async function putEntry(entry: OutboxEntry) {
  await run('readwrite', (s) => s.put(entry));
  announce();
}

export async function removeEntry(key: string) {
  await run('readwrite', (s) => s.delete(key));
  announce();
}

export async function clearOutbox() {
  await run('readwrite', (s) => s.clear());
  announce();
}

export type SendResult =
  | {
      kind: 'sent';
      response: SubmitOperatorUpdateResponse;
      inspection?: SubmitInspectionResponse;
      report?: ProblemReportResponse;
    }
  | { kind: 'refused'; error: ApiError }
  /** Not recorded, kept: no answer (or a 5xx), or `signedOut` (401: kept until the operator signs in). */
  | { kind: 'offline'; signedOut?: boolean };

/** 4xx is the server's answer (it will not change on retry); no answer or 5xx: try again later. */
function isRefusal(err: unknown): err is ApiError {
  return err instanceof ApiError && err.status >= 400 && err.status < 500 && err.status !== 408;
}

/** One attempt at one entry, with its own idempotency key. Sent: removed; refused: kept with the message. */
export async function sendEntry(entry: OutboxEntry, dropOnRefusal = false): Promise<SendResult> {
  let response: SubmitOperatorUpdateResponse | undefined;
  try {
    if (entry.inspection) return await sendInspection(entry);
    if (entry.report) return await sendReport(entry, entry.report);
    if (!entry.updateSent) {
      // The time it was made on the phone, not the time the signal came back (issue 25).
      const body = { ...entry.body, takenAt: new Date(entry.createdAt).toISOString() };
      response = await api.post<SubmitOperatorUpdateResponse>('/api/operator-updates', body, {
        headers: { 'idempotency-key': entry.key },
      });
      if (!entry.photo) {
        await removeEntry(entry.key);
        return { kind: 'sent', response };
      }
      entry = { ...entry, updateSent: true };
      await putEntry(entry);
    }
    await api.post('/api/field/photos', { updateKey: entry.key, data: entry.photo });
    await removeEntry(entry.key);
    return response ? { kind: 'sent', response } : { kind: 'sent', response: PHOTO_ONLY };
  } catch (err) {
    if (!isRefusal(err)) return { kind: 'offline' };
    if (err.status === 401) return { kind: 'offline', signedOut: true }; // kept until the operator signs in again
    // The submission the operator just made: the screen shows the refusal and keeps the form filled.
    if (dropOnRefusal) {
      await removeEntry(entry.key);
      return { kind: 'refused', error: err };
    }
    await putEntry({
      ...entry,
      state: 'refused',
      error: {
        message: err.message,
        ...(err.key ? { key: err.key } : {}),
        ...(err.params ? { params: { ...err.params } } : {}),
      },
    });
    return { kind: 'refused', error: err };
  }
}

/**
 * An inspection: recorded under the entry's key (a replay answers the same inspection), then each
 * failed item's photo under that key; a photo sent is noted so a retry sends only the rest.
 */
async function sendInspection(entry: OutboxEntry): Promise<SendResult> {
  let inspection: SubmitInspectionResponse | undefined;
  if (!entry.updateSent) {
    inspection = await api.post<SubmitInspectionResponse>('/api/inspections', entry.inspection, {
      headers: { 'idempotency-key': entry.key },
    });
    entry = { ...entry, updateSent: true };
    if (Object.keys(entry.photos ?? {}).length > 0) await putEntry(entry);
  }
  for (const [itemId, data] of Object.entries(entry.photos ?? {})) {
    if (entry.photosSent?.includes(itemId)) continue;
    await api.post('/api/inspections/photos', { inspectionKey: entry.key, itemId, data });
    entry = { ...entry, photosSent: [...(entry.photosSent ?? []), itemId] };
    await putEntry(entry);
  }
  await removeEntry(entry.key);
  const pending = inspection?.inspection.readingStatus === 'pending';
  return {
    kind: 'sent',
    response: { ...PHOTO_ONLY, status: pending ? 'pending' : 'applied' },
    ...(inspection ? { inspection } : {}),
  };
}

/**
 * A reported problem: recorded under the entry's key (a replay answers the same defect), then its
 * photo under that key; a retry after the report went through sends only the photo.
 */
async function sendReport(entry: OutboxEntry, body: ProblemReportInput): Promise<SendResult> {
  let report: ProblemReportResponse | undefined;
  if (!entry.updateSent) {
    report = await api.post<ProblemReportResponse>('/api/problem-reports', body, {
      headers: { 'idempotency-key': entry.key },
    });
    entry = { ...entry, updateSent: true };
    if (entry.photo) await putEntry(entry);
  }
  if (entry.photo)
    await api.post('/api/problem-reports/photo', { reportKey: entry.key, data: entry.photo });
  await removeEntry(entry.key);
  return { kind: 'sent', response: PHOTO_ONLY, ...(report ? { report } : {}) };
}

/** What a send answers when only the photo of an already recorded update was left. */
const PHOTO_ONLY = { status: 'applied' } as SubmitOperatorUpdateResponse;

/** One flush at a time across the tabs of this browser (Web Locks when the browser has them). */
function exclusive<T>(fn: () => Promise<T>): Promise<T> {
  const locks = (navigator as Navigator & { locks?: LockManager }).locks;
  if (!locks) return fn();
  return locks.request('ems-outbox-flush', fn) as Promise<T>;
}

/**
 * Sends every waiting entry, oldest first, and stops at the first one that cannot reach the server
 * (the rest keep their order). Returns how many were sent and refused.
 */
export function flushOutbox(current?: string): Promise<FlushResult> {
  return exclusive(async () => {
    const out: FlushResult = {
      sent: 0,
      refused: 0,
      offline: false,
      signedOut: false,
      results: new Map(),
    };
    for (const entry of await listOutbox()) {
      if (entry.state !== 'waiting') continue;
      const r = await sendEntry(entry, entry.key === current);
      out.results.set(entry.key, r);
      if (r.kind === 'offline') return { ...out, offline: true, signedOut: r.signedOut === true };
      if (r.kind === 'sent') out.sent++;
      else out.refused++;
    }
    return out;
  });
}

export type FlushResult = {
  sent: number;
  refused: number;
  offline: boolean;
  /** The server answered 401: the session ended; the entries stay until the operator signs in. */
  signedOut: boolean;
  /** What happened to each entry tried (an entry not tried was not reached: still waiting). */
  results: Map<string, SendResult>;
};

/** A new submission: kept on the phone first, then everything waiting is sent in order. */
export async function submitThroughOutbox(entry: OutboxEntry): Promise<SendResult> {
  await putEntry(entry);
  const r = await flushOutbox(entry.key);
  return r.results.get(entry.key) ?? { kind: 'offline' };
}
