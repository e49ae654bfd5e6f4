import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { equipmentOptionsSchema } from '@domain/schemas/equipment';
import { FIELD_LIST_MAX, fieldMachineSchema, machineIdOfLink } from '@domain/schemas/field';
import { equipment, equipmentNote, fieldPhoto, operatorUpdate } from '../../db/schema/index';
import { useTestApp } from '../../test/helpers';
import {
  call,
  PICKER_FIELDS,
  type SignedIn,
  signInOperatorViaApi,
  signupOwner,
  statusOf,
  insertMachine,
} from '../../test/factories';

const t = useTestApp();

const DAY = 86_400_000;

const signInOperator = (owner: SignedIn) => signInOperatorViaApi(t.app, owner);

const addEquipment = (companyId: string, values: Partial<typeof equipment.$inferInsert> = {}) =>
  insertMachine(t, companyId, {
    name: 'Loader 7',
    fuelType: 'diesel',
    lastReadingAt: new Date(Date.now() - DAY),
    ...values,
  });

describe('GET /api/field/machines/:id (the machine a sticker or scan names)', () => {
  it('answers the company own machine with its last reading time and usual daily usage', async () => {
    const owner = await signupOwner(t.app);
    const cookie = await signInOperator(owner);
    const m = await addEquipment(owner.companyId);
    // Readings over ten days: 100 -> 150, five per day.
    const now = Date.now();
    await t.deps.systemDb.insert(equipmentNote).values([
      {
        companyId: owner.companyId,
        equipmentId: m.id,
        type: 'usage_update',
        reading: 'reading',
        usage: 50,
        content: '',
        createdAt: new Date(now - 11 * DAY),
      },
      {
        companyId: owner.companyId,
        equipmentId: m.id,
        type: 'usage_update',
        reading: 'reading',
        usage: 100,
        content: '',
        createdAt: new Date(now - DAY),
      },
    ]);
    const res = await call(t.app, cookie, 'GET', `/api/field/machines/${m.id}`);
    expect(res.statusCode, res.body).toBe(200);
    const body = fieldMachineSchema.parse(res.json());
    expect(body.id).toBe(m.id);
    expect(body.currentUsage).toBe(100);
    expect(body.usualDaily).toBe(5);
    expect(Date.parse(body.lastReadingAt)).toBe(m.lastReadingAt.getTime());
    // Owners may open it too (the history link of a sticker uses the same id).
    const own = await call(t.app, owner.cookie, 'GET', `/api/field/machines/${m.id}`);
    expect(own.statusCode).toBe(200);
    expect(own.json<{ usualDaily: number | null }>().usualDaily).toBe(5);

    // Its next service task (issue 40): a task due sooner than the machine's own interval leads.
    const added = await call(t.app, owner.cookie, 'POST', `/api/equipment/${m.id}/tasks`, {
      name: 'Grease',
      category: 'service',
      everyUsage: 20,
      lastDone: { usage: 90 },
    });
    expect(added.statusCode, added.body).toBe(201);
    const next = fieldMachineSchema.parse(
      (await call(t.app, cookie, 'GET', `/api/field/machines/${m.id}`)).json(),
    ).nextTask;
    expect(next).toMatchObject({ name: 'Grease', primary: false, dueUsage: 110, dueDate: null });
    // 10 to go at 5 a day: two days from today.
    expect(next?.forecastDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it("is 404 with no data for another company's machine, an unknown id or a malformed one, and 401 signed out", async () => {
    const a = await signupOwner(t.app);
    const b = await signupOwner(t.app);
    const theirs = await addEquipment(b.companyId, { name: 'Secret Crane' });
    const cookie = await signInOperator(a);
    for (const id of [theirs.id, '00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      const res = await call(t.app, cookie, 'GET', `/api/field/machines/${id}`);
      expect(res.statusCode, id).toBe(404);
      expect(res.body).not.toContain('Secret Crane');
      expect(res.json<{ key: string }>().key).toBe('equipment.notFound');
    }
    const owner = await call(t.app, a.cookie, 'GET', `/api/field/machines/${theirs.id}`);
    expect(owner.statusCode).toBe(404);
    // The owner's landing of a sticker (/m/<id>: the machine's history) reads the machine too.
    const landing = await call(t.app, a.cookie, 'GET', `/api/equipment/${theirs.id}`);
    expect(landing.statusCode).toBe(404);
    expect(landing.body).not.toContain('Secret Crane');
    const anon = await call(t.app, null, 'GET', `/api/field/machines/${theirs.id}`);
    expect(anon.statusCode).toBe(401);
  });
});

describe('GET /api/field/machines (the machine list the phone keeps for offline search)', () => {
  it("answers every active machine of the company by name, more than one picker page, and none of another company's", async () => {
    const a = await signupOwner(t.app);
    const b = await signupOwner(t.app);
    await addEquipment(b.companyId, { name: 'Secret Crane' });
    // 70 machines: more than the picker's first page (50), fewer than the largest plan's 65 + a few.
    for (let i = 0; i < 70; i++)
      await addEquipment(a.companyId, { name: `Unit ${String(i).padStart(3, '0')}` });
    await addEquipment(a.companyId, { name: 'Unit retired', retiredAt: new Date() });
    const cookie = await signInOperator(a);
    const res = await call(t.app, cookie, 'GET', '/api/field/machines');
    expect(res.statusCode, res.body).toBe(200);
    const body = equipmentOptionsSchema.parse(res.json());
    expect(body.total).toBe(70);
    expect(body.limit).toBe(FIELD_LIST_MAX);
    expect(body.items.map((m) => m.name)).toEqual(
      Array.from({ length: 70 }, (_, i) => `Unit ${String(i).padStart(3, '0')}`),
    );
    // Only what the picker needs.
    expect(Object.keys(body.items[0]!).sort()).toEqual(PICKER_FIELDS);
    expect(res.body).not.toContain('Secret Crane');
    expect(await statusOf(t.app, null, 'GET', '/api/field/machines')).toBe(401);
  });
});

describe('the outbox replays a submission with the same idempotency key', () => {
  it('records it once however often it is sent, and a later refusal keeps the message key', async () => {
    const owner = await signupOwner(t.app);
    const cookie = await signInOperator(owner);
    const m = await addEquipment(owner.companyId);
    const send = (key: string, newUsage: number) =>
      t.app.inject({
        method: 'POST',
        url: '/api/operator-updates',
        headers: { cookie, 'idempotency-key': key },
        payload: { equipmentId: m.id, newUsage },
      });
    const first = await send('outbox-key-1', 104.5);
    expect(first.statusCode, first.body).toBe(201);
    const again = await Promise.all([send('outbox-key-1', 104.5), send('outbox-key-1', 104.5)]);
    for (const r of again) {
      expect(r.statusCode, r.body).toBe(200);
      expect(r.json<{ update: { id: string } }>().update.id).toBe(
        first.json<{ update: { id: string } }>().update.id,
      );
    }
    const rows = await t.deps.systemDb
      .select()
      .from(operatorUpdate)
      .where(eq(operatorUpdate.equipmentId, m.id));
    expect(rows).toHaveLength(1);
    const [eqRow] = await t.deps.systemDb.select().from(equipment).where(eq(equipment.id, m.id));
    expect(eqRow!.currentUsage).toBe(104.5);
    // A queued older reading arriving after it is refused with a stable key the phone translates.
    const late = await send('outbox-key-2', 103);
    expect(late.statusCode).toBe(400);
    expect(late.json<{ key: string; params: { reading: number } }>()).toMatchObject({
      key: 'operators.meterRollback',
      params: { reading: 103 },
    });
  });
});

describe('machine links in stickers', () => {
  it('finds the machine id in our links and nothing else', () => {
    const id = '3f2504e0-4f89-41d3-9a0c-0305e82c3301';
    expect(machineIdOfLink(`https://fleet.example.com/m/${id}`)).toBe(id);
    expect(machineIdOfLink(`/m/${id.toUpperCase()}`)).toBe(id);
    expect(machineIdOfLink(`https://x.test/m/${id}?from=qr`)).toBe(id);
    expect(machineIdOfLink('https://example.com/other')).toBeNull();
    expect(machineIdOfLink(`https://x.test/m/${id}/extra`)).toBeNull();
    expect(machineIdOfLink('hello')).toBeNull();
  });
});

describe('photos with an operator update', () => {
  // A minimal JPEG start (SOI + APP0) padded: the server checks the magic number, not the extension.
  const jpeg = (size: number) => {
    const b = Buffer.alloc(size, 0x20);
    b.set([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46]);
    return b;
  };
  const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);

  async function updateWithKey(cookie: string, equipmentId: string, key: string) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/operator-updates',
      headers: {
        cookie,
        'idempotency-key': key,
        'user-agent':
          'Mozilla/5.0 (Linux; Android 14; SM-S911B) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36',
      },
      payload: { equipmentId, notes: 'leak at the hose' },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ update: { id: string } }>().update.id;
  }
  const upload = (cookie: string, updateKey: string, data: Buffer | string) =>
    call(t.app, cookie, 'POST', '/api/field/photos', {
      updateKey,
      data: typeof data === 'string' ? data : data.toString('base64'),
    });

  it('stores a photo once per update, sniffs its type and serves it to the company only', async () => {
    const owner = await signupOwner(t.app);
    const cookie = await signInOperator(owner);
    const m = await addEquipment(owner.companyId);
    const updateId = await updateWithKey(cookie, m.id, 'photo-key-1');
    const first = await upload(cookie, 'photo-key-1', jpeg(5000));
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({ contentType: 'image/jpeg', byteSize: 5000 });
    // Sent again (a retry from the outbox): the same photo, nothing new.
    const again = await upload(cookie, 'photo-key-1', jpeg(5000));
    expect(again.statusCode).toBe(200);
    expect(again.json<{ id: string }>().id).toBe(first.json<{ id: string }>().id);
    // Another photo under the same update's key is refused; the first one stays.
    const another = await upload(cookie, 'photo-key-1', png);
    expect(another.statusCode).toBe(422);
    expect(another.json()).toMatchObject({ key: 'common.idempotencyKeyReused' });

    const index = await call(t.app, owner.cookie, 'GET', '/api/field/photos');
    expect(index.json<{ updateIds: string[] }>().updateIds).toEqual([updateId]);
    // The machine's history shows the entry's photo and the device it came from; so does the update.
    const history = (await call(t.app, owner.cookie, 'GET', `/api/equipment/${m.id}/history`)).json<
      { operatorUpdateId: string | null; hasPhoto: boolean; device: string | null }[]
    >();
    expect(history.find((h) => h.operatorUpdateId === updateId)).toMatchObject({
      hasPhoto: true,
      device: 'Android phone · Chrome',
    });
    const updates = (await call(t.app, owner.cookie, 'GET', '/api/operator-updates')).json<
      { id: string; device: string | null }[]
    >();
    expect(updates.find((u) => u.id === updateId)?.device).toBe('Android phone · Chrome');
    expect(await statusOf(t.app, cookie, 'GET', '/api/field/photos')).toBe(403);
    const got = await call(t.app, owner.cookie, 'GET', `/api/field/photos/${updateId}`);
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-type']).toBe('image/jpeg');
    expect(got.rawPayload.length).toBe(5000);
    expect(got.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));

    // Another company: its owner and its operator get 404, and cannot attach to this update either.
    const other = await signupOwner(t.app);
    const otherOp = await signInOperator(other);
    for (const c of [other.cookie, otherOp]) {
      const res = await call(t.app, c, 'GET', `/api/field/photos/${updateId}`);
      expect(res.statusCode).toBe(404);
      expect(res.rawPayload.includes(Buffer.from([0xff, 0xd8, 0xff]))).toBe(false);
    }
    const otherIndex = await call(t.app, other.cookie, 'GET', '/api/field/photos');
    expect(otherIndex.json<{ updateIds: string[] }>().updateIds).toEqual([]);
    const foreign = await upload(otherOp, 'photo-key-1', jpeg(100));
    expect(foreign.statusCode).toBe(404);
    expect(await call(t.app, null, 'GET', `/api/field/photos/${updateId}`)).toMatchObject({
      statusCode: 401,
    });
  });

  it('refuses what is not an image by its bytes, a photo over the limit, and an unknown update', async () => {
    const owner = await signupOwner(t.app);
    const cookie = await signInOperator(owner);
    const m = await addEquipment(owner.companyId);
    await updateWithKey(cookie, m.id, 'photo-key-2');
    // An HTML file, whatever it claims to be.
    const html = await upload(
      cookie,
      'photo-key-2',
      Buffer.from('<html><script>x</script></html>'),
    );
    expect(html.statusCode).toBe(400);
    expect(html.json<{ key: string }>().key).toBe('field.photoType');
    const big = await upload(cookie, 'photo-key-2', jpeg(3 * 1024 * 1024 + 10));
    expect(big.statusCode).toBe(400);
    expect(big.json<{ key: string }>().key).toBe('field.photoTooLarge');
    const notBase64 = await upload(cookie, 'photo-key-2', '***');
    expect(notBase64.statusCode).toBe(400);
    const missing = await upload(cookie, 'no-such-update', jpeg(100));
    expect(missing.statusCode).toBe(404);
    const pngOk = await upload(cookie, 'photo-key-2', png);
    expect(pngOk.statusCode, pngOk.body).toBe(201);
    expect(pngOk.json<{ contentType: string }>().contentType).toBe('image/png');
    const rows = await t.deps.systemDb
      .select()
      .from(fieldPhoto)
      .where(eq(fieldPhoto.updateKey, 'photo-key-2'));
    expect(rows).toHaveLength(1);
  });
});

describe('GET /api/field/stickers/:id (a sticker scanned signed out)', () => {
  it('names an active machine to anyone, and nothing else; 404 for a retired, unknown or malformed id', async () => {
    const a = await signupOwner(t.app);
    const m = await addEquipment(a.companyId, { name: 'CAT 320 North', serialNumber: 'SN-991' });
    const res = await call(t.app, null, 'GET', `/api/field/stickers/${m.id}`);
    expect(res.statusCode, res.body).toBe(200);
    // The name only: not the serial number, the company or the readings.
    expect(res.json()).toEqual({ name: 'CAT 320 North' });

    const retired = await addEquipment(a.companyId, { name: 'Old Dozer', retiredAt: new Date() });
    for (const id of [retired.id, '00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      const gone = await call(t.app, null, 'GET', `/api/field/stickers/${id}`);
      expect(gone.statusCode, id).toBe(404);
      expect(gone.body).not.toContain('Old Dozer');
      expect(gone.json<{ key: string }>().key).toBe('equipment.notFound');
    }
  });
});
