import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { defectDtoSchema, problemReportResponse } from '@domain/schemas/inspections';
import { workOrderDtoSchema } from '@domain/schemas/work-orders';
import { equipmentNote, inspectionDefect } from '../../db/schema/index';
import { useTestApp } from '../../test/helpers';
import {
  addSignedInUser,
  call,
  JPEG,
  createEquipmentViaApi,
  signInAgain,
  signInOperatorViaApi,
  signupOwner,
  type SignedIn,
} from '../../test/factories';

/** "Report a problem" from the operator's phone (issue 27): a defect without a checklist. */

const t = useTestApp();

const OTHER_JPEG = Buffer.from([
  0xff, 0xd8, 0xff, 0xe1, 0, 16, 0x45, 0x78, 0x69, 0x66, 0, 0,
]).toString('base64');

function report(cookie: string, body: unknown, key?: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/problem-reports',
    headers: { cookie, ...(key ? { 'idempotency-key': key } : {}) },
    payload: body as object,
  });
}

async function ownerOperatorMachine() {
  const owner = await signupOwner(t.app);
  const op = await signInOperatorViaApi(t.app, owner);
  const m = await createEquipmentViaApi(t.app, owner.cookie, { name: 'Excavator 7' });
  return { owner, op, m };
}

const defectsOf = async (owner: SignedIn) =>
  defectDtoSchema.array().parse((await call(t.app, owner.cookie, 'GET', '/api/defects')).json());

describe('report a problem', () => {
  it('opens a defect the manager sees, with the operator as reporter and a defect_opened entry', async () => {
    const { owner, op, m } = await ownerOperatorMachine();
    const res = await report(
      op,
      { equipmentId: m.id, problem: '  Hydraulic hose leaking  ' },
      'k1',
    );
    expect(res.statusCode, res.body).toBe(201);
    const body = problemReportResponse.parse(res.json());
    expect(body).toMatchObject({
      equipmentId: m.id,
      equipmentName: 'Excavator 7',
      problem: 'Hydraulic hose leaking',
    });

    const [d] = await defectsOf(owner);
    expect(d).toMatchObject({
      id: body.id,
      equipmentId: m.id,
      itemLabel: 'Hydraulic hose leaking',
      reported: true,
      inspectionId: null,
      templateName: '',
      operatorName: 'Ana Ruiz',
      critical: false,
      hasPhoto: false,
      resolvedAt: null,
    });

    const entries = await t.deps.systemDb
      .select({ kind: equipmentNote.kind, params: equipmentNote.params })
      .from(equipmentNote)
      .where(
        and(eq(equipmentNote.companyId, owner.companyId), eq(equipmentNote.equipmentId, m.id)),
      );
    expect(entries.filter((e) => e.kind === 'defect_opened')).toEqual([
      {
        kind: 'defect_opened',
        params: { item: 'Hydraulic hose leaking', critical: false, reported: true },
      },
    ]);
    // The machine's own timeline tells it in the reader's language.
    const history = await t.app.inject({
      method: 'GET',
      url: `/api/equipment/${m.id}/history?kind=defect_opened`,
      headers: { cookie: owner.cookie, 'accept-language': 'es' },
    });
    expect(history.body).toContain('Problema reportado: Hydraulic hose leaking');
  });

  it('the same report sent twice is recorded once; another report under the same key is refused', async () => {
    const { owner, op, m } = await ownerOperatorMachine();
    const body = { equipmentId: m.id, problem: 'Seat belt torn' };
    const first = await report(op, body, 'same-key');
    const again = await report(op, body, 'same-key');
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(200);
    expect(again.json<{ id: string }>().id).toBe(first.json<{ id: string }>().id);
    // Sent at once from two tabs: still one.
    const both = await Promise.all([report(op, body, 'race'), report(op, body, 'race')]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 201]);
    const rows = await t.deps.systemDb
      .select({ id: inspectionDefect.id })
      .from(inspectionDefect)
      .where(eq(inspectionDefect.companyId, owner.companyId));
    expect(rows).toHaveLength(2);
    const other = await report(op, { ...body, problem: 'Mirror broken' }, 'same-key');
    expect(other.statusCode).toBe(422);
    expect(other.json()).toMatchObject({ key: 'common.idempotencyKeyReused' });
    expect(await defectsOf(owner)).toHaveLength(2);
  });

  it('validates with messages by key, and another company’s machine is not found', async () => {
    const { op, m } = await ownerOperatorMachine();
    const empty = await report(op, { equipmentId: m.id, problem: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({
      key: 'inspections.problemRequired',
      fieldErrors: { problem: 'Say what is wrong.' },
    });
    const long = await report(op, { equipmentId: m.id, problem: 'x'.repeat(501) });
    expect(long.statusCode).toBe(400);
    expect(long.json()).toMatchObject({ key: 'inspections.problemMax' });
    const control = await report(op, { equipmentId: m.id, problem: 'bad\u0000' });
    expect(control.statusCode).toBe(400);
    const foreign = await ownerOperatorMachine();
    const res = await report(op, { equipmentId: foreign.m.id, problem: 'Flat tyre' });
    expect(res.statusCode).toBe(404);
    expect(await defectsOf(foreign.owner)).toHaveLength(0);
  });

  it('is for operators only: owners, managers and technicians are refused, signed out is 401', async () => {
    const { owner, m } = await ownerOperatorMachine();
    const body = { equipmentId: m.id, problem: 'Horn dead' };
    const manager = await addSignedInUser(t.deps.systemDb, 'manager', owner.companyId);
    const tech = await addSignedInUser(t.deps.systemDb, 'technician', owner.companyId);
    for (const cookie of [owner.cookie, manager.cookie, tech.cookie])
      expect((await report(cookie, body)).statusCode).toBe(403);
    const out = await t.app.inject({ method: 'POST', url: '/api/problem-reports', payload: body });
    expect(out.statusCode).toBe(401);
    expect(await defectsOf(owner)).toHaveLength(0);
  });

  it('follows the entitlement rule: a company whose trial ended cannot report', async () => {
    const { owner, m } = await ownerOperatorMachine();
    t.clock.advanceDays(15);
    try {
      const op = await addSignedInUser(t.deps.systemDb, 'operator', owner.companyId, {
        now: t.deps.now(),
      });
      const res = await report(op.cookie, { equipmentId: m.id, problem: 'Brakes soft' });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ code: 'not_entitled' });
      const again = { ...owner, cookie: await signInAgain(t.app, owner) };
      expect(await defectsOf(again)).toHaveLength(0);
    } finally {
      t.clock.reset();
    }
  });

  it('takes a photo sent after it, once; only the operator who reported it', async () => {
    const { owner, op, m } = await ownerOperatorMachine();
    await report(op, { equipmentId: m.id, problem: 'Cracked window' }, 'with-photo');
    const send = (cookie: string, data: string, reportKey = 'with-photo') =>
      call(t.app, cookie, 'POST', '/api/problem-reports/photo', { reportKey, data });
    expect((await send(op, JPEG)).statusCode).toBe(201);
    expect((await send(op, JPEG)).statusCode).toBe(200); // sent again by the outbox: a no-op
    const other = await send(op, OTHER_JPEG);
    expect(other.statusCode).toBe(422);
    const unknown = await send(op, JPEG, 'no-such-report');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ key: 'inspections.reportPhoto' });
    const colleague = await addSignedInUser(t.deps.systemDb, 'operator', owner.companyId);
    expect((await send(colleague.cookie, JPEG)).statusCode).toBe(400);

    const [d] = await defectsOf(owner);
    expect(d?.hasPhoto).toBe(true);
    const photo = await call(t.app, owner.cookie, 'GET', `/api/defects/${d!.id}/photo`);
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['content-type']).toBe('image/jpeg');
    expect(photo.rawPayload.toString('base64')).toBe(JPEG);
  });

  it('the manager turns it into a work order: the operator’s words and photo carry over; completing it resolves the defect', async () => {
    const { owner, op, m } = await ownerOperatorMachine();
    await report(op, { equipmentId: m.id, problem: 'Track tension low' }, 'to-order');
    await call(t.app, op, 'POST', '/api/problem-reports/photo', {
      reportKey: 'to-order',
      data: JPEG,
    });
    const [d] = await defectsOf(owner);
    const created = await call(t.app, owner.cookie, 'POST', '/api/work-orders', {
      equipmentId: m.id,
      title: 'Adjust the tracks',
      kind: 'repair',
      defectId: d!.id,
    });
    expect(created.statusCode, created.body).toBe(201);
    const w = workOrderDtoSchema.parse(created.json());
    expect(w.defectId).toBe(d!.id);
    expect(w.notes).toBe('Track tension low');
    expect(w.photos).toHaveLength(1);
    const photo = await call(
      t.app,
      owner.cookie,
      'GET',
      `/api/work-orders/${w.id}/photos/${w.photos[0]!.id}`,
    );
    expect(photo.statusCode).toBe(200);
    expect(photo.rawPayload.toString('base64')).toBe(JPEG);

    const done = await call(t.app, owner.cookie, 'POST', `/api/work-orders/${w.id}/complete`, {
      notes: 'Tensioned',
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(await defectsOf(owner)).toHaveLength(0);
  });
});
