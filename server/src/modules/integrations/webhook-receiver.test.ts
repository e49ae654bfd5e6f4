import { createHmac, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { expect, it } from 'vitest';
import { webhookEvents, WEBHOOK_TOLERANCE_S } from '@domain/integrations';
import type { CreatedApiKeyDto, CreatedWebhookDto } from '@domain/schemas/integrations';
import {
  call,
  createEquipmentViaApi,
  signInOperatorViaApi,
  signupOwner,
} from '../../test/factories';
import { multipartBody, pdfBytes } from '../../test/multipart';
import { useTestApp } from '../../test/helpers';
import { announceExpiringDocuments } from '../documents/index';
import { announceDueTasks } from '../maintenance/index';
import { deliverDue } from './webhooks.service';

/**
 * Issue 41, as an integrator would check it: a real HTTP receiver (node:http on a port of its own)
 * subscribed to every event type gets each one from the real server, checks every signature with its own
 * HMAC code and the 300 s tolerance, and validates every body against that event's schema in GET
 * /api/openapi.json (ajv, JSON Schema 2020-12). Bodies are compact JSON, and a diesel machine's readings
 * say diesel.
 */

const t = useTestApp({ WEBHOOK_ALLOW_PRIVATE: '1' });

type Hit = { headers: http.IncomingHttpHeaders; body: string; at: number };

async function receiver() {
  const hits: Hit[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      hits.push({
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
        at: Math.floor(Date.now() / 1000),
      });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`,
    hits,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

/** The receiver's own check: HMAC-SHA256 over `t.body`, constant-time, and `t` within the tolerance. */
function verified(secret: string, header: string, body: string, now: number): boolean {
  const m = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(header);
  if (!m) return false;
  const mac = createHmac('sha256', secret).update(`${m[1]}.${body}`).digest();
  const sent = Buffer.from(m[2]!, 'hex');
  return timingSafeEqual(sent, mac) && Math.abs(now - Number(m[1])) <= WEBHOOK_TOLERANCE_S;
}

type Doc = {
  webhooks: Record<
    string,
    { post: { requestBody: { content: Record<string, { schema: Record<string, unknown> }> } } }
  >;
  components: Record<string, unknown>;
};

it('a receiver gets every event type, each signed and as its schema in the document says', async () => {
  const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json<Doc>();
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  const DOC_ID = 'https://ems.test/openapi.json';
  ajv.addSchema({ $id: DOC_ID, components: doc.components });
  const schemaOf = (type: string) => {
    const schema = doc.webhooks[type]?.post.requestBody.content['application/json']!.schema;
    expect(schema, type).toBeDefined();
    const text = JSON.stringify(schema).split('"#/components/').join(`"${DOC_ID}#/components/`);
    return ajv.compile(JSON.parse(text) as Record<string, unknown>);
  };

  const r = await receiver();
  try {
    const owner = await signupOwner(t.app);
    const hook = await call(t.app, owner.cookie, 'POST', '/api/webhooks', {
      url: r.url,
      events: [...webhookEvents],
    });
    expect(hook.statusCode, hook.body).toBe(201);
    const { secret } = hook.json<CreatedWebhookDto>();
    const key = await call(t.app, owner.cookie, 'POST', '/api/api-keys', {
      name: 'GPS sync',
      scopes: ['readings', 'write'],
    });
    const bearer = { authorization: `Bearer ${key.json<CreatedApiKeyDto>().token}` };
    const op = await signInOperatorViaApi(t.app, owner);

    // A diesel machine at 240 of a 250-hour interval.
    const diesel = await createEquipmentViaApi(t.app, owner.cookie, {
      fuelType: 'diesel',
      currentUsage: 240,
      serviceInterval: 250,
      lastServiceUsage: 0,
    });
    // reading.created (the operator, fuel added without a type) and equipment.status_changed.
    const opReading = await t.app.inject({
      method: 'POST',
      url: '/api/operator-updates',
      headers: { cookie: op },
      payload: { equipmentId: diesel.id, newUsage: 251, fuelAdded: 12.5 },
    });
    expect(opReading.statusCode, opReading.body).toBe(201);
    // reading.held: an implausible reading from the batch, no fuel.
    const batch = await t.app.inject({
      method: 'POST',
      url: '/api/readings/batch',
      headers: bearer,
      payload: {
        readings: [{ equipmentId: diesel.id, usage: 9000, at: new Date().toISOString() }],
      },
    });
    expect(batch.json(), batch.body).toMatchObject({ counts: { held: 1 } });
    // reading.created by a manager on the machine page (no update, no fuel type).
    const manager = await call(
      t.app,
      owner.cookie,
      'POST',
      `/api/equipment/${diesel.id}/readings`,
      {
        newUsage: 252,
        takenAt: new Date().toISOString(),
      },
    );
    expect(manager.statusCode, manager.body).toBeLessThan(300);
    // One fuel vocabulary: a reading may name the fuel `gasoline`, the machine's word; it is gas.
    const petrol = await createEquipmentViaApi(t.app, owner.cookie, {
      fuelType: 'gasoline',
      currentUsage: 10,
    });
    const gasoline = await t.app.inject({
      method: 'POST',
      url: '/api/readings/batch',
      headers: bearer,
      payload: {
        readings: [
          {
            equipmentId: petrol.id,
            usage: 11,
            fuelAdded: 5,
            fuelType: 'gasoline',
            at: new Date().toISOString(),
          },
        ],
      },
    });
    expect(gasoline.json(), gasoline.body).toMatchObject({ counts: { applied: 1 } });
    const petrolNow = await call(t.app, owner.cookie, 'GET', `/api/equipment/${petrol.id}`);
    expect(petrolNow.json()).toMatchObject({ totalGasUsed: 5, totalDieselUsed: 0 });
    // service_task.due: the machine's service is due now.
    expect((await announceDueTasks(t.deps)).sent).toBeGreaterThan(0);
    // service.recorded, service.completed (and the status back to good).
    const serviced = await call(
      t.app,
      owner.cookie,
      'PATCH',
      `/api/equipment/${diesel.id}/reset-service`,
      { cost: 120 },
    );
    expect(serviced.statusCode, serviced.body).toBe(200);
    // defect.opened: an operator reports a problem.
    const report = await t.app.inject({
      method: 'POST',
      url: '/api/problem-reports',
      headers: { cookie: op },
      payload: { equipmentId: diesel.id, problem: 'Hydraulic leak' },
    });
    expect(report.statusCode, report.body).toBe(201);
    // work_order.completed (and a service.completed naming the order), by the API key.
    const order = await t.app.inject({
      method: 'POST',
      url: '/api/work-orders',
      headers: bearer,
      payload: { equipmentId: diesel.id, title: '250-hour service', kind: 'service' },
    });
    expect(order.statusCode, order.body).toBe(201);
    const done = await t.app.inject({
      method: 'POST',
      url: `/api/work-orders/${order.json<{ id: string }>().id}/complete`,
      headers: bearer,
      payload: { laborHours: 1, laborRate: 80 },
    });
    expect(done.statusCode, done.body).toBeLessThan(300);

    // document.expiring: an insurance certificate on the machine ends in 20 days.
    const { payload, headers } = multipartBody(
      {
        title: 'Insurance',
        category: 'insurance',
        expiresOn: new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10),
      },
      { name: 'insurance.pdf', bytes: pdfBytes(2048) },
    );
    const doc = await t.app.inject({
      method: 'POST',
      url: `/api/equipment/${diesel.id}/documents`,
      payload,
      headers: { ...headers, cookie: owner.cookie },
    });
    expect(doc.statusCode, doc.body).toBe(201);
    expect((await announceExpiringDocuments(t.deps)).sent).toBe(1);

    expect(await deliverDue(t.deps)).toMatchObject({ failed: 0 });
    const got = r.hits.map((h) => ({ ...h, event: JSON.parse(h.body) as Record<string, unknown> }));
    expect([...new Set(got.map((h) => h.event.type))].sort()).toEqual([...webhookEvents].sort());

    for (const hit of got) {
      const type = String(hit.event.type);
      const signature = String(hit.headers['webhook-signature']);
      expect(verified(secret, signature, hit.body, hit.at), `${type} signature`).toBe(true);
      expect(verified('whsec_other', signature, hit.body, hit.at)).toBe(false);
      expect(verified(secret, signature, hit.body, hit.at + WEBHOOK_TOLERANCE_S + 1)).toBe(false);
      expect(hit.headers['webhook-event']).toBe(type);
      expect(hit.headers['webhook-id']).toBe(hit.event.id);
      // Compact JSON, whichever statement wrote it.
      expect(hit.body, type).toBe(JSON.stringify(hit.event));
      const validate = schemaOf(type);
      expect(validate(hit.event) ? [] : validate.errors, `${type}: ${hit.body}`).toEqual([]);
    }

    // A service order's service names its order (the optional field, validated above too).
    expect(got.map((h) => h.event)).toContainEqual(
      expect.objectContaining({
        type: 'service.completed',
        data: expect.objectContaining({ workOrder: expect.any(Number) }),
      }),
    );

    // The diesel machine's readings say diesel; the manager's reading names no fuel.
    const readings = got
      .map((h) => h.event)
      .filter((e) => String(e.type).startsWith('reading.'))
      .map((e) => ({ type: e.type, data: e.data }));
    expect(readings).toEqual(
      expect.arrayContaining([
        {
          type: 'reading.created',
          data: expect.objectContaining({ usage: 251, fuelAdded: 12.5, fuelType: 'diesel' }),
        },
        {
          type: 'reading.held',
          data: expect.objectContaining({
            usage: 9000,
            fuelAdded: 0,
            fuelType: 'diesel',
            reason: 'implausible_reading',
          }),
        },
        {
          type: 'reading.created',
          data: expect.objectContaining({ usage: 252, updateId: null, fuelType: null }),
        },
        {
          type: 'reading.created',
          data: expect.objectContaining({ equipmentId: petrol.id, fuelAdded: 5, fuelType: 'gas' }),
        },
      ]),
    );
  } finally {
    await r.close();
  }
});
