import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { equipment, equipmentNote } from '../../db/schema/index';
import { cookieFrom, useTestApp } from '../../test/helpers';
import { call, signupOwner, statusOf, insertMachine } from '../../test/factories';

/**
 * An update that waited on the phone for a signal is recorded at the time the phone made it (issue 25,
 * `takenAt`), never in the future nor before the machine's last reading.
 */
const t = useTestApp();

const HOUR = 3_600_000;
const NOW = new Date(Math.floor(Date.now() / 1000) * 1000);

async function team() {
  t.clock.set(NOW);
  const owner = await signupOwner(t.app);
  expect(
    await statusOf(t.app, owner.cookie, 'POST', '/api/company-settings', {
      masterPassword: 'Tractor-Blue-77',
    }),
  ).toBe(200);
  const op = await call(t.app, owner.cookie, 'POST', '/api/employees', {
    firstName: 'Pedro',
    lastName: 'Sosa',
  });
  const { operatorUsername } = op.json<{ operatorUsername: string }>();
  const login = await call(t.app, null, 'POST', '/api/employee/login', {
    operatorName: operatorUsername,
    password: 'Tractor-Blue-77',
  });
  expect(login.statusCode, login.body).toBe(200);
  const machine = await insertMachine(t, owner.companyId, {
    name: 'Loader 7',
    lastReadingAt: new Date(NOW.getTime() - 48 * HOUR),
  });
  return { owner, cookie: cookieFrom(login), machineId: machine.id };
}

const submit = (cookie: string, body: object, key: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/operator-updates',
    headers: { cookie, 'idempotency-key': key },
    payload: body,
  });

const machineRow = async (id: string) =>
  (await t.deps.systemDb.select().from(equipment).where(eq(equipment.id, id)))[0]!;

describe('takenAt: the time the phone made the update', () => {
  it('records a queued reading at its original time, in the updates, the history and the machine', async () => {
    const { owner, cookie, machineId } = await team();
    const first = new Date(NOW.getTime() - 3 * HOUR);
    const second = new Date(NOW.getTime() - 2 * HOUR);
    for (const [key, newUsage, at] of [
      ['q-1', 101, first],
      ['q-2', 102.5, second],
    ] as const) {
      const res = await submit(
        cookie,
        { equipmentId: machineId, newUsage, takenAt: at.toISOString() },
        key,
      );
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json<{ update: { createdAt: string } }>().update.createdAt).toBe(at.toISOString());
    }
    const list = await call(t.app, owner.cookie, 'GET', '/api/operator-updates');
    const times = list
      .json<{ newUsage: number; createdAt: string }[]>()
      .map((u) => [u.newUsage, u.createdAt])
      .sort((a, b) => String(a[1]).localeCompare(String(b[1])));
    expect(times).toEqual([
      [101, first.toISOString()],
      [102.5, second.toISOString()],
    ]);
    const notes = await t.deps.systemDb
      .select()
      .from(equipmentNote)
      .where(eq(equipmentNote.equipmentId, machineId));
    expect(notes.map((n) => n.createdAt.toISOString()).sort()).toEqual([
      first.toISOString(),
      second.toISOString(),
    ]);
    const row = await machineRow(machineId);
    expect(row.currentUsage).toBe(102.5);
    expect(row.lastReadingAt.toISOString()).toBe(second.toISOString());
    // The same key and body again: the same record, nothing added.
    const again = await submit(
      cookie,
      { equipmentId: machineId, newUsage: 102.5, takenAt: second.toISOString() },
      'q-2',
    );
    expect(again.statusCode).toBe(200);
    expect((await call(t.app, owner.cookie, 'GET', '/api/operator-updates')).json()).toHaveLength(
      2,
    );
  });

  it('never records in the future nor before the last reading; no takenAt is now', async () => {
    const { cookie, machineId } = await team();
    const future = await submit(
      cookie,
      {
        equipmentId: machineId,
        newUsage: 101,
        takenAt: new Date(NOW.getTime() + 5 * HOUR).toISOString(),
      },
      'f-1',
    );
    expect(future.statusCode, future.body).toBe(201);
    expect(future.json<{ update: { createdAt: string } }>().update.createdAt).toBe(
      NOW.toISOString(),
    );

    t.clock.set(new Date(NOW.getTime() + 10 * HOUR));
    const early = await submit(
      cookie,
      {
        equipmentId: machineId,
        newUsage: 102,
        takenAt: new Date(NOW.getTime() - 30 * HOUR).toISOString(),
      },
      'e-1',
    );
    expect(early.statusCode, early.body).toBe(201);
    // Before the reading recorded at NOW: placed at it, so readings keep their order.
    expect(early.json<{ update: { createdAt: string } }>().update.createdAt).toBe(
      NOW.toISOString(),
    );

    const plain = await submit(
      cookie,
      { equipmentId: machineId, notes: 'Checked the tracks' },
      'p-1',
    );
    expect(plain.statusCode, plain.body).toBe(201);
    expect(plain.json<{ update: { createdAt: string } }>().update.createdAt).toBe(
      new Date(NOW.getTime() + 10 * HOUR).toISOString(),
    );
  });

  it('refuses a takenAt that is not a time, with the translated invalid-data message', async () => {
    const { cookie, machineId } = await team();
    for (const takenAt of ['yesterday', '2024-13-99T00:00:00Z', 12]) {
      const res = await submit(
        cookie,
        { equipmentId: machineId, newUsage: 101, takenAt },
        `bad-${String(takenAt)}`,
      );
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json<{ key: string }>().key).toBe('common.invalid');
    }
    expect((await machineRow(machineId)).currentUsage).toBe(100);
  });
});
