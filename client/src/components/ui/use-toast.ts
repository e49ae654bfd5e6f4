import { useSyncExternalStore } from 'react';

/** One visible toast at a time (spec section 9). A new toast replaces the current one. */
export type ToastData = {
  id: number;
  title: string;
  description?: string | undefined;
  variant?: 'default' | 'destructive';
  /** A button in the toast that leads to what the message asks for (e.g. "Set the password"). */
  action?: ToastAction | undefined;
  open: boolean;
};
export type ToastAction = { label: string; onClick: () => void };

let current: ToastData[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

export function toast(t: {
  title: string;
  description?: string | undefined;
  variant?: 'default' | 'destructive';
  action?: ToastAction | undefined;
}) {
  current = [{ ...t, id: nextId++, open: true }];
  emit();
}

export function dismissToast(id: number) {
  current = current.map((t) => (t.id === id ? { ...t, open: false } : t));
  emit();
}

export function useToasts(): ToastData[] {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => current,
    () => current,
  );
}
