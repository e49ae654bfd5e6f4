import { CloudOff, RefreshCw, Trash2, TriangleAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { MessageParams } from '@domain/messages/catalogue';
import { isMessageKeyShaped as isMessageKey } from '@domain/messages/registry';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { formatNumber } from '@/lib/format';
import { translateKey, translateMessage } from '@/lib/translate-message';
import { removeEntry, type OutboxEntry } from '../outbox/outbox-store';

/**
 * "Waiting to send (N)": every submission still on the phone, oldest first, with a Retry button; a
 * submission the server refused shows the server's message in the operator's language and stays
 * until the operator dismisses it.
 */
export function OutboxPanel({
  entries,
  sending,
  onRetry,
}: {
  entries: OutboxEntry[];
  sending: boolean;
  onRetry: () => void;
}) {
  const { t, i18n } = useTranslation(['field', 'messages']);
  if (entries.length === 0) return null;
  const waiting = entries.filter((e) => e.state === 'waiting');
  const refused = entries.filter((e) => e.state === 'refused');
  const time = (ms: number) =>
    new Intl.DateTimeFormat(i18n.resolvedLanguage ?? 'en', {
      dateStyle: 'short',
      timeStyle: 'short',
    }).format(ms);
  const errorText = (e: OutboxEntry) => {
    const err = e.error;
    if (!err) return '';
    return err.key && isMessageKey(err.key)
      ? translateKey(t, err.key, err.params as MessageParams | undefined, err.message)
      : (translateMessage(t, err.message) ?? err.message);
  };
  const summary = (e: OutboxEntry) =>
    [
      e.inspection ? t('field:outbox.inspection', { name: e.body.notes ?? '' }) : null,
      e.report ? t('field:outbox.problem') : null,
      e.body.newUsage !== undefined
        ? t('field:outbox.reading', { value: formatNumber(e.body.newUsage, 2) })
        : null,
      e.body.fuelAdded
        ? t('field:outbox.fuel', { value: formatNumber(e.body.fuelAdded, 2) })
        : null,
      e.body.notes && !e.inspection ? t('field:outbox.note') : null,
      e.photo || Object.keys(e.photos ?? {}).length ? t('field:outbox.photo') : null,
    ]
      .filter(Boolean)
      .join(' · ');

  return (
    <Card className="border-amber-400" aria-labelledby="outbox-title">
      <CardHeader className="pb-2">
        <div className="flex items-center justify-between gap-3">
          <h2 id="outbox-title" className="flex items-center gap-2 text-lg font-semibold">
            <CloudOff className="h-5 w-5 text-amber-600" aria-hidden />
            {waiting.length > 0
              ? t('field:outbox.waiting', { count: waiting.length })
              : t('field:outbox.attention')}
          </h2>
          {waiting.length > 0 ? (
            <Button
              type="button"
              variant="outline"
              className="h-12 min-w-24 text-base"
              onClick={onRetry}
              disabled={sending}
            >
              <RefreshCw className={sending ? 'animate-spin' : ''} aria-hidden />
              {t('field:outbox.retry')}
            </Button>
          ) : null}
        </div>
        {waiting.length > 0 ? (
          <p className="text-sm text-muted-foreground">{t('field:outbox.hint')}</p>
        ) : null}
      </CardHeader>
      <CardContent className="grid gap-3">
        {waiting.length > 0 ? (
          <ul aria-label={t('field:outbox.waitingList')} className="grid gap-2">
            {waiting.map((e) => (
              <li key={e.key} className="rounded-md bg-amber-50 px-3 py-2 text-sm">
                <span className="block wrap-anywhere font-medium">
                  {e.body.equipmentName ?? ''}
                </span>
                <span className="block">{summary(e)}</span>
                <span className="block text-xs text-muted-foreground">{time(e.createdAt)}</span>
              </li>
            ))}
          </ul>
        ) : null}
        {refused.length > 0 ? (
          <ul aria-label={t('field:outbox.refusedList')} className="grid gap-2">
            {refused.map((e) => (
              <li
                key={e.key}
                className="grid gap-2 rounded-md border border-destructive/40 bg-red-50 px-3 py-2 text-sm"
              >
                <p className="flex items-start gap-2 font-medium text-destructive">
                  <TriangleAlert className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
                  {t('field:outbox.refused', { name: e.body.equipmentName ?? '' })}
                </p>
                <p>
                  {summary(e)} · {time(e.createdAt)}
                </p>
                <p role="alert">{errorText(e)}</p>
                <Button
                  type="button"
                  variant="outline"
                  className="h-12 text-base"
                  onClick={() => void removeEntry(e.key)}
                >
                  <Trash2 aria-hidden />
                  {t('field:outbox.dismiss')}
                </Button>
              </li>
            ))}
          </ul>
        ) : null}
      </CardContent>
    </Card>
  );
}
