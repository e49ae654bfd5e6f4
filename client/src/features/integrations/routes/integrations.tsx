// Over 400 lines: API keys and webhooks on one page; one file per card is open work (issue 44).
import { apiScopes, webhookEvents } from '@domain/integrations';
import {
  createApiKeySchema,
  createWebhookSchema,
  type CreateApiKeyInput,
  type CreateWebhookInput,
} from '@domain/schemas/integrations';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { FormField } from '@/components/form-field';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Checkbox } from '@/components/ui/checkbox';
import { Input } from '@/components/ui/input';
import { FieldError, Label } from '@/components/ui/label';
import { toast } from '@/components/ui/use-toast';
import { useCurrentUser } from '@/lib/auth';
import { formatDateTime } from '@/lib/format';
import { useMessage } from '@/lib/use-message';
import { useApiKeys, useCreateApiKey, useRevokeApiKey } from '../api/api-keys';
import {
  useCreateWebhook,
  useDeleteWebhook,
  useDeliveries,
  useResendDelivery,
  useWebhooks,
} from '../api/webhooks';
import { toastFailure } from '@/components/toast-failure';

/**
 * /integrations (issue 29): the owner's API keys and webhooks. A new key's token and a new endpoint's
 * secret are shown once, here, until the owner dismisses them; only the owner may see this page's data.
 */
export default function IntegrationsPage() {
  const { t } = useTranslation('integrations');
  const { user } = useCurrentUser();
  if (user && user.role !== 'owner')
    return (
      <main className="mx-auto grid max-w-4xl grid-cols-1 gap-4 p-4 md:p-6">
        <h1 className="text-2xl font-bold">{t('title')}</h1>
        <p>{t('ownersOnly')}</p>
      </main>
    );
  return (
    <main className="mx-auto grid max-w-4xl grid-cols-1 gap-6 p-4 md:p-6">
      <div className="grid gap-1">
        <h1 className="text-2xl font-bold">{t('title')}</h1>
        <p className="text-sm text-muted-foreground">
          {t('intro')}{' '}
          <a className="underline" href="/api/docs" target="_blank" rel="noreferrer">
            {t('reference')}
          </a>
        </p>
      </div>
      <ApiKeysCard />
      <WebhooksCard />
    </main>
  );
}

/** A secret shown once, with a copy button. */
function ShownOnce({ label, value, onDone }: { label: string; value: string; onDone: () => void }) {
  const { t } = useTranslation('integrations');
  return (
    <div
      role="status"
      className="grid gap-2 rounded-md border border-amber-400 bg-amber-50 p-3 text-sm text-amber-950"
    >
      <p className="font-semibold">{label}</p>
      <code className="break-all rounded bg-white p-2">{value}</code>
      <div className="flex gap-2">
        <Button
          type="button"
          size="sm"
          variant="outline"
          onClick={() => {
            void navigator.clipboard?.writeText(value);
            toast({ title: t('copied') });
          }}
        >
          {t('copy')}
        </Button>
        <Button type="button" size="sm" onClick={onDone}>
          {t('done')}
        </Button>
      </div>
    </div>
  );
}

function ApiKeysCard() {
  const { t } = useTranslation('integrations');
  const keys = useApiKeys();
  const create = useCreateApiKey();
  const revoke = useRevokeApiKey();
  const msg = useMessage();
  const [token, setToken] = useState<string | null>(null);
  // The API's schema (a name, at least one scope), its rules under each field.
  const form = useForm<z.input<typeof createApiKeySchema>, unknown, CreateApiKeyInput>({
    resolver: zodResolver(createApiKeySchema),
    defaultValues: { name: '', scopes: ['read'] },
  });
  const nameError = msg(form.formState.errors.name?.message);
  const scopesError = msg(form.formState.errors.scopes?.message);

  const onSubmit = form.handleSubmit((body) => {
    create.mutate(body, {
      onSuccess: (created) => {
        setToken(created.token);
        form.resetField('name');
      },
      onError: (err) => toastFailure(t, t('keys.failed'), err),
    });
  });

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('keys.title')}</CardTitle>
        <CardDescription>{t('keys.description')}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {token ? (
          <ShownOnce label={t('keys.shownOnce')} value={token} onDone={() => setToken(null)} />
        ) : null}
        <form onSubmit={(e) => void onSubmit(e)} className="grid gap-3" noValidate>
          <FormField id="apiKeyName" label={t('keys.name')} error={nameError} className="gap-2">
            <Input
              id="apiKeyName"
              maxLength={60}
              placeholder={t('keys.namePlaceholder')}
              {...form.register('name')}
              aria-invalid={Boolean(nameError) || undefined}
              aria-describedby={nameError ? 'apiKeyName-error' : undefined}
            />
          </FormField>
          <fieldset
            className="grid gap-2"
            aria-invalid={Boolean(scopesError) || undefined}
            aria-describedby={scopesError ? 'apiKeyScopes-error' : undefined}
          >
            <legend className="mb-1 text-sm font-medium">{t('keys.scopes')}</legend>
            {apiScopes.map((s) => (
              <div key={s} className="flex items-start gap-2">
                <Controller
                  control={form.control}
                  name="scopes"
                  render={({ field }) => (
                    <Checkbox
                      id={`scope-${s}`}
                      checked={field.value.includes(s)}
                      onCheckedChange={(c) =>
                        field.onChange(
                          c === true ? [...field.value, s] : field.value.filter((x) => x !== s),
                        )
                      }
                    />
                  )}
                />
                <Label htmlFor={`scope-${s}`} className="grid gap-0.5 font-normal">
                  <span className="font-medium">{t(`scope.${s}.name`)}</span>
                  <span className="text-xs text-muted-foreground">{t(`scope.${s}.body`)}</span>
                </Label>
              </div>
            ))}
            <FieldError id="apiKeyScopes-error" message={scopesError} />
          </fieldset>
          <div>
            <Button type="submit" disabled={create.isPending}>
              {t('keys.create')}
            </Button>
          </div>
        </form>
        {keys.data && keys.data.length > 0 ? (
          <ul className="grid gap-2">
            {keys.data.map((k) => (
              <li
                key={k.id}
                className="flex flex-wrap items-center justify-between gap-2 rounded-md border p-3 text-sm"
              >
                <span className="grid gap-1">
                  <span className="font-semibold">
                    {k.name} <code className="text-xs text-muted-foreground">{k.prefix}…</code>
                  </span>
                  <span className="flex flex-wrap gap-1">
                    {k.scopes.map((s) => (
                      <Badge key={s} variant="outline">
                        {t(`scope.${s}.name`)}
                      </Badge>
                    ))}
                  </span>
                  <span className="text-xs text-muted-foreground">
                    {k.lastUsedAt
                      ? t('keys.lastUsed', { when: formatDateTime(k.lastUsedAt) })
                      : t('keys.neverUsed')}
                  </span>
                </span>
                {k.revokedAt ? (
                  <Badge variant="secondary">{t('keys.revoked')}</Badge>
                ) : (
                  <Button
                    type="button"
                    size="sm"
                    variant="destructive"
                    disabled={revoke.isPending}
                    aria-label={t('keys.revokeNamed', { name: k.name })}
                    onClick={() => {
                      if (!window.confirm(t('keys.revokeConfirm', { name: k.name }))) return;
                      revoke.mutate(k.id, {
                        onSuccess: () => toast({ title: t('keys.revokedToast') }),
                        onError: (err) => toastFailure(t, t('keys.failed'), err),
                      });
                    }}
                  >
                    {t('keys.revoke')}
                  </Button>
                )}
              </li>
            ))}
          </ul>
        ) : keys.data ? (
          <p className="text-sm text-muted-foreground">{t('keys.none')}</p>
        ) : null}
      </CardContent>
    </Card>
  );
}

function WebhooksCard() {
  const { t } = useTranslation('integrations');
  const hooks = useWebhooks();
  const create = useCreateWebhook();
  const remove = useDeleteWebhook();
  const msg = useMessage();
  const [secret, setSecret] = useState<string | null>(null);
  const [open, setOpen] = useState<string | null>(null);
  // The API's schema (an http(s) address, at least one event), its rules under each field.
  const form = useForm<z.input<typeof createWebhookSchema>, unknown, CreateWebhookInput>({
    resolver: zodResolver(createWebhookSchema),
    defaultValues: { url: '', events: ['reading.created'] },
  });
  const urlError = msg(form.formState.errors.url?.message);
  const eventsError = msg(form.formState.errors.events?.message);

  const onSubmit = form.handleSubmit((body) => {
    create.mutate(body, {
      onSuccess: (created) => {
        setSecret(created.secret);
        form.resetField('url');
      },
      onError: (err) => toastFailure(t, t('webhooks.failed'), err),
    });
  });

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('webhooks.title')}</CardTitle>
        <CardDescription>{t('webhooks.description')}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {secret ? (
          <ShownOnce
            label={t('webhooks.shownOnce')}
            value={secret}
            onDone={() => setSecret(null)}
          />
        ) : null}
        <form onSubmit={(e) => void onSubmit(e)} className="grid gap-3" noValidate>
          <FormField id="webhookUrl" label={t('webhooks.url')} error={urlError} className="gap-2">
            <Input
              id="webhookUrl"
              type="url"
              inputMode="url"
              placeholder="https://example.com/hooks/ems"
              {...form.register('url')}
              aria-invalid={Boolean(urlError) || undefined}
              aria-describedby={urlError ? 'webhookUrl-error' : undefined}
            />
          </FormField>
          <fieldset
            className="grid grid-cols-1 gap-2 sm:grid-cols-2"
            aria-invalid={Boolean(eventsError) || undefined}
            aria-describedby={eventsError ? 'webhookEvents-error' : undefined}
          >
            <legend className="mb-1 text-sm font-medium">{t('webhooks.events')}</legend>
            {webhookEvents.map((ev) => (
              <div key={ev} className="flex items-center gap-2">
                <Controller
                  control={form.control}
                  name="events"
                  render={({ field }) => (
                    <Checkbox
                      id={`event-${ev}`}
                      checked={field.value.includes(ev)}
                      onCheckedChange={(c) =>
                        field.onChange(
                          c === true ? [...field.value, ev] : field.value.filter((x) => x !== ev),
                        )
                      }
                    />
                  )}
                />
                <Label htmlFor={`event-${ev}`} className="font-normal">
                  {t(`event.${ev}`)} <code className="text-xs text-muted-foreground">{ev}</code>
                </Label>
              </div>
            ))}
            {eventsError ? (
              <div className="sm:col-span-2">
                <FieldError id="webhookEvents-error" message={eventsError} />
              </div>
            ) : null}
          </fieldset>
          <div>
            <Button type="submit" disabled={create.isPending}>
              {t('webhooks.create')}
            </Button>
          </div>
        </form>
        {hooks.data && hooks.data.length > 0 ? (
          <ul className="grid gap-2">
            {hooks.data.map((h) => (
              <li key={h.id} className="grid gap-2 rounded-md border p-3 text-sm">
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <span className="grid gap-1">
                    <code className="break-all font-semibold">{h.url}</code>
                    <span className="text-xs text-muted-foreground">{h.events.join(', ')}</span>
                  </span>
                  <span className="flex gap-2">
                    <Button
                      type="button"
                      size="sm"
                      variant="outline"
                      aria-expanded={open === h.id}
                      onClick={() => setOpen(open === h.id ? null : h.id)}
                    >
                      {t('webhooks.log')}
                    </Button>
                    <Button
                      type="button"
                      size="sm"
                      variant="destructive"
                      disabled={remove.isPending}
                      onClick={() => {
                        if (!window.confirm(t('webhooks.removeConfirm', { url: h.url }))) return;
                        remove.mutate(h.id);
                      }}
                    >
                      {t('webhooks.remove')}
                    </Button>
                  </span>
                </div>
                {open === h.id ? <DeliveryLog webhookId={h.id} /> : null}
              </li>
            ))}
          </ul>
        ) : hooks.data ? (
          <p className="text-sm text-muted-foreground">{t('webhooks.none')}</p>
        ) : null}
      </CardContent>
    </Card>
  );
}

function DeliveryLog({ webhookId }: { webhookId: string }) {
  const { t } = useTranslation('integrations');
  const log = useDeliveries(webhookId);
  const resend = useResendDelivery(webhookId);
  if (!log.data) return null;
  if (log.data.length === 0) return <p className="text-muted-foreground">{t('log.empty')}</p>;
  return (
    <table className="w-full text-left text-xs">
      <caption className="sr-only">{t('log.caption')}</caption>
      <thead>
        <tr>
          <th scope="col">{t('log.when')}</th>
          <th scope="col">{t('log.event')}</th>
          <th scope="col">{t('log.status')}</th>
          <th scope="col">{t('log.attempts')}</th>
          <th scope="col">
            <span className="sr-only">{t('log.actions')}</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {log.data.map((d) => (
          <tr key={d.id} className="border-t">
            <td>{formatDateTime(d.createdAt)}</td>
            <td>
              <code>{d.event}</code>
            </td>
            <td>
              {t(`log.${d.status}`)}
              {d.lastStatus !== null
                ? ` (HTTP ${d.lastStatus})`
                : d.lastError
                  ? ` (${d.lastError})`
                  : ''}
            </td>
            <td>{d.attempts}</td>
            <td>
              <Button
                type="button"
                size="sm"
                variant="ghost"
                disabled={resend.isPending}
                onClick={() =>
                  resend.mutate(d.id, {
                    onSuccess: () => toast({ title: t('log.resent') }),
                  })
                }
              >
                {t('log.resend')}
              </Button>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
