import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, it } from 'vitest';
import type { CreatedWebhookDto } from '@domain/schemas/integrations';
import { call, createEquipmentViaApi, signInAgain, signupOwner } from '../../test/factories';
import { makePaying } from '../../test/reports';
import { useTestApp } from '../../test/helpers';
import { multipartBody, pdfBytes } from '../../test/multipart';
import { announceExpiringDocuments } from '../documents/index';
import { deliverDue } from './webhooks.service';

/**
 * The `document.expiring` webhook (issue 42): a current document's expiry is announced once when it
 * comes within 30 days and once on the day, to the endpoints that subscribed, with the machines it is
 * on; not for a replaced document, one already expired, or a company that did not subscribe.
 */
const t = useTestApp({ WEBHOOK_ALLOW_PRIVATE: '1' });

const at = (ymd: string) => t.clock.set(new Date(`${ymd}T15:00:00Z`));

async function uploadDoc(cookie: string, equipmentId: string, fields: Record<string, string>) {
  const { payload, headers } = multipartBody(fields, {
    name: `${fields.title}.pdf`,
    bytes: pdfBytes(4096),
  });
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/equipment/${equipmentId}/documents`,
    payload,
    headers: { ...headers, cookie },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: string }>();
}

it('announces a document 30 days before its expiry and on the day, once each, with its machines', async () => {
  const hits: Record<string, unknown>[] = [];
  const receiver = http.createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => (body += c));
    req.on('end', () => {
      hits.push(JSON.parse(body) as Record<string, unknown>);
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
  try {
    at('2026-09-01');
    const o = await signupOwner(t.app);
    await makePaying(t, o.companyId, '2027-12-31');
    const hook = await call(t.app, o.cookie, 'POST', '/api/webhooks', {
      url: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`,
      events: ['document.expiring'],
    });
    expect(hook.statusCode, hook.body).toBe(201);
    expect(hook.json<CreatedWebhookDto>().secret).toMatch(/^whsec_/);
    const truck = await createEquipmentViaApi(t.app, o.cookie, { name: 'Dump truck' });
    const insurance = await uploadDoc(o.cookie, truck.id, {
      title: 'Insurance 2026',
      category: 'insurance',
      expiresOn: '2026-10-15',
    });
    // Already expired when the endpoint subscribed: never announced.
    await uploadDoc(o.cookie, truck.id, {
      title: 'Old permit',
      category: 'certificate',
      expiresOn: '2026-08-01',
    });
    // Another company with an expiring document and no endpoint: nothing for it.
    const other = await signupOwner(t.app);
    const theirs = await createEquipmentViaApi(t.app, other.cookie, { name: 'Their truck' });
    await uploadDoc(other.cookie, theirs.id, {
      title: 'Their insurance',
      category: 'insurance',
      expiresOn: '2026-09-20',
    });

    // 44 days before: nothing yet.
    expect((await announceExpiringDocuments(t.deps)).sent).toBe(0);
    // 30 days before: once.
    at('2026-09-15');
    expect((await announceExpiringDocuments(t.deps)).sent).toBe(1);
    at('2026-09-20');
    expect((await announceExpiringDocuments(t.deps)).sent).toBe(0);
    // On the day: once more.
    at('2026-10-15');
    expect((await announceExpiringDocuments(t.deps)).sent).toBe(1);
    expect((await announceExpiringDocuments(t.deps)).sent).toBe(0);
    await deliverDue(t.deps);
    expect(hits).toHaveLength(2);
    expect(hits.map((h) => h.type)).toEqual(['document.expiring', 'document.expiring']);
    // Delivered in one pass: not necessarily in the order recorded.
    const dataOf = (milestone: string) =>
      hits.map((h) => h.data as { milestone: string }).find((d) => d.milestone === milestone);
    expect(dataOf('soon')).toEqual({
      documentId: insurance.id,
      title: 'Insurance 2026',
      category: 'insurance',
      expiresOn: '2026-10-15',
      daysLeft: 30,
      milestone: 'soon',
      machines: [{ equipmentId: truck.id, name: 'Dump truck' }],
    });
    expect(dataOf('today')).toMatchObject({ daysLeft: 0, title: 'Insurance 2026' });

    // Renewed with a later expiry: the new document is announced when its own time comes.
    o.cookie = await signInAgain(t.app, o);
    await uploadDoc(o.cookie, truck.id, {
      title: 'Insurance 2027',
      category: 'insurance',
      expiresOn: '2026-11-10',
    });
    expect((await announceExpiringDocuments(t.deps)).sent).toBe(1);
    await deliverDue(t.deps);
    expect(hits[2]!.data).toMatchObject({ title: 'Insurance 2027', daysLeft: 26 });
  } finally {
    await new Promise<void>((r) => receiver.close(() => r()));
  }
});
