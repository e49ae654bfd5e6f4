import { describe, expect, it } from 'vitest';
import { isMessageKey, messageText } from '@domain/messages/catalogue';
import { useTestApp } from '../test/helpers';
import { call, createEquipmentViaApi, sessionForRole, signupOwner } from '../test/factories';

const t = useTestApp();

type ErrorBody = {
  code: string;
  key: string;
  message: string;
  params?: Record<string, string | number>;
  fieldErrors?: Record<string, string>;
};

/** Every error answer names a catalogue key, and its message is that key's English text. */
function expectKeyed(
  res: { statusCode: number; json: () => unknown },
  status: number,
  key: string,
) {
  expect(res.statusCode).toBe(status);
  const body = res.json() as ErrorBody;
  expect(body.key).toBe(key);
  expect(isMessageKey(body.key)).toBe(true);
  expect(body.message).toBe(messageText(body.key as never, body.params));
  return body;
}

describe('every error answer carries a stable message key', () => {
  it('request shape, sign-in and permissions', async () => {
    expectKeyed(await t.app.inject({ method: 'GET', url: '/api/nowhere' }), 404, 'common.notFound');
    expectKeyed(await t.app.inject({ method: 'GET', url: '/api/equipment' }), 401, 'common.signIn');
    expectKeyed(
      await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: { 'content-type': 'application/xml' },
        payload: '<hello/>',
      }),
      400,
      'common.jsonOnly',
    );
    const owner = await signupOwner(t.app);
    const op = await sessionForRole(t.deps.systemDb, owner.companyId, 'operator');
    expectKeyed(await call(t.app, op.cookie, 'GET', '/api/equipment'), 403, 'common.forbidden');
  });

  it('schema messages get their key; limits and field names become parameters', async () => {
    const signup = expectKeyed(
      await t.app.inject({
        method: 'POST',
        url: '/api/auth/signup',
        payload: { businessName: 'A', email: 'x@example.com', password: 'Harvest-Moon-42' },
      }),
      400,
      'auth.businessNameMin',
    );
    expect(signup.fieldErrors?.businessName).toBe('Business name must be at least 2 characters');
    const owner = await signupOwner(t.app);
    const q = expectKeyed(
      await call(t.app, owner.cookie, 'GET', '/api/equipment/page?limit=101'),
      400,
      'query.atMost',
    );
    expect(q.params).toMatchObject({ field: 'limit', max: 100 });
    expect(q.message).toBe('limit must be at most 100');
    const e = expectKeyed(
      await call(t.app, owner.cookie, 'GET', '/api/equipment/page?status=shiny'),
      400,
      'query.oneOf',
    );
    expect(e.message).toBe(
      'status must be one of: all, good, approaching_service, time_for_service, overdue, approaching, due, no_schedule',
    );
  });

  it('service refusals carry their parameters (meter rollback, plan limit)', async () => {
    const owner = await signupOwner(t.app);
    const machine = await createEquipmentViaApi(t.app, owner.cookie, { currentUsage: 1500.5 });
    const op = await sessionForRole(t.deps.systemDb, owner.companyId, 'operator');
    const rollback = expectKeyed(
      await call(t.app, op.cookie, 'POST', '/api/operator-updates', {
        equipmentId: machine.id,
        newUsage: 1400,
      }),
      400,
      'operators.meterRollback',
    );
    expect(rollback.params).toEqual({ reading: 1400, current: 1500.5, unit: 'hours' });
    expect(rollback.message).toMatch(
      /^The reading 1,400 hours is below the current usage of 1,500\.5 hours\./,
    );
    expect(rollback.fieldErrors?.newUsage).toBe(messageText('operators.meterRollbackField'));

    await t.deps.systemDb.execute(
      (await import('drizzle-orm'))
        .sql`update company set equipment_limit = 1 where id = ${owner.companyId}`,
    );
    const limit = expectKeyed(
      await call(t.app, owner.cookie, 'POST', '/api/equipment', {
        name: 'Second',
        type: 'tools',
        unit: 'hours',
      }),
      403,
      'equipment.planLimit',
    );
    expect(limit.params).toEqual({ limit: 1 });
  });
});
