import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { equipmentListColumns, toCsv } from '@domain/csv';
import { guessEquipmentColumns, type Cell } from '@domain/import';
import type { EquipmentDto, HistoryRecordDto } from '@domain/schemas/equipment';
import type { EquipmentImportResult, HistoryImportResult } from '@domain/schemas/import';
import { company, operatorUpdate } from '../../db/schema/index';
import {
  addSignedInUser,
  call,
  createEquipmentViaApi,
  sessionForRole,
  signupOwner,
  type SignedIn,
  voidHistoryEntry,
} from '../../test/factories';
import { useTestApp } from '../../test/helpers';
import { ES, importCalls, ownerWithLoaderToImportInto, US } from '../../test/imports';

const t = useTestApp();

const {
  previewEquipment: preview,
  importEquipment: doImport,
  previewHistory,
  importHistory,
} = importCalls(t);
const list = async (o: SignedIn) =>
  (await call(t.app, o.cookie, 'GET', '/api/equipment')).json<EquipmentDto[]>();
const setLimit = (companyId: string, limit: number) =>
  t.deps.systemDb.update(company).set({ equipmentLimit: limit }).where(eq(company.id, companyId));

describe('equipment import', () => {
  it('previews every row with per-field messages of the equipment form, and writes nothing', async () => {
    const o = await signupOwner(t.app);
    const res = await preview(o, {
      format: US,
      rows: [
        { name: 'Excavator 1', type: 'Machinery', unit: 'Hours', currentUsage: '1,234.5' },
        { name: '', type: 'machinery', unit: 'hours' },
        { name: 'Truck', type: 'spaceship', unit: 'miles', currentUsage: '-5' },
        { name: 'Mower', type: 'tools', unit: 'hours', alertThreshold: '12' },
      ],
    });
    expect(res.statusCode).toBe(200);
    const body = res.json<EquipmentImportResult>();
    expect(body.imported).toBe(false);
    expect(body.rows.map((r) => r.action)).toEqual(['add', 'error', 'error', 'error']);
    expect(body.rows[1]?.issues).toEqual([
      expect.objectContaining({
        field: 'name',
        key: 'equipment.nameRequired',
        message: 'Name is required',
      }),
    ]);
    const truck = Object.fromEntries(body.rows[2]!.issues.map((i) => [i.field, i.key]));
    expect(truck).toEqual({
      type: 'import.typeInvalid',
      currentUsage: 'equipment.currentUsageMin',
    });
    expect(body.rows[3]?.issues[0]?.key).toBe('equipment.alertThreshold');
    expect(body.summary).toMatchObject({ add: 1, error: 3 });
    expect(await list(o)).toEqual([]);
  });

  it('takes an ordinary fleet sheet: no Type column is Other, no meter is N/A, make/model/year name it, lines are the sheet’s own', async () => {
    const o = await signupOwner(t.app);
    const headers = [
      'Unit #',
      'Year',
      'Make',
      'Model',
      'VIN / Serial',
      'Odometer/Hours',
      'Meter Type',
      'Service Every',
      'Notes',
    ];
    const mapping = guessEquipmentColumns(headers);
    expect(mapping).toEqual([
      'fleetNumber',
      'year',
      'make',
      'model',
      'serialNumber',
      'currentUsage',
      'unit',
      'serviceInterval',
      'description',
    ]);
    const sheet: Cell[][] = [
      ['T-12', 2019, 'Chevrolet', 'Silverado 2500', '1GC4', '48,210', 'Miles', '5000', ''],
      ['T-13', 2021, 'Ford', 'F-150', '1FT5', 'mil doscientos', 'miles', '5000', ''],
      ['Shop vac', null, null, null, null, null, null, null, 'Bay 2'],
      ['T-14', 2020, 'Ram', '1500', '3C6', '100', 'miles', '3', ''],
    ];
    const rows = sheet.map((r) =>
      Object.fromEntries(mapping.flatMap((f, i) => (f ? [[f, r[i] ?? null]] : []))),
    );
    // The third and fourth rows sit on lines 5 and 7 of the sheet (blank lines between).
    const body = { format: US, rows, lines: [2, 3, 5, 7] };
    const p = (await preview(o, body)).json<EquipmentImportResult>();
    expect(p.rows.map((r) => [r.row, r.action])).toEqual([
      [2, 'add'],
      [3, 'error'],
      [5, 'add'],
      [7, 'add'],
    ]);
    expect(p.rows[0]).toMatchObject({ name: 'T-12 2019 Chevrolet Silverado 2500' });
    expect(p.rows[0]?.notes.map((n) => n.key)).toEqual(['import.typeDefaulted']);
    expect(p.rows[1]?.issues).toEqual([
      expect.objectContaining({
        field: 'currentUsage',
        key: 'import.notANumber',
        message: '"mil doscientos" is not a number',
      }),
    ]);
    expect(p.rows[2]?.notes.map((n) => n.key)).toEqual([
      'import.typeDefaulted',
      'import.unitDefaulted',
    ]);
    expect((await doImport(o, body)).statusCode).toBe(200);
    const after = await list(o);
    expect(after.find((e) => e.name === 'T-12 2019 Chevrolet Silverado 2500')).toMatchObject({
      type: 'other',
      unit: 'miles',
      currentUsage: 48210,
      serialNumber: '1GC4',
      serviceInterval: 5000,
    });
    expect(after.find((e) => e.name === 'Shop vac')).toMatchObject({
      type: 'other',
      unit: 'n/a',
      description: 'Bay 2',
    });
    // Imported twice: nothing changes the second time (the names and descriptions are the same).
    const again = (await preview(o, body)).json<EquipmentImportResult>();
    expect(again.rows.map((r) => r.action)).toEqual([
      'unchanged',
      'error',
      'unchanged',
      'unchanged',
    ]);
  });

  it('says which values a choice accepts, and that a usage needs a unit', async () => {
    const o = await signupOwner(t.app);
    const p = (
      await preview(o, {
        format: ES,
        rows: [
          {
            name: 'Grúa',
            type: 'maquinaria',
            unit: 'horas',
            hasScheduledMaintenance: 'sí',
            maintenanceStartDate: '01/02/2026',
            maintenanceInterval: '2',
            maintenanceIntervalUnit: 'semanas',
          },
          { name: 'Camión', type: 'vehículo', currentUsage: '120' },
          { name: 'Pala', type: 'maquinaria', unit: 'leguas' },
        ],
      })
    ).json<EquipmentImportResult>();
    expect(p.rows.map((r) => r.issues.map((i) => i.key))).toEqual([
      ['import.intervalUnitInvalid'],
      ['import.unitForUsage'],
      ['import.unitInvalid'],
    ]);
    expect(p.rows[0]?.issues[0]?.params).toEqual({ value: 'semanas' });
  });

  it('imports the valid rows in one go, numbers and dates read in the Spanish convention', async () => {
    const o = await signupOwner(t.app);
    const res = await doImport(o, {
      format: ES,
      rows: [
        {
          name: 'Retroexcavadora',
          type: 'Maquinaria',
          unit: 'Horas',
          currentUsage: '1.234,5',
          fuelType: 'Diésel',
          hasScheduledMaintenance: 'Sí',
          maintenanceStartDate: '03/12/2026',
          maintenanceInterval: '3',
          maintenanceIntervalUnit: 'meses',
        },
        { name: 'Camión', type: 'Vehículo', unit: 'km', currentUsage: 'mucho' },
      ],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<EquipmentImportResult>().summary).toMatchObject({ add: 1, error: 1 });
    const [m] = await list(o);
    expect(m).toMatchObject({
      name: 'Retroexcavadora',
      type: 'machinery',
      unit: 'hours',
      currentUsage: 1234.5,
      fuelType: 'diesel',
      hasScheduledMaintenance: true,
      maintenanceStartDate: '2026-12-03',
      nextMaintenanceDate: '2027-03-03',
    });
    const history = (await call(t.app, o.cookie, 'GET', `/api/equipment/${m!.id}/history`)).json<
      HistoryRecordDto[]
    >();
    expect(history.map((h) => h.reading)).toEqual(['initial']);
  });

  it('all-or-nothing: one bad row and nothing is written', async () => {
    const o = await signupOwner(t.app);
    const res = await doImport(o, {
      format: US,
      mode: 'all',
      rows: [
        { name: 'Good', type: 'tools', unit: 'hours' },
        { name: 'Bad', type: 'tools', unit: 'furlongs' },
      ],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ key: 'import.hasErrors', params: { count: 1 } });
    expect(await list(o)).toEqual([]);
  });

  it('holds the plan limit: the preview says how many fit, the import adds only those', async () => {
    const o = await signupOwner(t.app);
    await setLimit(o.companyId, 3);
    await createEquipmentViaApi(t.app, o.cookie, { name: 'Existing' });
    const rows = ['A', 'B', 'C', 'D'].map((name) => ({ name, type: 'tools', unit: 'hours' }));
    const p = (await preview(o, { format: US, rows })).json<EquipmentImportResult>();
    expect(p.summary).toMatchObject({ add: 2, overLimit: 2, count: 1, limit: 3, room: 2 });
    expect(p.rows[2]?.issues[0]).toMatchObject({ key: 'import.overLimit', params: { limit: 3 } });
    const all = await doImport(o, { format: US, rows, mode: 'all' });
    expect(all.statusCode).toBe(400);
    expect((await list(o)).length).toBe(1);
    const res = await doImport(o, { format: US, rows });
    expect(res.statusCode).toBe(200);
    expect((await list(o)).map((e) => e.name)).toEqual(['A', 'B', 'Existing']);
  });

  it('re-importing matches on serial number, else name: updates through the edit (history), never duplicates', async () => {
    const o = await signupOwner(t.app);
    const a = await createEquipmentViaApi(t.app, o.cookie, {
      name: 'Loader',
      serialNumber: 'SN-1',
      currentUsage: 100,
    });
    await createEquipmentViaApi(t.app, o.cookie, { name: 'Forklift', currentUsage: 5 });
    const rows = [
      {
        name: 'Loader renamed',
        serialNumber: 'sn-1',
        type: 'machinery',
        unit: 'hours',
        currentUsage: '150',
      },
      { name: 'FORKLIFT', type: 'machinery', unit: 'hours', currentUsage: '5.0' },
      { name: 'forklift', type: 'machinery', unit: 'hours' },
      { name: 'New one', type: 'tools', unit: 'hours' },
      { name: 'new ONE', type: 'tools', unit: 'hours' },
    ];
    const p = (await preview(o, { format: US, rows })).json<EquipmentImportResult>();
    expect(p.rows.map((r) => r.action)).toEqual(['update', 'unchanged', 'error', 'add', 'error']);
    expect(p.rows[2]?.issues[0]).toMatchObject({
      key: 'import.duplicateInFile',
      // The spreadsheet's own line: the header is line 1, the first row line 2.
      params: { row: 3 },
    });
    expect(p.rows[0]).toMatchObject({ equipmentId: a.id, changes: ['name', 'currentUsage'] });
    expect(p.rows[4]?.issues[0]).toMatchObject({
      key: 'import.duplicateInFile',
      params: { row: 5 },
    });
    expect((await doImport(o, { format: US, rows })).statusCode).toBe(200);
    const after = await list(o);
    expect(after.map((e) => e.name)).toEqual(['Forklift', 'Loader renamed', 'New one']);
    expect(after.find((e) => e.id === a.id)?.serialNumber).toBe('SN-1');
    const history = (await call(t.app, o.cookie, 'GET', `/api/equipment/${a.id}/history`)).json<
      HistoryRecordDto[]
    >();
    expect(history.map((h) => h.noteType)).toContain('change');
    expect(history.find((h) => h.reading === 'correction')?.usage).toBe(150);
    // The same file again: nothing left to change.
    const again = (await preview(o, { format: US, rows })).json<EquipmentImportResult>();
    expect(again.rows.map((r) => r.action)).toEqual([
      'unchanged',
      'unchanged',
      'error',
      'unchanged',
      'error',
    ]);
  });

  it('the Equipment List export re-imports cleanly: into the same company nothing changes, into a new one everything is added', async () => {
    const o = await signupOwner(t.app);
    await createEquipmentViaApi(t.app, o.cookie, {
      name: 'Excavator, "big"',
      serialNumber: '=cmd|calc',
      fuelType: 'diesel',
      currentUsage: 1234.5,
      threshold: 10000,
      hasScheduledMaintenance: true,
      maintenanceStartDate: '2026-01-15',
      maintenanceInterval: 6,
      maintenanceIntervalUnit: 'months',
    });
    await createEquipmentViaApi(t.app, o.cookie, { name: 'Truck', type: 'vehicle', unit: 'miles' });
    const csv = toCsv(equipmentListColumns, await list(o));
    const Papa = (await import('papaparse')).default;
    const [header, ...data] = Papa.parse<string[]>(csv.trim(), { skipEmptyLines: true }).data;
    const fields = guessEquipmentColumns(header!);
    const rows = data.map((cells) =>
      Object.fromEntries(
        fields.flatMap((f, i): [string, Cell][] => (f ? [[f, cells[i] ?? null]] : [])),
      ),
    );
    const same = (await preview(o, { format: US, rows })).json<EquipmentImportResult>();
    expect(same.rows.map((r) => r.action)).toEqual(['unchanged', 'unchanged']);
    const other = await signupOwner(t.app);
    const res = await doImport(other, { format: US, rows, mode: 'all' });
    expect(res.statusCode).toBe(200);
    const strip = ({
      id: _i,
      companyId: _c,
      userId: _u,
      dateAdded: _d,
      lastUpdated: _l,
      lastReadingAt: _r,
      ...rest
    }: EquipmentDto) => ({
      ...rest,
      // The next task is the new machine's own (its own id), the same task.
      status: {
        ...rest.status,
        nextTask: rest.status.nextTask && { ...rest.status.nextTask, id: '' },
      },
    });
    expect((await list(other)).map(strip)).toEqual((await list(o)).map(strip));
  });

  it("matches only the signed-in company's active machines; operators are refused", async () => {
    const o = await signupOwner(t.app);
    const other = await signupOwner(t.app);
    await createEquipmentViaApi(t.app, other.cookie, { name: 'Shared name', serialNumber: 'X-1' });
    const p = (
      await preview(o, {
        format: US,
        rows: [{ name: 'Shared name', serialNumber: 'X-1', type: 'tools', unit: 'hours' }],
      })
    ).json<EquipmentImportResult>();
    expect(p.rows[0]).toMatchObject({ action: 'add', equipmentId: null });
    const op = await sessionForRole(t.deps.systemDb, o.companyId, 'operator');
    const refused = await preview(op, {
      format: US,
      rows: [{ name: 'x' }],
    });
    expect(refused.statusCode).toBe(403);
    const signedOut = await call(t.app, null, 'POST', '/api/import/equipment', {
      format: US,
      rows: [],
    });
    expect(signedOut.statusCode).toBe(401);
  });

  it('two imports of the same file at once add each machine once', async () => {
    const o = await signupOwner(t.app);
    const rows = ['One', 'Two', 'Three'].map((name) => ({ name, type: 'tools', unit: 'hours' }));
    const answers = await Promise.all([
      doImport(o, { format: US, rows }),
      doImport(o, { format: US, rows }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 400]);
    expect(answers.find((a) => a.statusCode === 400)?.json()).toMatchObject({
      key: 'import.nothingToImport',
    });
    expect((await list(o)).map((e) => e.name)).toEqual(['One', 'Three', 'Two']);
  });

  it('refuses malformed requests with catalogue messages (no rows, too many rows, unknown format)', async () => {
    const o = await signupOwner(t.app);
    const none = await preview(o, { format: US, rows: [] });
    expect(none.statusCode).toBe(400);
    expect(none.json()).toMatchObject({ key: 'import.noRows' });
    const many = await preview(o, {
      format: US,
      rows: Array.from({ length: 5001 }, () => ({ name: 'x' })),
    });
    expect(many.statusCode).toBe(400);
    expect(many.json()).toMatchObject({ key: 'import.tooManyRows', params: { max: 5000 } });
    const bad = await preview(o, {
      format: { decimal: ';', dateOrder: 'mdy' },
      rows: [{ name: 'x' }],
    });
    expect(bad.statusCode).toBe(400);
    const nothing = await doImport(o, { format: US, rows: [{ name: '' }] });
    expect(nothing.statusCode).toBe(400);
    expect(nothing.json()).toMatchObject({ key: 'import.nothingToImport' });
  });
});

describe('past readings and services import', () => {
  const rows = [
    { date: '11/22/2026', machine: 'sn-1', reading: '120', fuel: '10' },
    { date: '11/23/2026', machine: 'Loader', reading: '110' },
    { date: '11/24/2026', machine: 'LOADER', reading: '500' },
    { date: '11/24/2026', machine: 'Loader', kind: 'Service', reading: '115', cost: '1,250.50' },
    { date: '11/23/2026', machine: 'Ghost', reading: '5' },
    { date: '12/30/2026', machine: 'Loader', reading: '130' },
    { date: '11/10/2026', machine: 'Loader', reading: '90', note: 'From the paper log' },
  ];
  const setup = () => ownerWithLoaderToImportInto(t);
  const get = async (o: SignedIn, id: string) =>
    (await call(t.app, o.cookie, 'GET', `/api/equipment/${id}`)).json<EquipmentDto>();

  it('runs readings through the rules (rollback refused, implausible held) and lists it in the preview', async () => {
    const { o } = await setup();
    const res = await previewHistory(o, {
      format: US,
      rows,
    });
    expect(res.statusCode).toBe(200);
    const body = res.json<HistoryImportResult>();
    expect(body.rows.map((r) => r.action)).toEqual([
      'reading',
      'error',
      'held',
      'service',
      'error',
      'error',
      'reading',
    ]);
    expect(body.rows[1]?.issues[0]).toMatchObject({
      key: 'import.belowPrevious',
      params: { current: 120 },
    });
    expect(body.rows[2]?.issues[0]?.key).toBe('import.held');
    expect(body.rows[4]?.issues[0]?.key).toBe('import.machineNotFound');
    expect(body.rows[5]?.issues[0]?.key).toBe('import.dateFuture');
    expect(body.summary).toEqual({ reading: 2, service: 1, unchanged: 0, held: 1, error: 3 });
  });

  it("imports readings, fuel and services into the history and totals; another company's machine of the same name is untouched", async () => {
    const { o, m } = await setup();
    const other = await signupOwner(t.app);
    const theirs = await createEquipmentViaApi(t.app, other.cookie, {
      name: 'Loader',
      currentUsage: 100,
    });
    const all = await importHistory(o, {
      format: US,
      rows,
      mode: 'all',
    });
    expect(all.statusCode).toBe(400);
    expect(all.json()).toMatchObject({ key: 'import.hasErrors', params: { count: 4 } });
    expect((await get(o, m.id)).currentUsage).toBe(100);

    const res = await importHistory(o, { format: US, rows });
    expect(res.statusCode).toBe(200);
    const after = await get(o, m.id);
    expect(after).toMatchObject({
      currentUsage: 120,
      totalFuelUsed: 10,
      totalGasUsed: 10,
      lastServiceUsage: 115,
      lastServiceDate: '2026-11-24',
    });
    const history = (await call(t.app, o.cookie, 'GET', `/api/equipment/${m.id}/history`)).json<
      HistoryRecordDto[]
    >();
    const applied = history.find((h) => h.reading === 'reading');
    expect(applied).toMatchObject({ usage: 120, previousUsage: 100, canVoid: true });
    expect(applied?.createdAt.slice(0, 10)).toBe('2026-11-22');
    expect(history.find((h) => h.usage === 90)?.content).toContain('From the paper log');
    expect(history.find((h) => h.noteType === 'maintenance')?.service).toMatchObject({
      serviceDate: '2026-11-24',
      cost: 1250.5,
    });
    expect((await get(other, theirs.id)).currentUsage).toBe(100);
    // Voiding the imported reading replays the usage from the readings left (the past one is not a meter reading).
    const v = await voidHistoryEntry(t.app, o.cookie, m.id, applied!.id, 'typo');
    expect(v.statusCode).toBe(200);
    expect(await get(o, m.id)).toMatchObject({
      currentUsage: 100,
      totalFuelUsed: 0,
      totalGasUsed: 0,
    });
  });

  it('imported fuel is in the fuel export like any fuel entry', async () => {
    const { o, m } = await setup();
    const res = await importHistory(o, { format: US, rows });
    expect(res.statusCode).toBe(200);
    const fuel = (await call(t.app, o.cookie, 'GET', '/api/fuel-usage/export')).json<
      { equipmentName: string; fuelAdded: number; fuelType: string }[]
    >();
    expect(fuel.map((f) => [f.equipmentName, f.fuelAdded, f.fuelType])).toEqual([
      [m.name, 10, 'gas'],
    ]);
  });

  it("a row with no fuel on a diesel machine is recorded with the machine's fuel, as any other reading", async () => {
    const { o } = await setup();
    const d = await createEquipmentViaApi(t.app, o.cookie, {
      name: 'Dozer',
      fuelType: 'diesel',
      currentUsage: 100,
    });
    const res = await importHistory(o, {
      format: US,
      rows: [
        { date: '11/25/2026', machine: 'Dozer', reading: '110' },
        { date: '11/25/2026', machine: 'Dozer', reading: '112', fuel: '20' },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const stored = await t.database.systemDb
      .select({ usage: operatorUpdate.newUsage, fuelType: operatorUpdate.fuelType })
      .from(operatorUpdate)
      .where(eq(operatorUpdate.equipmentId, d.id));
    expect(stored.map((u) => [u.usage, u.fuelType]).sort()).toEqual([
      [110, 'diesel'],
      [112, 'diesel'],
    ]);
  });

  it('refuses operators', async () => {
    const { o } = await setup();
    const op = await addSignedInUser(t.deps.systemDb, 'operator', o.companyId, {
      now: t.deps.now(),
    });
    const res = await importHistory(op, { format: US, rows });
    expect(res.statusCode).toBe(403);
  });
});
