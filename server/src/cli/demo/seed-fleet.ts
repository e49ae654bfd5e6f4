import type { Demo } from './context';
import { MACHINES, MODELS, SITES } from './data';
import { MINUTE_MS, round1 } from './time';

/** A retired machine that keeps its history (Retired Equipment page). */
export async function seedRetired({ owner }: Demo) {
  const old = await owner.call('POST', '/api/equipment', {
    name: 'Old Air Compressor',
    type: 'tools',
    unit: 'hours',
    fuelType: 'diesel',
    currentUsage: 4_812,
    serviceInterval: 250,
    description: 'Replaced by a new unit (demo data)',
  });
  const oldId = old.json<{ id: string }>().id;
  await owner.call('POST', `/api/equipment/${oldId}/notes`, {
    content: 'Pressure switch failing; not worth repairing.',
  });
  await owner.call('POST', `/api/equipment/${oldId}/retire`, {
    retirementNotes: 'Sold for parts',
  });
}

/** A big fleet (--machines N): generated machines up to N, no readings, spread over every status. */
export async function seedBigFleet({ clock, now, owner }: Demo, fleet: number) {
  clock.at = new Date(now.getTime() - 5 * MINUTE_MS);
  for (let k = 0; k < fleet - MACHINES.length; k++) {
    const m = MODELS[k % MODELS.length]!;
    const pct = (k * 37) % 140;
    const lastService =
      m.unit === 'hours' ? 200 + (k % 50) * 40 : m.unit === 'n/a' ? 0 : 10_000 + (k % 50) * 1_000;
    await owner.call('POST', '/api/equipment', {
      name: `${m.name} ${SITES[Math.floor(k / MODELS.length) % SITES.length]} #${String(Math.floor(k / (MODELS.length * SITES.length)) + 1).padStart(3, '0')}`,
      type: m.type,
      serialNumber: `SN-${(500_000 + k * 104_729).toString(36).toUpperCase()}`,
      unit: m.unit,
      fuelType: m.fuelType,
      currentUsage: round1(lastService + (m.interval * pct) / 100),
      serviceInterval: m.interval,
      lastServiceUsage: m.interval > 0 ? lastService : 0,
      threshold: m.unit === 'hours' ? 10_000 : null,
      description: 'Generated machine (demo data)',
    });
  }
}
