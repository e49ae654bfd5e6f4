import type { TFunction } from 'i18next';
import { toast } from '@/components/ui/use-toast';
import { translateError } from '@/lib/translate-message';

/**
 * The toast of an action that failed: what failed (`title`), and why, in the user's language (the
 * server's message through `translateError`, or `fallback` when it gives none).
 */
export function toastFailure(t: TFunction, title: string, err: unknown, fallback?: string) {
  toast({ title, description: translateError(t, err, fallback), variant: 'destructive' });
}
