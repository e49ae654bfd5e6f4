/**
 * Voiding a service takes back the tasks it did (issue 40 with issue 43's void): each task of the
 * machine's own that the service reset is put back as the service found it, unless something moved the
 * task since (a later service, an edit); the primary task follows the machine's fields as before. On
 * PGlite and (TEST_DB=postgres) PostgreSQL.
 */
import { describe, expect, it } from 'vitest';
import type { EquipmentDto, HistoryRecordDto } from '@domain/schemas/equipment';
import type { TaskDto } from '@domain/schemas/schedule';
import { callOk, createEquipmentViaApi, signupOwner, type SignedIn } from '../../test/factories';
import { useTestApp } from '../../test/helpers';

const START = new Date('2026-03-10T15:00:00Z'); // today is 2026-03-10 (UTC company)
const t = useTestApp({}, { start: START });

const ok = <T>(
  o: SignedIn,
  method: 'GET' | 'POST' | 'PATCH',
  url: string,
  body?: unknown,
  status = 200,
) => callOk<T>(t.app, o.cookie, method, url, body, status);
const taskOf = async (o: SignedIn, machine: string, id: string) =>
  (await ok<TaskDto[]>(o, 'GET', `/api/equipment/${machine}/tasks`)).find((k) => k.id === id)!;
const newestService = async (o: SignedIn, machine: string) =>
  (
    await ok<{ entries: HistoryRecordDto[] }>(
      o,
      'GET',
      `/api/equipment/${machine}/history?limit=50`,
    )
  ).entries.find((h) => h.kind === 'service' && !h.voided)!;
const voidEntry = (o: SignedIn, machine: string, entry: string) =>
  ok<HistoryRecordDto>(o, 'POST', `/api/equipment/${machine}/history/${entry}/void`, {
    reason: 'wrong machine',
  });

async function machineWithFilter(o: SignedIn) {
  const m = await createEquipmentViaApi(t.app, o.cookie, {
    name: 'Excavator 3',
    currentUsage: 1100,
    serviceInterval: 250,
    lastServiceUsage: 1000,
  });
  const filter = await ok<TaskDto>(
    o,
    'POST',
    `/api/equipment/${m.id}/tasks`,
    {
      name: 'Hydraulic filter',
      category: 'service',
      everyUsage: 100,
      everyTime: { count: 6, unit: 'months' },
      lastDone: { usage: 980, date: '2026-01-05' },
    },
    201,
  );
  expect(filter.status).toBe('overdue');
  return { m, filter };
}

describe('voiding a service that did tasks', () => {
  it('puts each task it reset back as it found it, with the machine’s status', async () => {
    const o = await signupOwner(t.app);
    const { m, filter } = await machineWithFilter(o);
    const served = await ok<EquipmentDto>(o, 'PATCH', `/api/equipment/${m.id}/reset-service`, {
      serviceDate: '2026-03-09',
      taskIds: [filter.id],
    });
    expect(served.status.serviceStatus).toBe('good');
    expect((await taskOf(o, m.id, filter.id)).lastDone).toEqual({
      usage: 1100,
      date: '2026-03-09',
    });
    const entry = await newestService(o, m.id);

    await voidEntry(o, m.id, entry.id);
    const back = await taskOf(o, m.id, filter.id);
    expect(back.lastDone).toEqual({ usage: 980, date: '2026-01-05' });
    expect(back.next).toEqual({ usage: 1080, date: '2026-07-05' });
    expect(back.status).toBe('overdue');
    const machine = await ok<EquipmentDto>(o, 'GET', `/api/equipment/${m.id}`);
    expect(machine.status.serviceStatus).toBe('overdue');
    // The primary task was not among the service's: the machine's own fields never moved.
    expect(machine.lastServiceUsage).toBe(1000);
  });

  it('leaves a task a later service or an edit moved since', async () => {
    const o = await signupOwner(t.app);
    const { m, filter } = await machineWithFilter(o);
    await ok(o, 'PATCH', `/api/equipment/${m.id}/reset-service`, {
      serviceDate: '2026-03-01',
      taskIds: [filter.id],
    });
    const first = await newestService(o, m.id);
    await ok(o, 'PATCH', `/api/equipment/${m.id}/usage`, { usageIncrease: 20 });
    await ok(o, 'PATCH', `/api/equipment/${m.id}/reset-service`, {
      serviceDate: '2026-03-09',
      taskIds: [filter.id],
    });
    await voidEntry(o, m.id, first.id);
    expect((await taskOf(o, m.id, filter.id)).lastDone).toEqual({
      usage: 1120,
      date: '2026-03-09',
    });

    // An edit after the service: the void leaves the edited task alone.
    const second = await newestService(o, m.id);
    await ok(o, 'PATCH', `/api/equipment/${m.id}/tasks/${filter.id}`, {
      lastDone: { usage: 1110, date: '2026-03-08' },
    });
    await voidEntry(o, m.id, second.id);
    expect((await taskOf(o, m.id, filter.id)).lastDone).toEqual({
      usage: 1110,
      date: '2026-03-08',
    });
  });
});
