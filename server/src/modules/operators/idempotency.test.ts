import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  equipment,
  equipmentNote,
  fieldPhoto,
  inspection,
  operatorUpdate,
} from '../../db/schema/index';
import {
  call,
  operatorWithTruckCheck,
  createEquipmentViaApi,
  signInOperatorViaApi,
  signupOwner,
} from '../../test/factories';
import { useTestApp } from '../../test/helpers';

/** Issue 25 item 5: an idempotency key sent again with another body is refused (422), the same body replays. */
const t = useTestApp();

const post = (cookie: string, url: string, key: string, payload: object) =>
  t.app.inject({ method: 'POST', url, headers: { cookie, 'idempotency-key': key }, payload });

const jpeg = (fill: number) => {
  const b = Buffer.alloc(600, fill);
  b.set([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46]);
  return b.toString('base64');
};

/** What a replay could have written: the machine's meter and fuel, its updates and history entries. */
async function written(equipmentId: string) {
  const db = t.deps.systemDb;
  const [m] = await db.select().from(equipment).where(eq(equipment.id, equipmentId));
  const updates = await db
    .select()
    .from(operatorUpdate)
    .where(eq(operatorUpdate.equipmentId, equipmentId));
  const notes = await db
    .select()
    .from(equipmentNote)
    .where(eq(equipmentNote.equipmentId, equipmentId));
  return {
    usage: m?.currentUsage,
    fuel: m?.totalFuelUsed,
    updates: updates.map((u) => [u.newUsage, u.fuelAdded, u.notes]),
    notes: notes.length,
  };
}

describe('operator updates: the same key with another body', () => {
  it('is refused with 422 and writes nothing; the same body replays the first record', async () => {
    const owner = await signupOwner(t.app);
    const op = await signInOperatorViaApi(t.app, owner);
    const m = await createEquipmentViaApi(t.app, owner.cookie, { currentUsage: 100 });
    const other = await createEquipmentViaApi(t.app, owner.cookie, { name: 'Other' });
    const body = {
      equipmentId: m.id,
      newUsage: 104.5,
      fuelAdded: 12,
      fuelType: 'diesel',
      notes: 'Morning',
    };
    const first = await post(op, '/api/operator-updates', 'k-1', body);
    expect(first.statusCode, first.body).toBe(201);
    const id = first.json<{ update: { id: string } }>().update.id;
    const before = await written(m.id);

    const changed: [string, object][] = [
      ['reading', { ...body, newUsage: 105 }],
      ['fuel', { ...body, fuelAdded: 13 }],
      ['fuel type', { ...body, fuelType: 'gas' }],
      ['notes', { ...body, notes: 'Evening' }],
      ['no fuel', { equipmentId: m.id, newUsage: 104.5, notes: 'Morning' }],
      ['machine', { ...body, equipmentId: other.id }],
    ];
    for (const [what, b] of changed) {
      const res = await post(op, '/api/operator-updates', 'k-1', b);
      expect(res.statusCode, what).toBe(422);
      expect(res.json(), what).toMatchObject({
        key: 'common.idempotencyKeyReused',
        message:
          'This request key was already used for a different request. Nothing was saved: send it again as a new request.',
      });
    }
    // Another user of the company under the operator's key: refused too.
    const byOwner = await post(owner.cookie, '/api/operator-updates', 'k-1', body);
    expect(byOwner.statusCode).toBe(422);
    expect(await written(m.id)).toEqual(before);
    expect((await written(other.id)).updates).toEqual([]);

    // The same request again, in its canonical form (a number as text, the same notes with spaces
    // the schema trims, the name the phone knew): the first record, 200.
    for (const b of [
      body,
      { ...body, newUsage: '104.50', notes: '  Morning ', equipmentName: 'whatever' },
    ]) {
      const res = await post(op, '/api/operator-updates', 'k-1', b);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json<{ update: { id: string } }>().update.id).toBe(id);
    }
    expect(await written(m.id)).toEqual(before);
  });

  it('a fuel-only update sent again without a fuel type replays (gas is what was stored)', async () => {
    const owner = await signupOwner(t.app);
    const op = await signInOperatorViaApi(t.app, owner);
    const m = await createEquipmentViaApi(t.app, owner.cookie, { currentUsage: 100 });
    const first = await post(op, '/api/operator-updates', 'k-2', {
      equipmentId: m.id,
      fuelAdded: 5,
    });
    expect(first.statusCode).toBe(201);
    const again = await post(op, '/api/operator-updates', 'k-2', {
      equipmentId: m.id,
      fuelAdded: 5,
      fuelType: 'gas',
    });
    expect(again.statusCode).toBe(200);
    const diesel = await post(op, '/api/operator-updates', 'k-2', {
      equipmentId: m.id,
      fuelAdded: 5,
      fuelType: 'diesel',
    });
    expect(diesel.statusCode).toBe(422);
    expect((await written(m.id)).fuel).toBe(5);
  });
});

describe('inspections and photos: the same key with another body', () => {
  async function setup() {
    const owner = await signupOwner(t.app);
    const check = await operatorWithTruckCheck(t.app, owner, [
      { id: 'brakes', label: 'Brakes', kind: 'passFail', required: true, critical: false },
      { id: 'pressure', label: 'Tire pressure', kind: 'number', unit: 'psi', required: false },
      { id: 'notes', label: 'Comments', kind: 'text', required: false },
    ]);
    return { owner, ...check };
  }

  it('an inspection: 422 and nothing written for another body, the same one replays', async () => {
    const { owner, op, truck, templateId } = await setup();
    const body = {
      equipmentId: truck.id,
      templateId,
      reading: 1040,
      answers: [
        { itemId: 'brakes', result: 'fail', note: 'Soft pedal' },
        { itemId: 'pressure', number: 32 },
      ],
    };
    const first = await post(op, '/api/inspections', 'i-1', body);
    expect(first.statusCode, first.body).toBe(201);
    const id = first.json<{ inspection: { id: string } }>().inspection.id;
    const before = await written(truck.id);

    const changed: [string, object][] = [
      ['reading', { ...body, reading: 1041 }],
      ['no reading', { ...body, reading: undefined }],
      ['result', { ...body, answers: [{ itemId: 'brakes', result: 'pass' }, body.answers[1]] }],
      [
        'note',
        { ...body, answers: [{ itemId: 'brakes', result: 'fail', note: 'Hard' }, body.answers[1]] },
      ],
      ['number', { ...body, answers: [body.answers[0], { itemId: 'pressure', number: 33 }] }],
      ['answer added', { ...body, answers: [...body.answers, { itemId: 'notes', text: 'ok' }] }],
    ];
    for (const [what, b] of changed) {
      const res = await post(op, '/api/inspections', 'i-1', b);
      expect(res.statusCode, what).toBe(422);
      expect(res.json<{ key: string }>().key, what).toBe('common.idempotencyKeyReused');
    }
    const rows = await t.deps.systemDb
      .select()
      .from(inspection)
      .where(eq(inspection.equipmentId, truck.id));
    expect(rows).toHaveLength(1);
    expect(await written(truck.id)).toEqual(before);

    // The same answers in another order, a note with spaces the schema trims: the same inspection.
    const same = await post(op, '/api/inspections', 'i-1', {
      ...body,
      answers: [body.answers[1], { itemId: 'brakes', result: 'fail', note: ' Soft pedal ' }],
    });
    expect(same.statusCode, same.body).toBe(200);
    expect(same.json<{ inspection: { id: string } }>().inspection.id).toBe(id);
    expect(await written(truck.id)).toEqual(before);

    // The failed item's photo: the same again replays, another one under its key is refused.
    const photo = (data: string) =>
      call(t.app, op, 'POST', '/api/inspections/photos', {
        inspectionKey: 'i-1',
        itemId: 'brakes',
        data,
      });
    expect((await photo(jpeg(0x20))).statusCode).toBe(201);
    expect((await photo(jpeg(0x20))).statusCode).toBe(200);
    const other = await photo(jpeg(0x21));
    expect(other.statusCode).toBe(422);
    expect(other.json<{ key: string }>().key).toBe('common.idempotencyKeyReused');
    const stored = await t.deps.systemDb
      .select()
      .from(fieldPhoto)
      .where(
        and(
          eq(fieldPhoto.companyId, owner.companyId),
          eq(fieldPhoto.updateKey, 'inspection:i-1:brakes'),
        ),
      );
    expect(stored.map((p) => p.data.toString('base64'))).toEqual([jpeg(0x20)]);
  });
});
