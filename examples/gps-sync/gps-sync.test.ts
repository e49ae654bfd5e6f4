import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { CreatedApiKeyDto, CreatedWebhookDto } from '@domain/schemas/integrations';
import { deliverDue } from '../../server/src/modules/integrations/webhooks.service';
import { call, createEquipmentViaApi, signupOwner } from '../../server/src/test/factories';
import { createTestApp, type TestApp } from '../../server/src/test/helpers';
import { schemaTypes } from './generate';
import { gpsSync } from './sync';
import { describe as describeEvent, receive } from './webhook';

/**
 * Issue 41: the typed integration example (examples/gps-sync) is current with the document and works
 * against the real server over HTTP: its types are what openapi-typescript makes of GET
 * /api/openapi.json today (else `npm run api:types`), it syncs a tracker's day through the public API
 * with an API key (verdicts, an unknown unit, a rollback refused, the same day sent twice recorded
 * once), and its receiver verifies and types a real signed webhook.
 */

let t: TestApp;
let baseUrl: string;
beforeAll(async () => {
  t = await createTestApp({ WEBHOOK_ALLOW_PRIVATE: '1' });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(() => t.close());

it('examples/gps-sync/schema.d.ts is what openapi-typescript makes of the served document', async () => {
  const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
  expect(res.statusCode).toBe(200);
  const committed = readFileSync(new URL('./schema.d.ts', import.meta.url), 'utf8');
  const fresh = await schemaTypes(res.body);
  expect(
    committed === fresh,
    'examples/gps-sync/schema.d.ts is out of date with the API document: run `npm run api:types`',
  ).toBe(true);
});

it("syncs a tracker's day through the public API with a key, and the same day twice is recorded once", async () => {
  const owner = await signupOwner(t.app);
  const key = await call(t.app, owner.cookie, 'POST', '/api/api-keys', {
    name: 'GPS sync',
    scopes: ['read', 'readings'],
  });
  expect(key.statusCode, key.body).toBe(201);
  const token = key.json<CreatedApiKeyDto>().token;
  const a = await createEquipmentViaApi(t.app, owner.cookie, {
    serialNumber: 'CAT-320-0042',
    currentUsage: 1200,
  });
  const b = await createEquipmentViaApi(t.app, owner.cookie, {
    serialNumber: 'JD-310-0007',
    currentUsage: 500,
  });
  const sync = gpsSync({ baseUrl, token });
  const listed = await sync.machines();
  expect(listed.map((m) => m.serialNumber).sort()).toEqual(['CAT-320-0042', 'JD-310-0007']);

  const at = (h: number) => new Date(Date.now() - h * 3_600_000).toISOString();
  const day = [
    { serialNumber: 'CAT-320-0042', engineHours: 1206.5, at: at(2), fuelAddedGallons: 30 },
    { serialNumber: 'JD-310-0007', engineHours: 450, at: at(1) }, // below the meter: refused
    { serialNumber: 'UNKNOWN-1', engineHours: 10, at: at(1) },
  ];
  const first = await sync.syncDay('2026-11-27', day);
  expect(first).toEqual({
    applied: 1,
    held: 0,
    duplicate: 0,
    refused: [
      { serialNumber: 'JD-310-0007', key: 'operators.meterRollback', message: expect.any(String) },
    ],
    unknownSerials: ['UNKNOWN-1'],
  });
  // The same day again (a tracker retrying): the idempotency key replays the answer, nothing new.
  expect(await sync.syncDay('2026-11-27', day)).toEqual(first);
  // Sent again under another key, each reading is a duplicate of the one recorded.
  const again = await sync.syncDay('2026-11-27-retry', day);
  expect(again).toMatchObject({ applied: 0, duplicate: 1 });

  const machines = await sync.machines();
  expect(machines.find((m) => m.id === a.id)?.currentUsage).toBe(1206.5);
  expect(machines.find((m) => m.id === b.id)?.currentUsage).toBe(500);

  // A key without the scope: the typed client throws with the server's answer.
  const readOnly = await call(t.app, owner.cookie, 'POST', '/api/api-keys', {
    name: 'read only',
    scopes: ['read'],
  });
  const denied = gpsSync({ baseUrl, token: readOnly.json<CreatedApiKeyDto>().token });
  await expect(denied.syncDay('2026-11-28', day)).rejects.toMatchObject({
    status: 403,
    body: { key: 'integrations.keyScope' },
  });
});

it('its receiver verifies a real signed webhook and types its event; a changed body is refused', async () => {
  const hits: { signature: string; body: string }[] = [];
  const receiver = http.createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => (body += c));
    req.on('end', () => {
      hits.push({ signature: String(req.headers['webhook-signature']), body });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
  try {
    const owner = await signupOwner(t.app);
    const hook = await call(t.app, owner.cookie, 'POST', '/api/webhooks', {
      url: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`,
      events: ['reading.created'],
    });
    const secret = hook.json<CreatedWebhookDto>().secret;
    const key = await call(t.app, owner.cookie, 'POST', '/api/api-keys', {
      name: 'GPS sync',
      scopes: ['read', 'readings'],
    });
    const m = await createEquipmentViaApi(t.app, owner.cookie, {
      serialNumber: 'HOOK-1',
      currentUsage: 100,
    });
    const sync = gpsSync({ baseUrl, token: key.json<CreatedApiKeyDto>().token });
    const sent = await sync.syncDay('2026-11-27', [
      { serialNumber: 'HOOK-1', engineHours: 101, at: new Date().toISOString() },
    ]);
    expect(sent.applied).toBe(1);
    expect(await deliverDue(t.deps)).toMatchObject({ delivered: 1 });
    expect(hits).toHaveLength(1);
    const hit = hits[0]!;

    const got = receive(secret, hit.signature, hit.body);
    expect(got.ok).toBe(true);
    if (!got.ok) return;
    expect(got.event).toMatchObject({
      type: 'reading.created',
      data: { equipmentId: m.id, usage: 101 },
    });
    expect(describeEvent(got.event)).toBe(`reading.created: machine ${m.id} at 101`);

    expect(receive(secret, hit.signature, hit.body.replace('"usage":101', '"usage":999'))).toEqual({
      ok: false,
      reason: 'signature',
    });
    expect(receive('whsec_not_this_one', hit.signature, hit.body)).toEqual({
      ok: false,
      reason: 'signature',
    });
    // Replayed six minutes later: outside the 300 s tolerance.
    const t0 = Number(/^t=(\d+),/.exec(hit.signature)![1]);
    expect(receive(secret, hit.signature, hit.body, t0 + 301)).toEqual({
      ok: false,
      reason: 'signature',
    });
  } finally {
    await new Promise<void>((r) => receiver.close(() => r()));
  }
});
