import { describe, expect, it } from 'vitest';
import type { CurrentUser } from '@domain/schemas/auth';
import type { EquipmentDto } from '@domain/schemas/equipment';
import type { CompanySettingsDto } from '@domain/schemas/operators';
import { useTestApp, cookieFrom, unique } from '../../test/helpers';
import { call, createEquipmentViaApi, sessionForRole, signupOwner } from '../../test/factories';

const t = useTestApp({ SESSION_CACHE_SECONDS: '0' });

/** POST /api/auth/signup of a new company with the time zone given (as the sign-up form sends it). */
const signupInZone = (timeZone: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/signup',
    payload: {
      businessName: unique('Zone Co '),
      email: `${unique('zone')}@example.com`,
      password: 'Harvest-Moon-42',
      timeZone,
    },
  });

describe('the company time zone', () => {
  it('is captured at signup, returned with the current user, and refused when not a real zone', async () => {
    const res = await signupInZone('America/Chicago');
    expect(res.statusCode).toBe(201);
    expect(res.json<CurrentUser>().timeZone).toBe('America/Chicago');
    const me = await call(t.app, cookieFrom(res), 'GET', '/api/auth/user');
    expect(me.json<CurrentUser>().timeZone).toBe('America/Chicago');

    const bad = await signupInZone('Mars/Olympus_Mons');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      key: 'auth.timeZone',
      fieldErrors: { timeZone: expect.any(String) },
    });

    // Without one (an API client), the company starts in UTC.
    const plain = await signupOwner(t.app);
    expect(plain.user.timeZone).toBe('UTC');
  });

  it('is shown and changed in Company Settings by owners and managers only, validated', async () => {
    const owner = await signupOwner(t.app);
    const get = await call(t.app, owner.cookie, 'GET', '/api/company-settings');
    expect(get.json<CompanySettingsDto>().timeZone).toBe('UTC');

    const set = await call(t.app, owner.cookie, 'POST', '/api/company-settings', {
      timeZone: 'America/Mexico_City',
    });
    expect(set.statusCode).toBe(200);
    expect(set.json<CompanySettingsDto>()).toMatchObject({
      timeZone: 'America/Mexico_City',
      companyName: owner.businessName,
    });

    const bad = await call(t.app, owner.cookie, 'POST', '/api/company-settings', {
      timeZone: 'Not/AZone',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ key: 'auth.timeZone' });
    // A refused change changes nothing.
    expect(
      (await call(t.app, owner.cookie, 'GET', '/api/company-settings')).json<CompanySettingsDto>()
        .timeZone,
    ).toBe('America/Mexico_City');

    const manager = await sessionForRole(t.deps.systemDb, owner.companyId, 'manager');
    const byManager = await call(t.app, manager.cookie, 'POST', '/api/company-settings', {
      timeZone: 'Europe/Madrid',
    });
    expect(byManager.statusCode).toBe(200);
    const op = await sessionForRole(t.deps.systemDb, owner.companyId, 'operator');
    const byOperator = await call(t.app, op.cookie, 'POST', '/api/company-settings', {
      timeZone: 'UTC',
    });
    expect(byOperator.statusCode).toBe(403);
    expect(
      (await call(t.app, owner.cookie, 'GET', '/api/auth/user')).json<CurrentUser>().timeZone,
    ).toBe('Europe/Madrid');
  });

  it('finds a zone from its city, at signup and in Company Settings (issue 26)', async () => {
    const res = await signupInZone('são paulo');
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<CurrentUser>().timeZone).toBe('America/Sao_Paulo');
    const owner = await signupOwner(t.app);
    const set = await call(t.app, owner.cookie, 'POST', '/api/company-settings', {
      timeZone: 'Chicago',
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json<CompanySettingsDto>().timeZone).toBe('America/Chicago');
    const spelled = await call(t.app, owner.cookie, 'POST', '/api/company-settings', {
      timeZone: 'europe/madrid',
    });
    expect(spelled.json<CompanySettingsDto>().timeZone).toBe('Europe/Madrid');
    // A place that is no zone's city is refused, and nothing else in the same save is applied.
    const bad = await call(t.app, owner.cookie, 'POST', '/api/company-settings', {
      timeZone: 'Springfield',
      masterPassword: 'Tractor-Seat-77',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ key: 'auth.timeZone' });
    const after = (
      await call(t.app, owner.cookie, 'GET', '/api/company-settings')
    ).json<CompanySettingsDto>();
    expect(after).toMatchObject({ timeZone: 'Europe/Madrid', hasMasterPassword: false });
  });

  it("changes today's statuses at the day boundary", async () => {
    const owner = await signupOwner(t.app);
    // 03:00 UTC on Mar 10 is still the evening of Mar 9 in Chicago.
    t.clock.set(new Date('2026-03-01T12:00:00Z'));
    const e = await createEquipmentViaApi(t.app, owner.cookie, {
      serviceInterval: 0,
      hasScheduledMaintenance: true,
      maintenanceStartDate: '2026-03-08',
      maintenanceInterval: 1,
      maintenanceIntervalUnit: 'days',
    });
    expect(e.nextMaintenanceDate).toBe('2026-03-09');
    t.clock.set(new Date('2026-03-10T03:00:00Z'));
    try {
      const inUtc = await call(t.app, owner.cookie, 'GET', `/api/equipment/${e.id}`);
      expect(inUtc.json<EquipmentDto>().status).toMatchObject({
        serviceStatus: 'overdue',
        daysUntilMaintenance: -1,
      });
      await call(t.app, owner.cookie, 'POST', '/api/company-settings', {
        timeZone: 'America/Chicago',
      });
      const inChicago = await call(t.app, owner.cookie, 'GET', `/api/equipment/${e.id}`);
      expect(inChicago.json<EquipmentDto>().status).toMatchObject({
        serviceStatus: 'time_for_service',
        daysUntilMaintenance: 0,
      });
      const overview = await call(t.app, owner.cookie, 'GET', '/api/dashboard/overview?limit=50');
      expect(overview.json<{ counts: Record<string, number> }>().counts).toMatchObject({
        overdue: 0,
        time_for_service: 1,
      });
    } finally {
      t.clock.reset();
    }
  });
});
