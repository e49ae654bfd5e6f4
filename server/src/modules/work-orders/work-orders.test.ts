import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  costsDtoSchema,
  partDtoSchema,
  workOrderDtoSchema,
  type WorkOrderDto,
} from '@domain/schemas/work-orders';
import { equipmentNote, stockMove } from '../../db/schema/index';
import { useTestApp, cookieFrom } from '../../test/helpers';
import {
  addSignedInUser,
  call,
  createEquipmentViaApi,
  DEFAULT_PASSWORD,
  JPEG,
  type SignedIn,
  signupOwner,
  statusOf,
} from '../../test/factories';

/** Work orders, parts and costs (issue 27), HTTP-level on PGlite and (TEST_DB=postgres) PostgreSQL. */
const t = useTestApp();

function post(cookie: string, url: string, payload: unknown, key?: string) {
  return t.app.inject({
    method: 'POST',
    url,
    headers: { cookie, ...(key ? { 'idempotency-key': key } : {}) },
    payload: payload as object,
  });
}

async function overdueMachine(owner: SignedIn) {
  return createEquipmentViaApi(t.app, owner.cookie, {
    currentUsage: 400,
    serviceInterval: 250,
    lastServiceUsage: 100,
    serviceParts: [{ part: 'Oil filter', partNumber: 'OF-1', qty: 1 }],
  });
}

async function newPart(owner: SignedIn, over: Record<string, unknown> = {}) {
  const res = await call(t.app, owner.cookie, 'POST', '/api/parts', {
    name: 'Oil filter',
    partNumber: `OF-${Math.random().toString(36).slice(2, 8)}`,
    unit: 'each',
    unitCost: 12.5,
    onHand: 5,
    reorderPoint: 2,
    location: 'Shelf A',
    vendor: 'Parts Co',
    ...over,
  });
  expect(res.statusCode, res.body).toBe(201);
  return partDtoSchema.parse(res.json());
}

async function newOrder(owner: SignedIn, equipmentId: string, over: Record<string, unknown> = {}) {
  const res = await call(t.app, owner.cookie, 'POST', '/api/work-orders', {
    equipmentId,
    title: '250-hour service',
    kind: 'service',
    priority: 'high',
    tasks: [{ label: 'Change oil' }, { label: 'Replace filter' }],
    ...over,
  });
  expect(res.statusCode, res.body).toBe(201);
  return workOrderDtoSchema.parse(res.json());
}

const getOrder = async (cookie: string, id: string) =>
  workOrderDtoSchema.parse((await call(t.app, cookie, 'GET', `/api/work-orders/${id}`)).json());
const partOf = async (owner: SignedIn, id: string) =>
  (await call(t.app, owner.cookie, 'GET', '/api/parts'))
    .json<{ id: string; onHand: number }[]>()
    .find((p) => p.id === id)!;
const historyKinds = async (companyId: string, equipmentId: string) =>
  (
    await t.deps.systemDb
      .select({ kind: equipmentNote.kind, params: equipmentNote.params })
      .from(equipmentNote)
      .where(
        and(eq(equipmentNote.companyId, companyId), eq(equipmentNote.equipmentId, equipmentId)),
      )
  ).map((r) => r.kind);

describe('work orders: the status machine', () => {
  it('numbers orders per company, writes each status change to the machine record, refuses the rest', async () => {
    const owner = await signupOwner(t.app);
    const m = await overdueMachine(owner);
    const a = await newOrder(owner, m.id);
    const b = await newOrder(owner, m.id, { title: 'Fix the seat', kind: 'repair' });
    expect([a.number, b.number]).toEqual([1, 2]);
    expect(a.status).toBe('open');
    expect(a.tasks.map((x) => [x.label, x.done])).toEqual([
      ['Change oil', false],
      ['Replace filter', false],
    ]);
    // Another company starts at 1 too.
    const other = await signupOwner(t.app);
    const om = await overdueMachine(other);
    expect((await newOrder(other, om.id)).number).toBe(1);

    const patch = (status: string) =>
      call(t.app, owner.cookie, 'PATCH', `/api/work-orders/${a.id}`, { status });
    expect((await patch('in_progress')).statusCode).toBe(200);
    expect((await patch('on_hold')).statusCode).toBe(200);
    expect((await patch('in_progress')).statusCode).toBe(200);
    // Done only through Complete.
    const done = await patch('done');
    expect(done.statusCode).toBe(400);
    expect(done.json().key).toBe('workOrders.useComplete');
    expect((await patch('nonsense')).statusCode).toBe(400);
    expect((await patch('canceled')).statusCode).toBe(200);
    // Canceled is final: no status, no field, no part, no completion.
    const again = await patch('open');
    expect(again.statusCode).toBe(409);
    expect(again.json().key).toBe('workOrders.closed');
    expect(
      (await call(t.app, owner.cookie, 'PATCH', `/api/work-orders/${a.id}`, { title: 'x' }))
        .statusCode,
    ).toBe(409);
    expect((await post(owner.cookie, `/api/work-orders/${a.id}/complete`, {})).statusCode).toBe(
      409,
    );

    const entries = (
      await t.deps.systemDb
        .select({
          kind: equipmentNote.kind,
          params: equipmentNote.params,
          by: equipmentNote.operatorName,
        })
        .from(equipmentNote)
        .where(eq(equipmentNote.equipmentId, m.id))
    ).filter((e) => e.kind === 'work_order');
    const mine = entries.map(
      (e) => e.params as { number: number; from: string | null; status: string },
    );
    expect(mine.filter((p) => p.number === 1).map((p) => [p.from, p.status])).toEqual([
      [null, 'open'],
      ['open', 'in_progress'],
      ['in_progress', 'on_hold'],
      ['on_hold', 'in_progress'],
      ['in_progress', 'canceled'],
    ]);
    expect(entries.every((e) => (e.by ?? '').length > 0)).toBe(true);
  });

  it('validates the body with messages by key, and another company id is a 404', async () => {
    const owner = await signupOwner(t.app);
    const m = await overdueMachine(owner);
    const bad = await call(t.app, owner.cookie, 'POST', '/api/work-orders', {
      equipmentId: m.id,
      title: '',
      kind: 'service',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().key).toBe('workOrders.titleRequired');
    const both = await call(t.app, owner.cookie, 'POST', '/api/work-orders', {
      equipmentId: m.id,
      title: 'x',
      kind: 'repair',
      assigneeId: owner.user.id,
      vendor: 'Shop',
    });
    expect(both.statusCode).toBe(400);
    const a = await newOrder(owner, m.id);
    const p = await newPart(owner);

    const stranger = await signupOwner(t.app);
    const sm = await overdueMachine(stranger);
    for (const [method, url, body] of [
      ['GET', `/api/work-orders/${a.id}`, undefined],
      ['PATCH', `/api/work-orders/${a.id}`, { status: 'in_progress' }],
      ['POST', `/api/work-orders/${a.id}/parts`, { partId: p.id, quantity: 1 }],
      ['POST', `/api/work-orders/${a.id}/complete`, {}],
      ['POST', `/api/work-orders/${a.id}/photos`, { key: 'k', data: JPEG }],
      ['POST', `/api/parts/${p.id}/stock`, { change: 1, reason: 'received' }],
      ['POST', '/api/work-orders', { equipmentId: m.id, title: 'x', kind: 'other' }],
      ['GET', `/api/costs?equipmentId=${m.id}`, undefined],
    ] as const)
      expect(
        (await call(t.app, stranger.cookie, method, url, body)).statusCode,
        `${method} ${url}`,
      ).toBe(404);
    // A stranger's part on my order: not found, nothing drawn.
    const sp = await newPart(stranger);
    const r = await post(owner.cookie, `/api/work-orders/${a.id}/parts`, {
      partId: sp.id,
      quantity: 1,
    });
    expect(r.statusCode).toBe(404);
    expect((await partOf(stranger, sp.id)).onHand).toBe(5);
    expect((await getOrder(owner.cookie, a.id)).status).toBe('open');
    void sm;
  });
});

describe('completing a work order', () => {
  it('a service order records the service entry in the same transaction: the machine is good again, stock went down', async () => {
    const owner = await signupOwner(t.app);
    const m = await overdueMachine(owner);
    expect(m.status.serviceStatus).toBe('overdue');
    const p = await newPart(owner, { unitCost: 10, onHand: 3 });
    const wo = await newOrder(owner, m.id);
    const add = await post(owner.cookie, `/api/work-orders/${wo.id}/parts`, {
      partId: p.id,
      quantity: 2,
    });
    expect(add.statusCode, add.body).toBe(201);
    expect((await partOf(owner, p.id)).onHand).toBe(1);
    const done = await post(owner.cookie, `/api/work-orders/${wo.id}/complete`, {
      laborHours: 1.5,
      laborRate: 40,
      otherCost: 5,
      notes: 'All good',
    });
    expect(done.statusCode, done.body).toBe(200);
    const w = workOrderDtoSchema.parse(done.json());
    expect(w.status).toBe('done');
    expect([w.partsCost, w.laborCost, w.otherCost, w.total]).toEqual([20, 60, 5, 85]);
    expect(w.serviceEntryId).not.toBeNull();
    const machine = (await call(t.app, owner.cookie, 'GET', `/api/equipment/${m.id}`)).json();
    expect(machine.status.serviceStatus).toBe('good');
    expect(machine.lastServiceUsage).toBe(400);
    const [entry] = await t.deps.systemDb
      .select()
      .from(equipmentNote)
      .where(eq(equipmentNote.id, w.serviceEntryId!));
    expect(entry?.kind).toBe('service');
    expect(entry?.cost).toBe(85);
    expect(entry?.parts).toEqual([{ part: 'Oil filter', partNumber: p.partNumber, qty: 2 }]);
    expect(await historyKinds(owner.companyId, m.id)).toContain('work_order');
  });

  it('a failure after the stock move leaves nothing behind', async () => {
    const owner = await signupOwner(t.app);
    const m = await overdueMachine(owner);
    const a = await newPart(owner, { onHand: 4 });
    const b = await newPart(owner, { name: 'Belt', onHand: 1 });
    const wo = await newOrder(owner, m.id);
    const before = (await historyKinds(owner.companyId, m.id)).length;
    // The first part is drawn, the second cannot be: nothing is kept.
    const short = await post(owner.cookie, `/api/work-orders/${wo.id}/complete`, {
      parts: [
        { partId: a.id, quantity: 2 },
        { partId: b.id, quantity: 3 },
      ],
    });
    expect(short.statusCode).toBe(409);
    expect(short.json().key).toBe('workOrders.notEnoughStock');
    expect(short.json().message).toBe('Not enough Belt in stock: 1 each on hand, 3 asked for.');
    // The parts are drawn, then the service entry is refused (usage above the machine's).
    const above = await post(owner.cookie, `/api/work-orders/${wo.id}/complete`, {
      parts: [{ partId: a.id, quantity: 2 }],
      usage: 999_999,
    });
    expect(above.statusCode).toBe(400);
    expect(above.json().key).toBe('equipment.serviceUsageAbove');
    expect((await partOf(owner, a.id)).onHand).toBe(4);
    expect((await partOf(owner, b.id)).onHand).toBe(1);
    const moves = await t.deps.systemDb
      .select()
      .from(stockMove)
      .where(eq(stockMove.workOrderId, wo.id));
    expect(moves).toEqual([]);
    const w = await getOrder(owner.cookie, wo.id);
    expect([w.status, w.serviceEntryId, w.parts.length]).toEqual(['open', null, 0]);
    expect((await historyKinds(owner.companyId, m.id)).length).toBe(before);
    const machine = (await call(t.app, owner.cookie, 'GET', `/api/equipment/${m.id}`)).json();
    expect(machine.status.serviceStatus).toBe('overdue');
  });

  it('the same Idempotency-Key sent again (a phone retrying) completes once', async () => {
    const owner = await signupOwner(t.app);
    const m = await overdueMachine(owner);
    const p = await newPart(owner, { onHand: 5 });
    const wo = await newOrder(owner, m.id);
    const add = () =>
      post(
        owner.cookie,
        `/api/work-orders/${wo.id}/parts`,
        { partId: p.id, quantity: 1 },
        'k-part',
      );
    expect((await add()).statusCode).toBe(201);
    expect((await add()).statusCode).toBe(200);
    expect(
      (
        await post(
          owner.cookie,
          `/api/work-orders/${wo.id}/parts`,
          { partId: p.id, quantity: 2 },
          'k-part',
        )
      ).statusCode,
    ).toBe(422);
    expect((await partOf(owner, p.id)).onHand).toBe(4);
    const complete = () =>
      post(
        owner.cookie,
        `/api/work-orders/${wo.id}/complete`,
        { laborHours: 1, laborRate: 10 },
        'k-done',
      );
    expect((await complete()).statusCode).toBe(200);
    expect((await complete()).statusCode).toBe(200);
    const kinds = await historyKinds(owner.companyId, m.id);
    expect(kinds.filter((k) => k === 'service')).toHaveLength(1);
    // Creating with a key is idempotent too.
    const body = { equipmentId: m.id, title: 'Tires', kind: 'repair' };
    const c1 = await post(owner.cookie, '/api/work-orders', body, 'k-new');
    const c2 = await post(owner.cookie, '/api/work-orders', body, 'k-new');
    expect([c1.statusCode, c2.statusCode]).toEqual([201, 200]);
    expect(c2.json().id).toBe(c1.json().id);
    expect(
      (await post(owner.cookie, '/api/work-orders', { ...body, title: 'Other' }, 'k-new'))
        .statusCode,
    ).toBe(422);
  });
});

describe('parts inventory', () => {
  it('stock moves only through received, used and adjusted moves, kept with who and when', async () => {
    const owner = await signupOwner(t.app);
    const p = await newPart(owner, { onHand: 2, reorderPoint: 2 });
    expect(p.low).toBe(true);
    const recv = await post(owner.cookie, `/api/parts/${p.id}/stock`, {
      change: 10,
      reason: 'received',
    });
    expect(recv.statusCode, recv.body).toBe(201);
    expect(recv.json().onHand).toBe(12);
    expect(recv.json().low).toBe(false);
    const noNote = await post(owner.cookie, `/api/parts/${p.id}/stock`, {
      change: -1,
      reason: 'adjusted',
    });
    expect(noNote.statusCode).toBe(400);
    expect(noNote.json().key).toBe('workOrders.adjustNote');
    const below = await post(owner.cookie, `/api/parts/${p.id}/stock`, {
      change: -13,
      reason: 'adjusted',
      note: 'count',
    });
    expect(below.statusCode).toBe(409);
    expect(below.json().key).toBe('workOrders.belowZero');
    const adj = await post(owner.cookie, `/api/parts/${p.id}/stock`, {
      change: -2,
      reason: 'adjusted',
      note: 'Broken in the shop',
    });
    expect(adj.json().onHand).toBe(10);
    const moves = (await call(t.app, owner.cookie, 'GET', `/api/parts/${p.id}/moves`)).json();
    expect(
      moves.moves.map((x: { change: number; reason: string }) => [x.reason, x.change]),
    ).toEqual([
      ['adjusted', -2],
      ['received', 10],
      ['received', 2],
    ]);
    expect(moves.moves.every((x: { by: string }) => x.by.length > 0)).toBe(true);
    const low = (await call(t.app, owner.cookie, 'GET', '/api/parts?low=1')).json();
    expect(low).toEqual([]);
  });

  it('two work orders drawing the last units at once: exactly one succeeds, on hand is 0', async () => {
    const owner = await signupOwner(t.app);
    const m = await overdueMachine(owner);
    const p = await newPart(owner, { onHand: 1 });
    const a = await newOrder(owner, m.id);
    const b = await newOrder(owner, m.id, { title: 'Other' });
    const results = await Promise.all([
      post(owner.cookie, `/api/work-orders/${a.id}/parts`, { partId: p.id, quantity: 1 }),
      post(owner.cookie, `/api/work-orders/${b.id}/parts`, { partId: p.id, quantity: 1 }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect((await partOf(owner, p.id)).onHand).toBe(0);
    const used = await t.deps.systemDb.select().from(stockMove).where(eq(stockMove.partId, p.id));
    expect(used.filter((x) => x.reason === 'used')).toHaveLength(1);
    // Completing both at once with the last unit each: one of them is refused.
    const q = await newPart(owner, { onHand: 1 });
    const c = await newOrder(owner, m.id, { kind: 'repair' });
    const d = await newOrder(owner, m.id, { kind: 'repair' });
    const done = await Promise.all(
      [c, d].map((w) =>
        post(owner.cookie, `/api/work-orders/${w.id}/complete`, {
          parts: [{ partId: q.id, quantity: 1 }],
        }),
      ),
    );
    expect(done.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect((await partOf(owner, q.id)).onHand).toBe(0);
  });
});

describe('technicians', () => {
  it('are added by owners and managers with an email and a password, and sign in', async () => {
    const owner = await signupOwner(t.app);
    const manager = await addSignedInUser(t.deps.systemDb, 'manager', owner.companyId);
    const email = `tech${Date.now()}@example.com`;
    const res = await call(t.app, manager.cookie, 'POST', '/api/technicians', {
      firstName: 'Tomás',
      lastName: 'Vega',
      email,
      password: DEFAULT_PASSWORD,
    });
    expect(res.statusCode, res.body).toBe(201);
    const list = (await call(t.app, owner.cookie, 'GET', '/api/technicians')).json();
    expect(list.map((u: { email: string }) => u.email)).toContain(email);
    const login = await call(t.app, null, 'POST', '/api/auth/login', {
      emailOrBusinessName: email,
      password: DEFAULT_PASSWORD,
    });
    expect(login.statusCode, login.body).toBe(200);
    const me = (await call(t.app, cookieFrom(login), 'GET', '/api/auth/user')).json();
    expect(me.role).toBe('technician');
  });

  it('the access matrix: a technician works on orders; cannot create them, see billing, the team or settings', async () => {
    const owner = await signupOwner(t.app);
    const m = await overdueMachine(owner);
    const p = await newPart(owner);
    const tech = await addSignedInUser(t.deps.systemDb, 'technician', owner.companyId, {
      firstName: 'Tomás',
    });
    const op = await addSignedInUser(t.deps.systemDb, 'operator', owner.companyId);
    const wo = await newOrder(owner, m.id, { assigneeId: tech.userId });
    const tc = tech.cookie;
    // Allowed.
    const mine = (
      await call(t.app, tc, 'GET', '/api/work-orders?view=mine')
    ).json() as WorkOrderDto[];
    expect(mine.map((w) => w.id)).toEqual([wo.id]);
    expect(await statusOf(t.app, tc, 'GET', '/api/parts')).toBe(200);
    expect(
      (await call(t.app, tc, 'PATCH', `/api/work-orders/${wo.id}`, { status: 'in_progress' }))
        .statusCode,
    ).toBe(200);
    const ticked = await call(t.app, tc, 'PATCH', `/api/work-orders/${wo.id}`, {
      tasks: wo.tasks.map((x) => ({ ...x, done: true })),
      notes: 'Filter was dirty',
    });
    expect(ticked.statusCode, ticked.body).toBe(200);
    expect(ticked.json().tasks.every((x: { done: boolean }) => x.done)).toBe(true);
    expect(
      (await post(tc, `/api/work-orders/${wo.id}/parts`, { partId: p.id, quantity: 1 })).statusCode,
    ).toBe(201);
    expect(
      (await post(tc, `/api/work-orders/${wo.id}/photos`, { key: 'ph1', data: JPEG })).statusCode,
    ).toBe(201);
    expect(
      (await post(tc, `/api/work-orders/${wo.id}/photos`, { key: 'ph1', data: JPEG })).statusCode,
    ).toBe(200);
    const done = await post(tc, `/api/work-orders/${wo.id}/complete`, {
      laborHours: 1,
      laborRate: 30,
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().photos).toHaveLength(1);
    const photo = await call(
      t.app,
      tc,
      'GET',
      `/api/work-orders/${wo.id}/photos/${done.json().photos[0].id}`,
    );
    expect(photo.headers['content-type']).toBe('image/jpeg');
    // A malformed photo id is not found (the declared params, issue 29).
    const badPhoto = await call(t.app, tc, 'GET', `/api/work-orders/${wo.id}/photos/not-a-uuid`);
    expect(badPhoto.json()).toEqual({
      code: 'not_found',
      key: 'common.notFound',
      message: 'Not found',
    });
    // Refused (403), before any lookup.
    const wo2 = await newOrder(owner, m.id);
    const title = await call(t.app, tc, 'PATCH', `/api/work-orders/${wo2.id}`, {
      title: 'Mine now',
    });
    expect(title.statusCode).toBe(403);
    expect(title.json().key).toBe('workOrders.technicianFields');
    for (const [method, url, body] of [
      ['POST', '/api/work-orders', { equipmentId: m.id, title: 'x', kind: 'other' }],
      ['POST', '/api/parts', { name: 'x', unit: 'each' }],
      ['POST', `/api/parts/${p.id}/stock`, { change: 1, reason: 'received' }],
      ['GET', `/api/parts/${p.id}/moves`, undefined],
      ['GET', '/api/costs', undefined],
      ['GET', '/api/subscription', undefined],
      ['GET', '/api/company/settings', undefined],
      ['GET', '/api/company-settings', undefined],
      ['GET', '/api/managers', undefined],
      ['GET', '/api/employees', undefined],
      ['GET', '/api/technicians', undefined],
      [
        'POST',
        '/api/technicians',
        { firstName: 'a', lastName: 'b', email: 'x@y.z', password: DEFAULT_PASSWORD },
      ],
      ['GET', '/api/equipment', undefined],
      ['GET', '/api/dashboard/overview', undefined],
      ['POST', '/api/create-checkout-session', { tier: 'basic' }],
    ] as const)
      expect((await call(t.app, tc, method, url, body)).statusCode, `${method} ${url}`).toBe(403);
    // Operators reach nothing of it; signed out: 401.
    for (const url of [
      '/api/work-orders',
      '/api/parts',
      '/api/costs',
      `/api/work-orders/${wo2.id}`,
    ])
      expect((await call(t.app, op.cookie, 'GET', url)).statusCode, url).toBe(403);
    expect((await post(op.cookie, `/api/work-orders/${wo2.id}/complete`, {})).statusCode).toBe(403);
    expect(await statusOf(t.app, null, 'GET', '/api/work-orders')).toBe(401);
    // A technician of another company: 404 on this company's order.
    const stranger = await signupOwner(t.app);
    const st = await addSignedInUser(t.deps.systemDb, 'technician', stranger.companyId);
    expect(await statusOf(t.app, st.cookie, 'GET', `/api/work-orders/${wo2.id}`)).toBe(404);
    expect((await post(st.cookie, `/api/work-orders/${wo2.id}/complete`, {})).statusCode).toBe(404);
  });
});

describe('costs', () => {
  it('per month (parts, labour, other) add up to the completed orders and the service entries', async () => {
    const owner = await signupOwner(t.app);
    const m = await overdueMachine(owner);
    const n = await createEquipmentViaApi(t.app, owner.cookie, { currentUsage: 50 });
    const p = await newPart(owner, { unitCost: 7.25, onHand: 100 });
    const start = new Date();
    t.clock.set(new Date(start.getTime() - 62 * 86_400_000));
    const expected: number[] = [];
    try {
      for (const [i, days] of [0, 1, 31, 62].entries()) {
        t.clock.set(new Date(start.getTime() - (62 - days) * 86_400_000));
        const w = await newOrder(owner, i % 2 ? n.id : m.id, {
          kind: i === 3 ? 'service' : 'repair',
        });
        await post(owner.cookie, `/api/work-orders/${w.id}/parts`, {
          partId: p.id,
          quantity: i + 1,
        });
        const done = await post(owner.cookie, `/api/work-orders/${w.id}/complete`, {
          laborHours: 0.5 * (i + 1),
          laborRate: 33.33,
          otherCost: i,
        });
        expect(done.statusCode, done.body).toBe(200);
        expected.push(done.json().total);
      }
      // A Mark as Serviced entry with a cost, without a work order: counted as other.
      const s = await call(t.app, owner.cookie, 'PATCH', `/api/equipment/${n.id}/reset-service`, {
        cost: 100,
      });
      expect(s.statusCode, s.body).toBe(200);
    } finally {
      t.clock.reset();
    }
    // 50 hours of use seen by the record: the cost per hour is over them.
    const used = await call(t.app, owner.cookie, 'PATCH', `/api/equipment/${m.id}/usage`, {
      usageIncrease: 50,
    });
    expect(used.statusCode, used.body).toBe(200);
    const res = await call(t.app, owner.cookie, 'GET', '/api/costs?months=6');
    expect(res.statusCode, res.body).toBe(200);
    const c = costsDtoSchema.parse(res.json());
    expect(c.months).toHaveLength(6);
    const sum = (k: 'parts' | 'labor' | 'other' | 'total') =>
      Math.round(c.months.reduce((s, x) => s + x[k], 0) * 100) / 100;
    const total = Math.round((expected.reduce((a, b) => a + b, 0) + 100) * 100) / 100;
    expect(sum('total')).toBe(total);
    expect(c.totals.total).toBe(total);
    expect(sum('parts')).toBe(Math.round(7.25 * (1 + 2 + 3 + 4) * 100) / 100);
    expect(Math.round((sum('parts') + sum('labor') + sum('other')) * 100) / 100).toBe(total);
    for (const x of c.months)
      expect(Math.round((x.parts + x.labor + x.other) * 100) / 100).toBe(x.total);
    expect(c.machines.map((x) => x.total).reduce((a, b) => a + b, 0)).toBeCloseTo(total, 2);
    const mm = c.machines.find((x) => x.equipmentId === m.id)!;
    // Per hour of the usage the record has seen (domain/costs.ts), as the machine page says it.
    const page = (await call(t.app, owner.cookie, 'GET', `/api/equipment/${m.id}/page`)).json<{
      figures: { usageTracked: number };
    }>();
    expect(mm.usage).toBe(page.figures.usageTracked);
    expect(mm.usage).toBe(50);
    expect(mm.costPerUnit).toBe(Math.round((mm.total / mm.usage) * 10_000) / 10_000);
    // One machine only.
    const one = costsDtoSchema.parse(
      (await call(t.app, owner.cookie, 'GET', `/api/costs?equipmentId=${m.id}`)).json(),
    );
    expect(one.totals.total).toBe(mm.total);
  });
});

describe('service parts linked to catalogue parts', () => {
  it('a machine’s service parts point at catalogue parts; a work order for its service proposes them; another company’s part is not found', async () => {
    const owner = await signupOwner(t.app);
    // Named differently on the shelf than on the machine: only the link finds it.
    const filter = await newPart(owner, {
      name: 'Filter, oil 10µ',
      partNumber: 'CAT-77',
      onHand: 3,
    });
    const grease = await newPart(owner, { name: 'Grease', partNumber: 'GR-1', onHand: 5 });
    const m = await createEquipmentViaApi(t.app, owner.cookie, {
      currentUsage: 400,
      serviceInterval: 250,
      lastServiceUsage: 100,
      serviceParts: [
        { part: 'Oil filter', partNumber: 'OF-1', qty: 2, partId: filter.id },
        { part: 'Grease', qty: 1, partId: '' },
        { part: 'Wiper blade', qty: 1 },
      ],
    });
    expect(m.serviceParts).toEqual([
      { part: 'Oil filter', partNumber: 'OF-1', qty: 2, partId: filter.id },
      { part: 'Grease', partNumber: null, qty: 1 },
      { part: 'Wiper blade', partNumber: null, qty: 1 },
    ]);
    const proposal = (
      await call(t.app, owner.cookie, 'GET', `/api/work-orders/proposal/${m.id}`)
    ).json<{ tasks: string[]; parts: { partId: string; name: string; quantity: number }[] }>();
    expect(proposal.tasks).toEqual(['Oil filter × 2', 'Grease × 1', 'Wiper blade × 1']);
    // The linked one by its id; the unlinked "Grease" still by its name (lists written before links).
    expect(proposal.parts.map((p) => [p.partId, p.name, p.quantity])).toEqual([
      [filter.id, 'Filter, oil 10µ', 2],
      [grease.id, 'Grease', 1],
    ]);

    // Editing the machine keeps the link; a part of another company, or none, is refused.
    const other = await signupOwner(t.app);
    const foreign = await newPart(other, { name: 'Oil filter', partNumber: 'OF-1' });
    for (const partId of [foreign.id, '00000000-0000-4000-8000-000000000000']) {
      const res = await call(t.app, owner.cookie, 'PATCH', `/api/equipment/${m.id}`, {
        serviceParts: [{ part: 'Oil filter', qty: 1, partId }],
      });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ key: 'workOrders.partNotFound' });
    }
    const bad = await call(t.app, owner.cookie, 'PATCH', `/api/equipment/${m.id}`, {
      serviceParts: [{ part: 'Oil filter', qty: 1, partId: 'not-an-id' }],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ key: 'equipment.partNotInCatalogue' });
    const after = (await call(t.app, owner.cookie, 'GET', `/api/equipment/${m.id}`)).json<{
      serviceParts: unknown[];
    }>();
    expect(after.serviceParts[0]).toMatchObject({ partId: filter.id });
    const created = await call(t.app, other.cookie, 'POST', '/api/equipment', {
      name: 'Borrowed link',
      type: 'machinery',
      unit: 'hours',
      serviceParts: [{ part: 'Oil filter', qty: 1, partId: filter.id }],
    });
    expect(created.statusCode).toBe(404);
  });
});

describe('work orders in the machine’s timeline', () => {
  it('are entries of their own type (badge) and kind (filter), told in the reader’s language', async () => {
    const owner = await signupOwner(t.app);
    const m = await overdueMachine(owner);
    const w = await newOrder(owner, m.id, { title: 'Fix the seat', kind: 'repair' });
    const moved = await call(t.app, owner.cookie, 'PATCH', `/api/work-orders/${w.id}`, {
      status: 'in_progress',
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const page = async (lang: string) =>
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/equipment/${m.id}/history?kind=work_order&limit=20`,
          headers: { cookie: owner.cookie, 'accept-language': lang },
        })
      ).json<{ entries: { kind: string; noteType: string; content: string }[] }>();
    const en = await page('en');
    expect(en.entries.map((e) => [e.kind, e.noteType])).toEqual([
      ['work_order', 'work_order'],
      ['work_order', 'work_order'],
    ]);
    expect(en.entries[0]!.content).toBe('Work order #1 in progress: Fix the seat');
    expect((await page('es')).entries[1]!.content).toBe(
      'Orden de trabajo n.º 1 abierta: Fix the seat',
    );
    // The whole timeline has them beside the machine's other entries.
    const all = (
      await call(t.app, owner.cookie, 'GET', `/api/equipment/${m.id}/history?limit=20`)
    ).json<{ entries: { noteType: string }[] }>();
    expect(all.entries.filter((e) => e.noteType === 'work_order')).toHaveLength(2);
    expect(all.entries.some((e) => e.noteType !== 'work_order')).toBe(true);
  });
});
