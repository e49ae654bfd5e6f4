/**
 * The equipment import's Program column (issue 40): a program named in a row is applied to the
 * machine the row adds or matches, as "Apply program" does; a machine already following it gets
 * nothing twice; a name that is no program of the company, or a usage program on a machine with no
 * meter, is a row error that writes nothing.
 */
import { describe, expect, it } from 'vitest';
import { guessEquipmentColumns } from '@domain/import';
import type { EquipmentDto, HistoryRecordDto } from '@domain/schemas/equipment';
import type { EquipmentImportResult } from '@domain/schemas/import';
import type { ProgramDto, TaskDto } from '@domain/schemas/schedule';
import { call, createEquipmentViaApi, signupOwner, type SignedIn } from '../../test/factories';
import { useTestApp } from '../../test/helpers';
import { importCalls, US } from '../../test/imports';

const t = useTestApp();

const { previewEquipment, importEquipment } = importCalls(t);

const EXCAVATOR = {
  name: 'Excavators (hours)',
  tasks: [
    { name: 'Engine oil', category: 'service', everyUsage: 250 },
    { name: 'Hydraulic filter', category: 'service', everyUsage: 1000 },
    { name: 'Inspection', category: 'inspection', everyTime: { count: 12, unit: 'months' } },
  ],
};

const tasksOf = async (o: SignedIn, id: string) =>
  (await call(t.app, o.cookie, 'GET', `/api/equipment/${id}/tasks`)).json<TaskDto[]>();
const byName = async (o: SignedIn) =>
  new Map(
    (await call(t.app, o.cookie, 'GET', '/api/equipment'))
      .json<EquipmentDto[]>()
      .map((e) => [e.name, e]),
  );

describe('equipment import: the Program column', () => {
  it('is guessed from its English and Spanish headers', () => {
    expect(guessEquipmentColumns(['Name', 'Maintenance program', 'Programa'])).toEqual([
      'name',
      'program',
      null,
    ]);
    expect(guessEquipmentColumns(['Programa de mantenimiento'])).toEqual(['program']);
  });

  it('applies the named program to added and matched machines, once, from their usage and today', async () => {
    const o = await signupOwner(t.app);
    const program = (
      await call(t.app, o.cookie, 'POST', '/api/programs', EXCAVATOR)
    ).json<ProgramDto>();
    const existing = await createEquipmentViaApi(t.app, o.cookie, {
      name: 'Excavator 7',
      type: 'machinery',
      unit: 'hours',
      currentUsage: 700,
    });
    const rows = [
      // Written in another case, as people do.
      {
        name: 'Excavator 8',
        type: 'machinery',
        unit: 'hours',
        currentUsage: 1200,
        program: 'excavators (HOURS)',
      },
      { name: 'Excavator 7', program: 'Excavators (hours)' },
      { name: 'Pickup 1', type: 'vehicle', unit: 'miles', currentUsage: 40_000 },
    ];
    const preview = await previewEquipment(o, {
      format: US,
      rows,
    });
    expect(preview.statusCode).toBe(200);
    const planned = preview.json<EquipmentImportResult>();
    expect(planned.rows.map((r) => r.action)).toEqual(['add', 'update', 'add']);
    // The matched machine changes by its program alone, and the preview says so.
    expect(planned.rows[1]?.changes).toEqual(['program']);
    const own = (await tasksOf(o, existing.id)).length;

    const res = await importEquipment(o, { format: US, rows });
    expect(res.statusCode).toBe(200);
    const machines = await byName(o);
    const added = machines.get('Excavator 8')!;
    const tasks = await tasksOf(o, added.id);
    expect(tasks.map((x) => x.name).sort()).toEqual([
      'Engine oil',
      'Hydraulic filter',
      'Inspection',
    ]);
    expect(tasks.every((x) => x.programId === program.id)).toBe(true);
    // From the machine's usage (1,200 h) and today: engine oil next at 1,450 h.
    expect(tasks.find((x) => x.name === 'Engine oil')?.next.usage).toBe(1450);
    expect(tasks.find((x) => x.name === 'Engine oil')?.lastDone.usage).toBe(1200);
    const matched = await tasksOf(o, existing.id);
    expect(matched.find((x) => x.name === 'Hydraulic filter')?.next.usage).toBe(1700);
    const pickup = await tasksOf(o, machines.get('Pickup 1')!.id);
    expect(pickup.filter((x) => x.programId !== null)).toHaveLength(0);
    // The typed record says which program added each task.
    const history = (
      await call(t.app, o.cookie, 'GET', `/api/equipment/${existing.id}/history`)
    ).json<HistoryRecordDto[]>();
    expect(history.filter((h) => h.kind === 'task_added')).toHaveLength(3);

    // The same file again: every machine already follows the program; nothing changes or is added.
    const again = await previewEquipment(o, {
      format: US,
      rows: rows.slice(0, 2),
    });
    expect(again.json<EquipmentImportResult>().rows.map((r) => r.action)).toEqual([
      'unchanged',
      'unchanged',
    ]);
    expect(await tasksOf(o, existing.id)).toHaveLength(own + 3);
  });

  it('refuses a program that is not the company’s and a usage program on a machine with no meter, writing nothing', async () => {
    const o = await signupOwner(t.app);
    const theirs = await signupOwner(t.app);
    await call(t.app, theirs.cookie, 'POST', '/api/programs', {
      ...EXCAVATOR,
      name: 'Their program',
    });
    await call(t.app, o.cookie, 'POST', '/api/programs', EXCAVATOR);
    const rows = [
      { name: 'Loader 1', type: 'machinery', unit: 'hours', program: 'Their program' },
      { name: 'Trailer 1', type: 'vehicle', unit: 'N/A', program: 'Excavators (hours)' },
    ];
    const preview = await previewEquipment(o, {
      format: US,
      rows,
    });
    const body = preview.json<EquipmentImportResult>();
    expect(body.rows.map((r) => r.action)).toEqual(['error', 'error']);
    expect(body.rows[0]?.issues).toEqual([
      expect.objectContaining({
        field: 'program',
        key: 'import.programUnknown',
        message:
          'No program of yours is named "Their program": check its name on the Programs page',
      }),
    ]);
    expect(body.rows[1]?.issues[0]).toMatchObject({
      field: 'program',
      key: 'import.programNeedsMeter',
    });
    const res = await importEquipment(o, {
      format: US,
      rows,
      mode: 'all',
    });
    expect(res.statusCode).toBe(400);
    expect((await byName(o)).size).toBe(0);
  });
});
