import { Play, RefreshCw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { OutboxList } from '@domain/schemas/digest';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { formatDateTime } from '@/lib/format';
import { useMessage } from '@/lib/use-message';
import { useOutbox, useRunDigests } from '../api/outbox';
import { AdminCard, AdminListStates } from '../components/admin-list';

type Message = OutboxList['messages'][number];
const statusVariant: Record<
  Message['status'],
  'secondary' | 'success' | 'warning' | 'destructive'
> = {
  pending: 'secondary',
  sending: 'secondary',
  sent: 'success',
  kept: 'warning',
  failed: 'destructive',
};

/**
 * Platform admin: every email the app sent or would have sent (the maintenance digests), newest
 * first. Without SMTP_URL messages are kept here, so a fresh machine shows what would go out.
 */
export default function AdminOutboxPage() {
  const { t } = useTranslation('admin');
  const msg = useMessage();
  const q = useOutbox();
  const run = useRunDigests();
  const items = q.data?.messages ?? [];

  const onRun = async () => {
    try {
      await run.mutateAsync();
      toast({ title: t('outbox.runTitle'), description: t('outbox.runBody') });
    } catch (err) {
      toast({ title: t('outbox.runFailed'), description: msg(err), variant: 'destructive' });
    }
  };

  return (
    <main className="mx-auto max-w-5xl space-y-4 p-4 md:p-6">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold">{t('outbox.title')}</h1>
          <p className="text-muted-foreground">
            {q.data
              ? q.data.smtp
                ? t('outbox.smtpOn')
                : t('outbox.smtpOff')
              : t('outbox.subtitle')}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" className="min-h-11" onClick={() => void q.refetch()}>
            <RefreshCw aria-hidden />
            {t('outbox.refresh')}
          </Button>
          <Button className="min-h-11" disabled={run.isPending} onClick={() => void onRun()}>
            <Play aria-hidden />
            {t('outbox.run')}
          </Button>
        </div>
      </div>
      <AdminListStates query={q} isEmpty={items.length === 0} empty={t('outbox.empty')}>
        <ul className="space-y-3" aria-label={t('outbox.title')}>
          {items.map((m) => (
            <AdminCard
              key={m.id}
              wrap
              title={m.subject}
              badge={
                <Badge variant={statusVariant[m.status]}>{t(`outbox.status.${m.status}`)}</Badge>
              }
            >
              <p className="text-sm text-muted-foreground break-all">
                {t('outbox.to', { address: m.toAddress })}
                {m.companyName ? ` · ${m.companyName}` : ''} · {formatDateTime(m.createdAt)}
              </p>
              {m.lastError ? (
                <p className="text-sm text-destructive">
                  {t('outbox.error', { count: m.attempts, error: m.lastError })}
                </p>
              ) : null}
              <details>
                <summary className="cursor-pointer py-2 text-sm font-medium">
                  {t('outbox.show')}
                </summary>
                <pre className="mt-2 max-h-96 overflow-auto whitespace-pre-wrap rounded-md bg-muted p-3 text-xs">
                  {m.textBody}
                </pre>
              </details>
            </AdminCard>
          ))}
        </ul>
      </AdminListStates>
    </main>
  );
}
