import type { Demo, MachinePlan } from './context';
import { DEMO_TECHNICIAN_EMAIL } from './seed-company';
import { addDays, isoDate } from './time';

/**
 * Work orders and parts (issue 27): a parts shelf with one part low, a technician (signing in with
 * `technicianPassword`), and a few open and done work orders.
 */
export async function seedWorkOrders(
  { owner, now }: Demo,
  plans: MachinePlan[],
  technicianPassword: string,
) {
  // Work orders and parts (issue 27): a parts shelf with one part low, a technician, and a few open and
  // done work orders (repairs and follow-ups: the machines' service statuses stay as planned above).
  const shelf = [
    {
      name: 'Engine oil filter',
      partNumber: 'OF-100',
      unit: 'each',
      unitCost: 14.5,
      onHand: 12,
      reorderPoint: 4,
      location: 'Shelf A1',
      vendor: 'Valley Equipment Parts',
    },
    {
      name: 'Hydraulic oil 15W-40',
      partNumber: 'HO-15',
      unit: 'gallon',
      unitCost: 22,
      onHand: 30,
      reorderPoint: 10,
      location: 'Drum rack',
      vendor: 'Valley Equipment Parts',
    },
    {
      name: 'Air filter',
      partNumber: 'AF-220',
      unit: 'each',
      unitCost: 38,
      onHand: 3,
      reorderPoint: 3,
      location: 'Shelf A2',
      vendor: 'FleetPro Supply',
    },
    {
      name: 'Grease cartridge',
      partNumber: 'GR-14',
      unit: 'each',
      unitCost: 6.75,
      onHand: 24,
      reorderPoint: 6,
      location: 'Shelf B1',
      vendor: 'FleetPro Supply',
    },
  ];
  const partIds: string[] = [];
  for (const part of shelf)
    partIds.push((await owner.call('POST', '/api/parts', part)).json<{ id: string }>().id);
  const tech = await owner.call('POST', '/api/technicians', {
    firstName: 'Luis',
    lastName: 'Ortega',
    email: DEMO_TECHNICIAN_EMAIL,
    password: technicianPassword,
  });
  const techId = tech.json<{ id: string }>().id;
  const machinery = plans.filter((p) => p.m.type === 'machinery');
  const order = async (i: number, body: Record<string, unknown>) => {
    const p = machinery[i % Math.max(1, machinery.length)];
    if (!p) return null;
    const res = await owner.call('POST', '/api/work-orders', { equipmentId: p.id, ...body });
    return res.json<{ id: string }>().id;
  };
  const done = [
    {
      title: 'Replace cracked hydraulic hose',
      kind: 'repair',
      parts: [[1, 2]],
      hours: 2.5,
      other: 45,
    },
    {
      title: 'Air filter after dusty job',
      kind: 'inspection_follow_up',
      parts: [[2, 1]],
      hours: 0.5,
      other: 0,
    },
  ] as const;
  for (const [i, d] of done.entries()) {
    const id = await order(i, {
      title: d.title,
      kind: d.kind,
      priority: 'high',
      assigneeId: techId,
      tasks: [{ label: d.title }],
    });
    if (!id) continue;
    await owner.call('PATCH', `/api/work-orders/${id}`, { status: 'in_progress' });
    for (const [k, qty] of d.parts)
      await owner.call('POST', `/api/work-orders/${id}/parts`, {
        partId: partIds[k],
        quantity: qty,
      });
    await owner.call('POST', `/api/work-orders/${id}/complete`, {
      laborHours: d.hours,
      laborRate: 65,
      otherCost: d.other,
      notes: 'Tested under load; no leaks.',
    });
  }
  await order(2, {
    title: 'Grease all fittings and check the tracks',
    kind: 'service',
    priority: 'normal',
    dueDate: isoDate(addDays(now, 5)),
    assigneeId: techId,
    tasks: [{ label: 'Grease all fittings' }, { label: 'Check track tension' }],
  });
  await order(3, {
    title: 'Seat switch intermittent',
    kind: 'repair',
    priority: 'urgent',
    dueDate: isoDate(addDays(now, -2)),
    vendor: 'Valley Equipment Service',
    tasks: [{ label: 'Diagnose seat switch' }],
  });
}
