import { describe, expect, it } from 'vitest';
import type { EquipmentDto, EquipmentPage, HistoryRecordDto } from '@domain/schemas/equipment';
import type { EquipmentImportResult, HistoryImportResult } from '@domain/schemas/import';
import { call, signupOwner, type SignedIn, voidHistoryEntry } from '../../test/factories';
import { useTestApp } from '../../test/helpers';
import { ES, importCalls, ownerWithLoaderToImportInto, US } from '../../test/imports';

/** Issue 25 items 3 and 4: the same file imported twice writes once; imported past readings feed the forecast. */
const t = useTestApp();

const { previewEquipment, importEquipment, previewHistory, importHistory } = importCalls(t);

const get = async <T>(o: SignedIn, url: string) =>
  (await call(t.app, o.cookie, 'GET', url)).json<T>();
const historyPreview = (o: SignedIn, rows: object[]) => previewHistory(o, { format: US, rows });
const historyImport = (o: SignedIn, rows: object[]) => importHistory(o, { format: US, rows });
type FuelRow = { equipmentName: string; fuelAdded: number; fuelType: string };

/** What an import could double: the machine's totals and usage, its history, the fuel export, the services. */
async function recordOf(o: SignedIn, id: string) {
  const m = await get<EquipmentDto>(o, `/api/equipment/${id}`);
  const history = await get<HistoryRecordDto[]>(o, `/api/equipment/${id}/history`);
  const fuel = await get<FuelRow[]>(o, '/api/fuel-usage/export');
  return {
    usage: m.currentUsage,
    totals: [m.totalFuelUsed, m.totalGasUsed, m.totalDieselUsed],
    lastService: [m.lastServiceUsage, m.lastServiceDate],
    entries: history.length,
    services: history.filter((h) => h.noteType === 'maintenance').length,
    fuel: fuel.map((f) => [f.fuelAdded, f.fuelType]),
  };
}

describe('importing the same history twice', () => {
  const rows = [
    { date: '11/10/2026', machine: 'Loader', reading: '90', fuel: '5', note: 'Paper log' },
    { date: '11/22/2026', machine: 'SN-1', reading: '120', fuel: '10' },
    { date: '11/23/2026', machine: 'Loader', fuel: '7.5', fuelType: 'diesel' },
    { date: '11/23/2026', machine: 'Loader', fuel: '7.5', fuelType: 'diesel' },
    { date: '11/24/2026', machine: 'Loader', kind: 'Service', reading: '115', cost: '250' },
    { date: '11/24/2026', machine: 'loader', reading: '121.456' },
  ];
  const setup = () => ownerWithLoaderToImportInto(t);

  it('the second preview says every row is unchanged, and the second import writes nothing', async () => {
    const { o, m } = await setup();
    const first = await historyImport(o, rows);
    expect(first.statusCode).toBe(200);
    expect(first.json<HistoryImportResult>().summary).toEqual({
      reading: 5,
      service: 1,
      unchanged: 0,
      held: 0,
      error: 0,
    });
    const once = await recordOf(o, m.id);
    // Both identical fill-ups of 11/23 are recorded the first time.
    expect(once).toMatchObject({
      usage: 121.46,
      totals: [30, 15, 15],
      services: 1,
    });
    expect([...once.fuel].sort()).toEqual([
      [10, 'gas'],
      [5, 'gas'],
      [7.5, 'diesel'],
      [7.5, 'diesel'],
    ]);

    const again = await historyPreview(o, rows);
    expect(again.statusCode).toBe(200);
    const body = again.json<HistoryImportResult>();
    expect(body.rows.map((r) => r.action)).toEqual(Array(rows.length).fill('unchanged'));
    expect(body.summary).toEqual({ reading: 0, service: 0, unchanged: 6, held: 0, error: 0 });

    const second = await historyImport(o, rows);
    expect(second.statusCode).toBe(400);
    expect(second.json()).toMatchObject({ key: 'import.nothingToImport' });
    expect(await recordOf(o, m.id)).toEqual(once);
  });

  it('two imports of the same history at once record it once', async () => {
    const { o, m } = await setup();
    const answers = await Promise.all([historyImport(o, rows), historyImport(o, rows)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 400]);
    expect(answers.find((a) => a.statusCode === 400)?.json()).toMatchObject({
      key: 'import.nothingToImport',
    });
    const after = await recordOf(o, m.id);
    expect(after.totals).toEqual([30, 15, 15]);
    expect(after.fuel).toHaveLength(4);
    expect(after.services).toBe(1);
  });

  it('a file with one more row adds only that row; a third identical fill-up of a day is new', async () => {
    const { o, m } = await setup();
    expect((await historyImport(o, rows)).statusCode).toBe(200);
    const once = await recordOf(o, m.id);
    const more = [
      ...rows,
      { date: '11/23/2026', machine: 'Loader', fuel: '7.5', fuelType: 'diesel' },
      { date: '11/25/2026', machine: 'Loader', reading: '125' },
    ];
    const p = (await historyPreview(o, more)).json<HistoryImportResult>();
    expect(p.rows.map((r) => r.action)).toEqual([
      ...Array(rows.length).fill('unchanged'),
      'reading',
      'reading',
    ]);
    const res = await historyImport(o, more);
    expect(res.statusCode).toBe(200);
    expect(res.json<HistoryImportResult>().summary).toMatchObject({ reading: 2, unchanged: 6 });
    const after = await recordOf(o, m.id);
    expect(after.usage).toBe(125);
    expect(after.totals).toEqual([37.5, 15, 22.5]);
    expect(after.entries).toBe(once.entries + 2);
    expect(after.services).toBe(1);
  });

  it('a reading an operator already sent that day is not recorded again; a voided entry is', async () => {
    const { o, m } = await setup();
    const sent = await call(t.app, o.cookie, 'POST', '/api/operator-updates', {
      equipmentId: m.id,
      newUsage: 130,
      fuelAdded: 12,
    });
    expect(sent.statusCode).toBe(201);
    const p = (
      await historyPreview(o, [
        { date: '11/25/2026', machine: 'Loader', reading: '130', fuel: '12' },
        { date: '11/25/2026', machine: 'Loader', reading: '130', fuel: '11' },
      ])
    ).json<HistoryImportResult>();
    expect(p.rows.map((r) => r.action)).toEqual(['unchanged', 'reading']);

    const history = await get<HistoryRecordDto[]>(o, `/api/equipment/${m.id}/history`);
    const entry = history.find((h) => h.usage === 130);
    const v = await voidHistoryEntry(t.app, o.cookie, m.id, entry!.id, 'typed twice');
    expect(v.statusCode).toBe(200);
    const p2 = (
      await historyPreview(o, [
        { date: '11/25/2026', machine: 'Loader', reading: '130', fuel: '12' },
      ])
    ).json<HistoryImportResult>();
    expect(p2.rows.map((r) => r.action)).toEqual(['reading']);
  });
});

describe('importing the same equipment file twice', () => {
  it('changes nothing the second time: every row unchanged, no history written', async () => {
    t.clock.set(new Date('2026-11-25T15:00:00Z'));
    const o = await signupOwner(t.app);
    const rows = [
      {
        name: 'Retroexcavadora',
        type: 'Maquinaria',
        serialNumber: 'RX-9',
        unit: 'Horas',
        currentUsage: '1.234,5',
        threshold: '10.000',
        fuelType: 'Diésel',
        alertThreshold: '15',
        serviceInterval: '250',
        lastServiceUsage: '1.100',
        hasScheduledMaintenance: 'Sí',
        maintenanceStartDate: '03/12/2026',
        maintenanceInterval: '3',
        maintenanceIntervalUnit: 'meses',
        description: 'Obra norte',
      },
      { name: 'Camión', type: 'Vehículo', unit: 'km', currentUsage: '52.000,75' },
      { name: 'Taladro', type: 'herramientas', unit: 'n/a' },
    ];
    const body = { format: ES, rows };
    const first = await importEquipment(o, body);
    expect(first.statusCode).toBe(200);
    expect(first.json<EquipmentImportResult>().rows.flatMap((r) => r.issues)).toEqual([]);
    expect(first.json<EquipmentImportResult>().summary).toMatchObject({ add: 3, unchanged: 0 });
    const list = await get<EquipmentDto[]>(o, '/api/equipment');
    const histories = async () =>
      Promise.all(
        list.map(
          async (e) => (await get<HistoryRecordDto[]>(o, `/api/equipment/${e.id}/history`)).length,
        ),
      );
    const before = await histories();

    const p = await previewEquipment(o, body);
    const preview = p.json<EquipmentImportResult>();
    expect(preview.rows.map((r) => [r.action, r.changes])).toEqual(
      Array(3).fill(['unchanged', []]),
    );
    expect(preview.summary).toMatchObject({ add: 0, update: 0, unchanged: 3 });
    const second = await importEquipment(o, body);
    expect(second.statusCode).toBe(400);
    expect(second.json()).toMatchObject({ key: 'import.nothingToImport' });
    expect(await get<EquipmentDto[]>(o, '/api/equipment')).toEqual(list);
    expect(await histories()).toEqual(before);
  });
});

describe('imported past readings feed the forecast', () => {
  it('a machine imported with its dated past readings has a usual daily usage and a due date', async () => {
    t.clock.set(new Date('2026-11-25T15:00:00Z'));
    const o = await signupOwner(t.app);
    const eq = await importEquipment(o, {
      format: US,
      rows: [
        {
          name: 'Dozer',
          type: 'machinery',
          unit: 'hours',
          currentUsage: '1500',
          serviceInterval: '250',
          lastServiceUsage: '1410',
        },
      ],
    });
    expect(eq.statusCode).toBe(200);
    const id = eq.json<EquipmentImportResult>().rows[0]!.equipmentId!;
    const single = await get<EquipmentDto>(o, `/api/equipment/${id}`);
    expect(single.forecast?.noUsageForecast).toBe('single_reading');

    // 60 days ago 1000 h, 30 days ago 1200 h, 10 days ago 1400 h; 1500 h today (the import's value).
    const res = await historyImport(o, [
      { date: '9/26/2026', machine: 'Dozer', reading: '1000' },
      { date: '10/26/2026', machine: 'Dozer', reading: '1200' },
      { date: '11/15/2026', machine: 'Dozer', reading: '1400' },
    ]);
    expect(res.statusCode).toBe(200);
    expect(res.json<HistoryImportResult>().summary).toMatchObject({ reading: 3, error: 0 });

    const m = await get<EquipmentDto>(o, `/api/equipment/${id}`);
    // The meter stays at the import's value (past readings never move it).
    expect(m.currentUsage).toBe(1500);
    // (1500 - 1000) h over 60 days 3 hours (noon of 9/26 to the import, 15:00 today); 160 h left to
    // 1660 h: 19.2 days, due in 20.
    expect(m.forecast).toMatchObject({
      noUsageForecast: null,
      basis: 'usage',
      dueAtUsage: 1660,
      usageDueDate: '2026-12-15',
    });
    expect(m.forecast?.perDay).toBeCloseTo(500 / 60.125, 5);
    // The Equipment List page reads the readings in its own statement: the same forecast.
    const page = await get<EquipmentPage>(o, '/api/equipment/page');
    expect(page.items.find((e) => e.id === id)?.forecast).toEqual(m.forecast);

    // Voiding a past reading leaves the meter alone and takes it out of the rate.
    const history = await get<HistoryRecordDto[]>(o, `/api/equipment/${id}/history`);
    const oldest = history.find((h) => h.usage === 1000);
    expect(oldest?.reading).toBe('past');
    const v = await voidHistoryEntry(t.app, o.cookie, id, oldest!.id, 'wrong log');
    expect(v.statusCode).toBe(200);
    const after = await get<EquipmentDto>(o, `/api/equipment/${id}`);
    expect(after.currentUsage).toBe(1500);
    expect(after.forecast?.perDay).toBeCloseTo(300 / 30.125, 5);
  });
});
