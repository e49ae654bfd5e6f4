import { randomUUID } from 'node:crypto';
import { expect, type APIRequestContext } from '@playwright/test';
import type { FieldTeam } from './fixtures';

/** An unbroken word of `length` characters (no space, no hyphen): a name, a part number, a URL. */
export const unbroken = (prefix: string, length: number) =>
  (prefix + 'X'.repeat(length)).slice(0, length);

/**
 * Long unbroken text from users on every kind of record a page shows (issue 43, defect 12: after real
 * use the owner's dashboard on a 390 px phone was 494 px wide): a machine's name, serial number, notes
 * and service parts; a service; a catalogue part; a work order; an operator; a checklist; and, from the
 * operator's phone, an update held for review and a reported problem. `request` is the owner's;
 * `operator` a request context of the team's browser context (it is signed in as the operator here).
 */
export async function seedLongTexts(
  request: APIRequestContext,
  operator: APIRequestContext,
  team: FieldTeam,
): Promise<{ machineName: string }> {
  const url = `https://example.com/${unbroken('manuals/excavator-hydraulics-', 150)}`;
  const ok = async (res: Promise<import('@playwright/test').APIResponse>) => {
    const r = await res;
    expect(r.ok(), await r.text()).toBe(true);
    return r;
  };
  const machineName = unbroken('Excavadora', 120);
  const machine = await ok(
    request.post('/api/equipment', {
      data: {
        name: machineName,
        type: 'machinery',
        unit: 'hours',
        currentUsage: 10,
        serialNumber: unbroken('SN', 60),
        serviceInterval: 5,
        lastServiceUsage: 0,
        serviceParts: [
          { part: unbroken('HydraulicFilter', 150), partNumber: unbroken('PN-', 100), qty: 1 },
        ],
      },
    }),
  );
  const { id } = (await machine.json()) as { id: string };
  for (const machineId of [id, team.equipmentId]) {
    await ok(
      request.post(`/api/equipment/${machineId}/notes`, { data: { content: `See ${url}` } }),
    );
    await ok(
      request.patch(`/api/equipment/${machineId}/reset-service`, {
        data: {
          serviceDate: new Date().toISOString().slice(0, 10),
          parts: [{ part: unbroken('OilFilter', 150), partNumber: unbroken('OF-', 100), qty: 1 }],
          performedBy: unbroken('Mecánico', 100),
          notes: url,
        },
      }),
    );
  }
  await ok(
    request.post('/api/parts', {
      data: {
        name: unbroken('HydraulicReturnFilter', 120),
        partNumber: unbroken('HRF-', 120),
        unit: 'each',
        unitCost: 12.5,
        onHand: 1,
        reorderPoint: 5,
        location: unbroken('ShelfB', 120),
        vendor: unbroken('https://parts.example.com/', 120),
      },
    }),
  );
  await ok(
    request.post('/api/work-orders', {
      data: {
        equipmentId: id,
        title: unbroken('ReplaceHydraulicHose', 120),
        kind: 'repair',
        priority: 'high',
        vendor: unbroken('Taller', 120),
        notes: url,
      },
    }),
  );
  await ok(
    request.post('/api/employees', {
      data: { firstName: unbroken('Maximiliano', 60), lastName: unbroken('Fernández', 60) },
    }),
  );
  await ok(
    request.post('/api/inspection-templates', {
      data: {
        name: unbroken('DailyWalkaround', 100),
        equipmentTypes: ['machinery'],
        daily: true,
        items: [{ id: 'a', label: unbroken('HydraulicHoseCondition', 120), kind: 'passFail' }],
      },
    }),
  );
  // From the phone: a reading far above the usual, held for review with its note; a problem.
  await ok(
    operator.post('/api/operator-updates', {
      data: { equipmentId: team.equipmentId, newUsage: 90000, notes: url },
      headers: { 'idempotency-key': randomUUID() },
    }),
  );
  await ok(
    operator.post('/api/problem-reports', {
      data: { equipmentId: team.equipmentId, problem: unbroken('HydraulicLeakAtBoom', 300) },
      headers: { 'idempotency-key': randomUUID() },
    }),
  );
  return { machineName };
}
