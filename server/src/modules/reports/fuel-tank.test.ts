/**
 * A fill-up more than the tank holds (issue 45, docs/decisions/fleet-insight.md "A fill-up over the
 * tank"): the machine's tank capacity (typed in gallons or litres, stored and answered in gallons, bad
 * values refused), and a fill-up over it and 5 % flagged on its timeline entry, in the dashboard's list
 * of operator updates and counted in the Fuel report's row. On PGlite and (TEST_DB=postgres) PostgreSQL.
 */
import { describe, expect, it } from 'vitest';
import type { EquipmentDto, HistoryRecordDto } from '@domain/schemas/equipment';
import type { OperatorUpdateDto } from '@domain/schemas/operators';
import type { FuelReport } from '@domain/schemas/reports';
import { addSignedInUser, call, createEquipmentViaApi, signupOwner } from '../../test/factories';
import { useTestApp } from '../../test/helpers';
import * as kit from '../../test/reports';

const t = useTestApp();

describe('tank capacity and fill-ups over it', () => {
  it('stores the capacity in gallons, typed in either unit, and refuses bad values', async () => {
    t.clock.set(new Date('2026-03-01T15:00:00Z'));
    const o = await signupOwner(t.app);
    const gal = await createEquipmentViaApi(t.app, o.cookie, {
      name: 'Loader',
      type: 'machinery',
      unit: 'hours',
      tankCapacity: 100,
    });
    expect(gal.tankCapacity).toBe(100);
    const litres = await createEquipmentViaApi(t.app, o.cookie, {
      name: 'Excavator',
      type: 'machinery',
      unit: 'hours',
      tankCapacity: 400,
      tankCapacityUnit: 'L',
    });
    // 400 L = 105.669 gal, as stored.
    expect(litres.tankCapacity).toBe(105.669);
    // A unit alone changes nothing; a new capacity replaces it; null clears it.
    const patch = (body: object) =>
      call(t.app, o.cookie, 'PATCH', `/api/equipment/${litres.id}`, body);
    let res = await patch({ tankCapacityUnit: 'L' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<EquipmentDto>().tankCapacity).toBe(105.669);
    res = await patch({ tankCapacity: '80', tankCapacityUnit: 'gal' });
    expect(res.json<EquipmentDto>().tankCapacity).toBe(80);
    res = await patch({ tankCapacity: null });
    expect(res.json<EquipmentDto>().tankCapacity).toBeNull();
    // Without one: null.
    const none = await createEquipmentViaApi(t.app, o.cookie, { name: 'Mower' });
    expect(none.tankCapacity).toBeNull();

    for (const bad of [0, -5, 100_001, 'lots']) {
      const r = await call(t.app, o.cookie, 'POST', '/api/equipment', {
        name: 'Bad tank',
        type: 'machinery',
        unit: 'hours',
        tankCapacity: bad,
      });
      expect(r.statusCode, r.body).toBe(400);
      expect(r.json()).toMatchObject({
        fieldErrors: { tankCapacity: 'Tank capacity must be a number above 0 and at most 100,000' },
      });
    }
    const unit = await patch({ tankCapacity: 50, tankCapacityUnit: 'qt' });
    expect(unit.statusCode, unit.body).toBe(400);
    expect(unit.json().fieldErrors).toHaveProperty('tankCapacityUnit');
  });

  it('flags a fill-up over the tank on its entry, in the list of updates and in the Fuel report', async () => {
    const { o, loader } = await kit.ownerWithLoader(t, { tankCapacity: 100 });
    const op = await addSignedInUser(t.deps.systemDb, 'operator', o.companyId, {
      now: t.deps.now(),
    });
    const fill = async (cookie: string, newUsage: number, fuelAdded: number) => {
      const res = await call(t.app, cookie, 'POST', '/api/operator-updates', {
        equipmentId: loader.id,
        newUsage,
        fuelAdded,
        fuelType: 'diesel',
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json<{ update: OperatorUpdateDto }>().update ?? res.json<OperatorUpdateDto>();
    };
    // 105 gal fits (5 % over 100 is allowed); the operator's 130 gal does not.
    await fill(o.cookie, 105, 105);
    await fill(op.cookie, 110, 130);

    const history = await call(t.app, o.cookie, 'GET', `/api/equipment/${loader.id}/history`);
    expect(history.statusCode, history.body).toBe(200);
    const fills = history
      .json<HistoryRecordDto[]>()
      .filter((h) => h.fuelAdded !== null)
      .map((h) => [h.fuelAdded, h.overTank]);
    expect(fills).toEqual([
      [130, true],
      [105, false],
    ]);
    // Every other entry is not flagged.
    expect(history.json<HistoryRecordDto[]>().filter((h) => h.overTank)).toHaveLength(1);

    const list = await call(t.app, o.cookie, 'GET', '/api/operator-updates');
    expect(list.statusCode, list.body).toBe(200);
    const updates = list.json<OperatorUpdateDto[]>().map((u) => [u.fuelAdded, u.overTank]);
    expect(updates).toEqual([
      [130, true],
      [105, undefined],
    ]);

    const r = await kit.reportOf<FuelReport>(() => t, 'fuel')(o);
    expect(r.machines.find((m) => m.equipmentId === loader.id)?.overTankFillUps).toBe(1);

    // A larger tank given later: the same fill-up is no longer over it.
    const bigger = await call(t.app, o.cookie, 'PATCH', `/api/equipment/${loader.id}`, {
      tankCapacity: 200,
    });
    expect(bigger.statusCode, bigger.body).toBe(200);
    const after = await kit.reportOf<FuelReport>(() => t, 'fuel')(o);
    expect(after.machines.find((m) => m.equipmentId === loader.id)?.overTankFillUps).toBe(0);
  });
});
