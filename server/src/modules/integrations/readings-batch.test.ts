import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { CreatedApiKeyDto, ReadingsBatchDto } from '@domain/schemas/integrations';
import { equipment, equipmentNote, operatorUpdate } from '../../db/schema/index';
import { call, createEquipmentViaApi, reviewUpdate, signupOwner } from '../../test/factories';
import { useTestApp } from '../../test/helpers';

/** Issue 29: POST /api/readings/batch, every reading through the operator's rules, idempotent twice over. */
const t = useTestApp();

async function keyFor(cookie: string, scopes = ['readings']) {
  const res = await call(t.app, cookie, 'POST', '/api/api-keys', { name: 'GPS sync', scopes });
  return res.json<CreatedApiKeyDto>().token;
}

const send = (token: string, payload: object, idempotencyKey?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/readings/batch',
    headers: {
      authorization: `Bearer ${token}`,
      ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}),
    },
    payload,
  });

async function state(ids: string[]) {
  const db = t.deps.systemDb;
  const out: Record<string, unknown> = {};
  for (const id of ids) {
    const [m] = await db.select().from(equipment).where(eq(equipment.id, id));
    const updates = await db
      .select()
      .from(operatorUpdate)
      .where(eq(operatorUpdate.equipmentId, id));
    const notes = await db.select().from(equipmentNote).where(eq(equipmentNote.equipmentId, id));
    out[id] = {
      usage: m?.currentUsage,
      fuel: m?.totalFuelUsed,
      updates: updates.length,
      notes: notes.length,
    };
  }
  return out;
}

describe('POST /api/readings/batch', () => {
  it('gives good, held, refused and repeated readings their verdicts, and the same again changes nothing', async () => {
    const owner = await signupOwner(t.app);
    const good = await createEquipmentViaApi(t.app, owner.cookie, {
      currentUsage: 100,
      serialNumber: 'SN-GOOD-1',
    });
    const wild = await createEquipmentViaApi(t.app, owner.cookie, { currentUsage: 100 });
    const back = await createEquipmentViaApi(t.app, owner.cookie, { currentUsage: 100 });
    const token = await keyFor(owner.cookie);
    const at = new Date().toISOString();
    const batch = {
      readings: [
        { serialNumber: 'SN-GOOD-1', usage: 105, fuelAdded: 12.5, fuelType: 'diesel', at },
        { equipmentId: wild.id, usage: 200, at },
        { equipmentId: back.id, usage: 50, at },
        { equipmentId: good.id, usage: 105, fuelAdded: 12.5, fuelType: 'diesel', at },
        { serialNumber: 'NO-SUCH-SERIAL', usage: 1, at },
      ],
    };

    const first = await send(token, batch);
    expect(first.statusCode, first.body).toBe(200);
    const a = first.json<ReadingsBatchDto>();
    expect(a.results.map((r) => r.verdict)).toEqual([
      'applied',
      'held',
      'refused',
      'duplicate',
      'refused',
    ]);
    expect(a.results[0]).toMatchObject({ equipmentId: good.id });
    expect(a.results[2]).toMatchObject({ key: 'operators.meterRollback', equipmentId: back.id });
    expect(a.results[4]).toMatchObject({ key: 'integrations.serialNotFound', equipmentId: null });
    expect(a.counts).toEqual({ applied: 1, held: 1, refused: 2, duplicate: 1 });
    const after = await state([good.id, wild.id, back.id]);
    expect(after[good.id]).toMatchObject({ usage: 105, fuel: 12.5, updates: 1 });
    expect(after[wild.id]).toMatchObject({ usage: 100, updates: 1 });
    expect(after[back.id]).toMatchObject({ usage: 100, updates: 0 });

    // The tracker sends its day again: nothing changes.
    const second = await send(token, batch);
    expect(second.json<ReadingsBatchDto>().results.map((r) => r.verdict)).toEqual([
      'duplicate',
      'duplicate',
      'refused',
      'duplicate',
      'refused',
    ]);
    expect(await state([good.id, wild.id, back.id])).toEqual(after);

    // The held reading waits for a manager, named by the key.
    const updates = await call(t.app, owner.cookie, 'GET', '/api/operator-updates');
    const held =
      updates.json<{ id: string; equipmentId: string; status: string; operatorName: string }[]>();
    expect(held.find((u) => u.equipmentId === wild.id)).toMatchObject({
      status: 'pending',
      operatorName: 'GPS sync',
    });
    // Approved by the owner, it is applied and still names the key.
    const pending = held.find((u) => u.equipmentId === wild.id)!;
    const ok = await reviewUpdate(t.app, owner.cookie, pending.id, 'approve');
    expect(ok.statusCode, ok.body).toBe(200);
    const history = await call(t.app, owner.cookie, 'GET', `/api/equipment/${wild.id}/history`);
    expect(history.body).toContain('via GPS sync');
  });

  it('replays the whole answer for the same Idempotency-Key, and refuses the key with another body (422)', async () => {
    const owner = await signupOwner(t.app);
    const m = await createEquipmentViaApi(t.app, owner.cookie, { currentUsage: 10 });
    const token = await keyFor(owner.cookie);
    const at = new Date().toISOString();
    const body = { readings: [{ equipmentId: m.id, usage: 12, at }] };
    const first = await send(token, body, 'day-2026-11-26');
    expect(first.json<ReadingsBatchDto>().results[0]!.verdict).toBe('applied');
    const again = await send(token, body, 'day-2026-11-26');
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    const other = await send(
      token,
      { readings: [{ equipmentId: m.id, usage: 13, at }] },
      'day-2026-11-26',
    );
    expect(other.statusCode).toBe(422);
    expect(other.json()).toMatchObject({ key: 'common.idempotencyKeyReused' });
    expect(await state([m.id])).toMatchObject({ [m.id]: { usage: 12, updates: 1 } });
  });

  it('takes at most 1,000 readings, and refuses a reading without a machine (400)', async () => {
    const owner = await signupOwner(t.app);
    const token = await keyFor(owner.cookie);
    const at = new Date().toISOString();
    const tooMany = {
      readings: Array.from({ length: 1001 }, () => ({ serialNumber: 'x', usage: 1, at })),
    };
    const res = await send(token, tooMany);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ key: 'integrations.batchTooLarge', params: { max: 1000 } });
    const none = await send(token, { readings: [{ usage: 1, at }] });
    expect(none.statusCode).toBe(400);
    expect(none.json()).toMatchObject({ key: 'integrations.machineRequired' });
  });

  it('applies a full batch of 1,000 readings over several machines in order', async () => {
    const owner = await signupOwner(t.app);
    const ms: { id: string }[] = [];
    for (let i = 0; i < 4; i++)
      ms.push(await createEquipmentViaApi(t.app, owner.cookie, { currentUsage: 0, unit: 'miles' }));
    const token = await keyFor(owner.cookie);
    const start = Date.now() - 1000 * 60_000;
    const readings = Array.from({ length: 1000 }, (_, i) => ({
      equipmentId: ms[i % 4]!.id,
      usage: Math.floor(i / 4) + 1,
      at: new Date(start + i * 60_000).toISOString(),
    }));
    const res = await send(token, { readings });
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expect(res.json<ReadingsBatchDto>().counts).toMatchObject({ applied: 1000, refused: 0 });
    const s = await state(ms.map((m) => m.id));
    for (const m of ms) expect(s[m.id]).toMatchObject({ usage: 250, updates: 250 });
  });
});
