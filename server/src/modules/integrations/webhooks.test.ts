import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  CreatedApiKeyDto,
  CreatedWebhookDto,
  WebhookDeliveryDto,
  WebhookPayload,
} from '@domain/schemas/integrations';
import { webhookEndpoint } from '../../db/schema/index';
import {
  call,
  callOk,
  operatorWithTruckCheck,
  reviewUpdate,
  createEquipmentViaApi,
  signInOperatorViaApi,
  signupOwner,
  statusOf,
} from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/helpers';
import { enqueueEvents } from '../events/index';
import { startWebhookJobs } from './webhooks.jobs';
import { deliverDue, isPrivateAddress } from './webhooks.service';

/**
 * Issue 29: webhooks. A real HTTP receiver on this machine (allowed by WEBHOOK_ALLOW_PRIVATE=1 in `t`;
 * `strict` has the setting off, as in production) receives the signed events.
 */
let t: TestApp;
let strict: TestApp;
beforeAll(async () => {
  // One after the other: two apps starting at once on a busy machine can miss Fastify's plugin timeout.
  t = await createTestApp({ WEBHOOK_ALLOW_PRIVATE: '1' });
  strict = await createTestApp();
});
afterAll(async () => {
  await Promise.all([t?.close(), strict?.close()]);
});

type Hit = { headers: http.IncomingHttpHeaders; body: string };

/** A receiver that answers `answer(n)` to its n-th request (0-based) and keeps what it received. */
async function receiver(answer: (n: number) => number = () => 200) {
  const hits: Hit[] = [];
  /** Event ids it accepted (a 2xx), as a receiver de-duplicating by id would keep them. */
  const processed: string[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const status = answer(hits.length);
      hits.push({ headers: req.headers, body });
      const id = String(req.headers['webhook-id']);
      if (status < 300 && !processed.includes(id)) processed.push(id);
      res.writeHead(status).end();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}/hooks/ems`,
    hits,
    processed,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

/** The receiver's check, as docs/api.md shows it. */
function verify(secret: string, header: string, body: string): boolean {
  const parts = Object.fromEntries(header.split(',').map((p) => p.split('=') as [string, string]));
  const expected = createHmac('sha256', secret).update(`${parts.t}.${body}`).digest();
  const got = Buffer.from(parts.v1 ?? '', 'hex');
  return got.length === expected.length && timingSafeEqual(got, expected);
}

async function setup(app: TestApp, url: string, events: string[]) {
  const owner = await signupOwner(app.app);
  const hook = await call(app.app, owner.cookie, 'POST', '/api/webhooks', { url, events });
  expect(hook.statusCode, hook.body).toBe(201);
  const key = await call(app.app, owner.cookie, 'POST', '/api/api-keys', {
    name: 'GPS sync',
    scopes: ['readings'],
  });
  return {
    owner,
    webhook: hook.json<CreatedWebhookDto>(),
    token: key.json<CreatedApiKeyDto>().token,
  };
}

const sendReading = (app: TestApp, token: string, equipmentId: string, usage: number) =>
  app.app.inject({
    method: 'POST',
    url: '/api/readings/batch',
    headers: { authorization: `Bearer ${token}` },
    payload: { readings: [{ equipmentId, usage, at: new Date().toISOString() }] },
  });

describe('webhooks', () => {
  it('deliver a signed event that the receiver verifies; the owner sees it in the delivery log', async () => {
    const r = await receiver();
    try {
      const { owner, webhook, token } = await setup(t, r.url, ['reading.created']);
      expect(webhook.secret).toMatch(/^whsec_/);
      const m = await createEquipmentViaApi(t.app, owner.cookie, { currentUsage: 100 });
      expect((await sendReading(t, token, m.id, 103)).statusCode).toBe(200);
      expect(await deliverDue(t.deps)).toMatchObject({ delivered: 1, failed: 0 });

      expect(r.hits).toHaveLength(1);
      const hit = r.hits[0]!;
      const signature = String(hit.headers['webhook-signature']);
      expect(signature).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
      expect(verify(webhook.secret, signature, hit.body)).toBe(true);
      expect(verify('whsec_wrong', signature, hit.body)).toBe(false);
      const payload = JSON.parse(hit.body) as WebhookPayload;
      expect(payload).toMatchObject({
        type: 'reading.created',
        companyId: owner.companyId,
        data: { equipmentId: m.id, usage: 103, by: 'GPS sync' },
      });
      expect(hit.headers['webhook-id']).toBe(payload.id);

      const log = await call(t.app, owner.cookie, 'GET', `/api/webhooks/${webhook.id}/deliveries`);
      expect(log.json<WebhookDeliveryDto[]>()).toMatchObject([
        {
          eventId: payload.id,
          event: 'reading.created',
          status: 'delivered',
          attempts: 1,
          lastStatus: 200,
        },
      ]);
      // Nothing more to send.
      expect(await deliverDue(t.deps)).toMatchObject({ delivered: 0, failed: 0 });
    } finally {
      await r.close();
    }
  });

  it('retry a failing receiver with a pause, which then has the event exactly once by its id', async () => {
    const r = await receiver((n) => (n === 0 ? 500 : 200));
    try {
      const { owner, webhook, token } = await setup(t, r.url, ['reading.created', 'reading.held']);
      const m = await createEquipmentViaApi(t.app, owner.cookie, { currentUsage: 100 });
      await sendReading(t, token, m.id, 500); // implausible: held
      expect(await deliverDue(t.deps)).toMatchObject({ delivered: 0, failed: 1 });
      const log = () =>
        call(t.app, owner.cookie, 'GET', `/api/webhooks/${webhook.id}/deliveries`).then((res) =>
          res.json<WebhookDeliveryDto[]>(),
        );
      expect(await log()).toMatchObject([
        { event: 'reading.held', status: 'pending', attempts: 1, lastStatus: 500 },
      ]);
      // Not again before its pause is over.
      expect(await deliverDue(t.deps)).toMatchObject({ delivered: 0, failed: 0 });
      t.clock.set(new Date(Date.now() + 11_000));
      try {
        expect(await deliverDue(t.deps)).toMatchObject({ delivered: 1, failed: 0 });
        expect(await deliverDue(t.deps)).toMatchObject({ delivered: 0, failed: 0 });
      } finally {
        t.clock.reset();
      }
      expect(r.hits).toHaveLength(2);
      expect(new Set(r.hits.map((h) => h.headers['webhook-id'])).size).toBe(1);
      expect(r.processed).toHaveLength(1);
      expect(await log()).toMatchObject([{ status: 'delivered', attempts: 2, lastStatus: 200 }]);
    } finally {
      await r.close();
    }
  });

  it('send again on request, with the same event id', async () => {
    const r = await receiver();
    try {
      const { owner, webhook } = await setup(t, r.url, [
        'service.recorded',
        'equipment.status_changed',
      ]);
      const m = await createEquipmentViaApi(t.app, owner.cookie, {
        currentUsage: 240,
        serviceInterval: 250,
        lastServiceUsage: 0,
      });
      await callOk(t.app, owner.cookie, 'PATCH', `/api/equipment/${m.id}/reset-service`, {}, 200);
      await deliverDue(t.deps);
      const types = r.hits.map((h) => (JSON.parse(h.body) as WebhookPayload).type).sort();
      expect(types).toEqual(['equipment.status_changed', 'service.recorded']);
      const log = await call(t.app, owner.cookie, 'GET', `/api/webhooks/${webhook.id}/deliveries`);
      const service = log.json<WebhookDeliveryDto[]>().find((d) => d.event === 'service.recorded')!;
      const again = await call(
        t.app,
        owner.cookie,
        'POST',
        `/api/webhooks/${webhook.id}/deliveries/${service.id}/resend`,
      );
      expect(again.statusCode, again.body).toBe(200);
      expect(again.json()).toMatchObject({ status: 'pending' });
      await deliverDue(t.deps);
      expect(r.hits).toHaveLength(3);
      expect(r.hits[2]!.headers['webhook-id']).toBe(service.eventId);
    } finally {
      await r.close();
    }
  });

  it('announce a status change made by an operator’s reading, a batch reading and an approved one', async () => {
    const r = await receiver();
    try {
      const { owner, webhook, token } = await setup(t, r.url, ['equipment.status_changed']);
      const op = await signInOperatorViaApi(t.app, owner);
      // 80 % of the interval is "approaching service", 100 % "time for service", 110 % overdue.
      const m = await createEquipmentViaApi(t.app, owner.cookie, {
        currentUsage: 19,
        serviceInterval: 25,
        lastServiceUsage: 0,
      });
      const operatorReading = (newUsage: number) =>
        t.app.inject({
          method: 'POST',
          url: '/api/operator-updates',
          headers: { cookie: op },
          payload: { equipmentId: m.id, newUsage },
        });
      // Still good: no event.
      expect((await operatorReading(19.5)).statusCode).toBe(201);
      expect(await deliverDue(t.deps)).toMatchObject({ delivered: 0, failed: 0 });
      // good -> approaching_service, by the operator.
      const sent = await operatorReading(20);
      expect(sent.statusCode, sent.body).toBe(201);
      expect(await deliverDue(t.deps)).toMatchObject({ delivered: 1, failed: 0 });
      expect(r.hits).toHaveLength(1);
      const hit = r.hits[0]!;
      expect(verify(webhook.secret, String(hit.headers['webhook-signature']), hit.body)).toBe(true);
      const first = JSON.parse(hit.body) as WebhookPayload;
      expect(first).toMatchObject({
        type: 'equipment.status_changed',
        companyId: owner.companyId,
        data: {
          equipmentId: m.id,
          from: 'good',
          to: 'approaching_service',
          usage: 20,
          updateId: sent.json<{ update: { id: string } }>().update.id,
        },
      });
      expect(hit.headers['webhook-id']).toBe(first.id);

      // approaching_service -> time_for_service, by the batch: one event, not two.
      expect((await sendReading(t, token, m.id, 25)).json()).toMatchObject({
        counts: { applied: 1 },
      });
      expect(await deliverDue(t.deps)).toMatchObject({ delivered: 1, failed: 0 });
      expect(JSON.parse(r.hits[1]!.body)).toMatchObject({
        type: 'equipment.status_changed',
        data: { equipmentId: m.id, from: 'approaching_service', to: 'time_for_service', usage: 25 },
      });

      // A held reading changes nothing until a manager approves it; then the status moves.
      const held = await operatorReading(5000);
      expect(held.json()).toMatchObject({ status: 'pending' });
      expect(await deliverDue(t.deps)).toMatchObject({ delivered: 0, failed: 0 });
      const heldId = held.json<{ update: { id: string } }>().update.id;
      const approved = await reviewUpdate(t.app, owner.cookie, heldId, 'approve');
      expect(approved.statusCode, approved.body).toBe(200);
      expect(await deliverDue(t.deps)).toMatchObject({ delivered: 1, failed: 0 });
      expect(JSON.parse(r.hits[2]!.body)).toMatchObject({
        type: 'equipment.status_changed',
        data: { equipmentId: m.id, from: 'time_for_service', to: 'overdue', updateId: heldId },
      });
      expect(r.hits).toHaveLength(3);
      expect(new Set(r.hits.map((h) => h.headers['webhook-id'])).size).toBe(3);
    } finally {
      await r.close();
    }
  });

  it('announce a defect found by an operator’s inspection, with its reading', async () => {
    const r = await receiver();
    try {
      const { owner } = await setup(t, r.url, ['defect.opened', 'reading.created']);
      const { op, truck, templateId } = await operatorWithTruckCheck(t.app, owner, [
        { id: 'tires', label: 'Tires', kind: 'passFail', required: true, critical: false },
      ]);
      const res = await call(t.app, op, 'POST', '/api/inspections', {
        equipmentId: truck.id,
        templateId,
        reading: 1010,
        answers: [{ itemId: 'tires', result: 'fail', note: 'Cut in the sidewall' }],
      });
      expect(res.statusCode, res.body).toBe(201);
      await deliverDue(t.deps);
      const got = r.hits.map((h) => JSON.parse(h.body) as WebhookPayload);
      expect(got.map((p) => p.type).sort()).toEqual(['defect.opened', 'reading.created']);
      expect(got.find((p) => p.type === 'defect.opened')!.data).toMatchObject({
        equipmentId: truck.id,
        item: 'Tires',
        critical: false,
      });
    } finally {
      await r.close();
    }
  });

  it('announce a status change made by a manager: a usage increase and an edit', async () => {
    const r = await receiver();
    try {
      const { owner } = await setup(t, r.url, ['equipment.status_changed']);
      // Interval 100 from 0: 50 is good, 85 approaching (alert at 80 %), back to good after an edit.
      const m = await createEquipmentViaApi(t.app, owner.cookie, {
        currentUsage: 50,
        serviceInterval: 100,
        lastServiceUsage: 0,
      });
      const up = await call(t.app, owner.cookie, 'PATCH', `/api/equipment/${m.id}/usage`, {
        usageIncrease: 35,
      });
      expect(up.statusCode, up.body).toBe(200);
      // An increase that keeps the status announces nothing.
      await call(t.app, owner.cookie, 'PATCH', `/api/equipment/${m.id}/usage`, {
        usageIncrease: 1,
      });
      const edit = await call(t.app, owner.cookie, 'PATCH', `/api/equipment/${m.id}`, {
        lastServiceUsage: 80,
      });
      expect(edit.statusCode, edit.body).toBe(200);
      expect(await deliverDue(t.deps)).toMatchObject({ delivered: 2, failed: 0 });
      const events = r.hits.map((h) => (JSON.parse(h.body) as WebhookPayload).data);
      expect(events).toEqual(
        expect.arrayContaining([
          { equipmentId: m.id, from: 'good', to: 'approaching_service', usage: 85 },
          { equipmentId: m.id, from: 'approaching_service', to: 'good', usage: 86 },
        ]),
      );
      expect(events).toHaveLength(2);
    } finally {
      await r.close();
    }
  });

  it('announce a completed work order once, in the transaction that completes it', async () => {
    const r = await receiver();
    try {
      const { owner, webhook } = await setup(t, r.url, ['work_order.completed']);
      const m = await createEquipmentViaApi(t.app, owner.cookie, { currentUsage: 100 });
      const created = await call(t.app, owner.cookie, 'POST', '/api/work-orders', {
        equipmentId: m.id,
        title: 'Fix the seat',
        kind: 'repair',
      });
      expect(created.statusCode, created.body).toBe(201);
      const wo = created.json<{ id: string; number: number }>();
      // Nothing is announced before it is done.
      expect(await deliverDue(t.deps)).toMatchObject({ delivered: 0 });
      const complete = () =>
        t.app.inject({
          method: 'POST',
          url: `/api/work-orders/${wo.id}/complete`,
          headers: { cookie: owner.cookie, 'idempotency-key': `wo-${wo.id}` },
          payload: { laborHours: 2, laborRate: 40, otherCost: 5 },
        });
      expect((await complete()).statusCode).toBe(200);
      // The phone sends it again (a lost answer): still one event.
      expect((await complete()).statusCode).toBe(200);
      expect(await deliverDue(t.deps)).toMatchObject({ delivered: 1, failed: 0 });
      expect(r.hits).toHaveLength(1);
      const hit = r.hits[0]!;
      expect(verify(webhook.secret, String(hit.headers['webhook-signature']), hit.body)).toBe(true);
      expect(JSON.parse(hit.body)).toMatchObject({
        type: 'work_order.completed',
        companyId: owner.companyId,
        data: {
          workOrderId: wo.id,
          number: wo.number,
          equipmentId: m.id,
          kind: 'repair',
          laborCost: 80,
          otherCost: 5,
          total: 85,
        },
      });
    } finally {
      await r.close();
    }
  });

  it('are delivered by the job queue on its own', async () => {
    const r = await receiver();
    const log = { error: () => {}, info: () => {} } as unknown as Parameters<
      typeof startWebhookJobs
    >[1];
    const jobs = await startWebhookJobs(t.deps, log, { pollingIntervalSeconds: 0.5 });
    try {
      const { owner, token } = await setup(t, r.url, ['reading.created']);
      const m = await createEquipmentViaApi(t.app, owner.cookie, { currentUsage: 100 });
      await sendReading(t, token, m.id, 101);
      const until = Date.now() + 30_000;
      while (r.hits.length === 0 && Date.now() < until)
        await new Promise((ok) => setTimeout(ok, 200));
      expect(r.hits).toHaveLength(1);
    } finally {
      await jobs.stop();
      await r.close();
    }
  });

  it('refuse private, loopback and link-local addresses at registration (setting off)', async () => {
    const owner = await signupOwner(strict.app);
    for (const url of [
      'http://127.0.0.1:8080/hook',
      'http://10.1.2.3/hook',
      'http://192.168.1.10/hook',
      'http://169.254.169.254/latest/meta-data',
      'http://[::1]/hook',
      'http://[fe80::1]/hook',
      'http://[::ffff:127.0.0.1]/hook',
      'http://localhost:3000/hook',
    ]) {
      const res = await call(strict.app, owner.cookie, 'POST', '/api/webhooks', {
        url,
        events: ['reading.created'],
      });
      expect(res.statusCode, url).toBe(400);
      expect(res.json(), url).toMatchObject({ key: 'integrations.webhookPrivate' });
    }
    const bad = await call(strict.app, owner.cookie, 'POST', '/api/webhooks', {
      url: 'ftp://example.com/x',
      events: ['reading.created'],
    });
    expect(bad.json()).toMatchObject({ key: 'integrations.webhookUrl' });
    expect(isPrivateAddress('93.184.216.34')).toBe(false);
    expect(isPrivateAddress('2606:4700::1111')).toBe(false);
  });

  it('refuse a private address again at delivery (an address that changed after registration)', async () => {
    const r = await receiver();
    try {
      const owner = await signupOwner(strict.app);
      // As if the name had pointed elsewhere when it was registered.
      const [ep] = await strict.deps.systemDb
        .insert(webhookEndpoint)
        .values({
          companyId: owner.companyId,
          url: r.url,
          events: ['reading.created'],
          secretEncrypted: strict.deps.secretBox.encrypt('whsec_x'),
        })
        .returning();
      await enqueueEvents(
        strict.deps.systemDb,
        owner.companyId,
        [
          {
            type: 'reading.created',
            data: {
              equipmentId: randomUUID(),
              updateId: null,
              usage: 1,
              fuelAdded: 0,
              fuelType: null,
              at: new Date().toISOString(),
              by: 'x',
              reason: null,
            },
          },
        ],
        new Date(),
      );
      expect(await deliverDue(strict.deps)).toMatchObject({ delivered: 0, failed: 1 });
      expect(r.hits).toHaveLength(0);
      const log = await call(strict.app, owner.cookie, 'GET', `/api/webhooks/${ep!.id}/deliveries`);
      expect(log.json<WebhookDeliveryDto[]>()[0]!.lastError).toMatch(/private/);
    } finally {
      await r.close();
    }
  });

  it('are managed by the owner only, and company B never sees company A’s endpoints', async () => {
    const a = await signupOwner(t.app);
    const b = await signupOwner(t.app);
    const hook = await call(t.app, a.cookie, 'POST', '/api/webhooks', {
      url: 'http://127.0.0.1:9/x',
      events: ['defect.opened', 'work_order.completed'],
    });
    const id = hook.json<CreatedWebhookDto>().id;
    expect(await statusOf(t.app, b.cookie, 'GET', `/api/webhooks/${id}/deliveries`)).toBe(404);
    expect(await statusOf(t.app, b.cookie, 'DELETE', `/api/webhooks/${id}`)).toBe(404);
    expect((await call(t.app, b.cookie, 'GET', '/api/webhooks')).json()).toEqual([]);
    const list = await call(t.app, a.cookie, 'GET', '/api/webhooks');
    expect(list.json()).toMatchObject([{ id, events: ['defect.opened', 'work_order.completed'] }]);
    expect(list.body).not.toContain('whsec_');
    expect(await statusOf(t.app, a.cookie, 'DELETE', `/api/webhooks/${id}`)).toBe(200);
    expect((await call(t.app, a.cookie, 'GET', '/api/webhooks')).json()).toEqual([]);
  });
});
