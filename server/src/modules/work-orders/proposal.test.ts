import { describe, expect, it } from 'vitest';
import { defectDtoSchema } from '@domain/schemas/inspections';
import { workOrderDtoSchema, type WorkOrderProposal } from '@domain/schemas/work-orders';
import { useTestApp } from '../../test/helpers';
import {
  call,
  createEquipmentViaApi,
  JPEG,
  type SignedIn,
  signInOperatorViaApi,
  signupOwner,
  statusOf,
} from '../../test/factories';

/**
 * What a new work order starts from (issue 43, defect 5): from a machine, its service parts; from a
 * defect, the defect's item, the operator's words and its photo, not the machine's service parts.
 * HTTP-level on PGlite and (TEST_DB=postgres) PostgreSQL.
 */
const t = useTestApp();

async function setUp() {
  const owner = await signupOwner(t.app);
  const op = await signInOperatorViaApi(t.app, owner);
  const m = await createEquipmentViaApi(t.app, owner.cookie, {
    name: 'CAT 320',
    currentUsage: 240,
    serviceInterval: 250,
    lastServiceUsage: 0,
    serviceParts: [{ part: 'Engine oil filter', qty: 1 }],
  });
  return { owner, op, m };
}

async function reportProblem(op: string, equipmentId: string, problem: string, key: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/problem-reports',
    headers: { cookie: op, 'idempotency-key': key },
    payload: { equipmentId, problem },
  });
  expect(res.statusCode, res.body).toBeLessThan(300);
}

const defectsOf = async (owner: SignedIn) =>
  defectDtoSchema.array().parse((await call(t.app, owner.cookie, 'GET', '/api/defects')).json());

const proposal = (owner: SignedIn, equipmentId: string, defectId?: string) =>
  call(
    t.app,
    owner.cookie,
    'GET',
    `/api/work-orders/proposal/${equipmentId}${defectId ? `?defectId=${defectId}` : ''}`,
  );

/** POST /api/work-orders of a repair made from a defect (as the form sends it): one task, `task`. */
const repairFrom = (
  owner: SignedIn,
  equipmentId: string,
  defectId: string,
  title: string,
  task: string,
) =>
  call(t.app, owner.cookie, 'POST', '/api/work-orders', {
    equipmentId,
    title,
    kind: 'repair',
    tasks: [{ label: task }],
    defectId,
  });

describe('a new work order from a defect', () => {
  it('proposes the defect’s item as its task and the operator’s words and photo, not the machine’s service parts', async () => {
    const { owner, op, m } = await setUp();
    await reportProblem(op, m.id, 'Hydraulic leak at the boom', 'leak');
    const photo = await call(t.app, op, 'POST', '/api/problem-reports/photo', {
      reportKey: 'leak',
      data: JPEG,
    });
    expect(photo.statusCode, photo.body).toBeLessThan(300);
    const [d] = await defectsOf(owner);

    // From the machine alone: its service parts.
    const service = await proposal(owner, m.id);
    expect(service.statusCode).toBe(200);
    expect(service.json<WorkOrderProposal>()).toMatchObject({
      title: 'CAT 320',
      tasks: ['Engine oil filter × 1'],
      defect: null,
    });

    // From the defect: its item and words, a photo, no service parts.
    const res = await proposal(owner, m.id, d!.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<WorkOrderProposal>()).toEqual({
      equipmentId: m.id,
      title: 'CAT 320',
      tasks: ['Hydraulic leak at the boom'],
      parts: [],
      defect: {
        id: d!.id,
        item: 'Hydraulic leak at the boom',
        said: 'Hydraulic leak at the boom',
        hasPhoto: true,
      },
    });

    // The order made from it carries the words and the photo (the form sends what it proposed).
    const created = await repairFrom(
      owner,
      m.id,
      d!.id,
      'Repair: Hydraulic leak at the boom (CAT 320)',
      'Hydraulic leak at the boom',
    );
    expect(created.statusCode, created.body).toBe(201);
    const w = workOrderDtoSchema.parse(created.json());
    expect(w.tasks.map((x) => x.label)).toEqual(['Hydraulic leak at the boom']);
    expect(w.notes).toBe('Hydraulic leak at the boom');
    expect(w.photos).toHaveLength(1);
  });

  it('refuses a defect of another machine (400), a resolved one (409), a bad id (400); operators are refused (403)', async () => {
    const { owner, op, m } = await setUp();
    const other = await createEquipmentViaApi(t.app, owner.cookie, { name: 'Loader 2' });
    await reportProblem(op, m.id, 'Cracked mirror', 'mirror');
    const [d] = await defectsOf(owner);

    const wrongMachine = await proposal(owner, other.id, d!.id);
    expect(wrongMachine.statusCode).toBe(400);
    expect(wrongMachine.json()).toMatchObject({ key: 'workOrders.defectOtherMachine' });

    const bad = await call(
      t.app,
      owner.cookie,
      'GET',
      `/api/work-orders/proposal/${m.id}?defectId=not-a-uuid`,
    );
    expect(bad.statusCode).toBe(400);

    expect(await statusOf(t.app, op, 'GET', `/api/work-orders/proposal/${m.id}`)).toBe(403);

    const resolved = await call(t.app, owner.cookie, 'POST', `/api/defects/${d!.id}/resolve`, {
      note: 'Replaced',
    });
    expect(resolved.statusCode, resolved.body).toBeLessThan(300);
    const gone = await proposal(owner, m.id, d!.id);
    expect(gone.statusCode).toBe(409);
    expect(gone.json()).toMatchObject({ key: 'inspections.defectResolved' });
  });

  it('answers 404 for another company’s defect, on the proposal and on a new order (never 409)', async () => {
    const mine = await setUp();
    const theirs = await setUp();
    await reportProblem(theirs.op, theirs.m.id, 'Their cracked mirror', 'their-mirror');
    const [their] = await defectsOf(theirs.owner);

    const seen = await proposal(mine.owner, mine.m.id, their!.id);
    expect(seen.statusCode, seen.body).toBe(404);
    expect(seen.json()).toMatchObject({ key: 'inspections.defectNotFound' });

    const made = await repairFrom(
      mine.owner,
      mine.m.id,
      their!.id,
      'Repair: their mirror',
      'Mirror',
    );
    expect(made.statusCode, made.body).toBe(404);
    expect(made.json()).toMatchObject({ key: 'inspections.defectNotFound' });

    // Their defect is untouched and still open to them.
    const still = await proposal(theirs.owner, theirs.m.id, their!.id);
    expect(still.statusCode, still.body).toBe(200);
  });

  it('still answers 409 on a new order from a resolved defect of this company', async () => {
    const { owner, op, m } = await setUp();
    await reportProblem(op, m.id, 'Loose step', 'step');
    const [d] = await defectsOf(owner);
    const resolved = await call(t.app, owner.cookie, 'POST', `/api/defects/${d!.id}/resolve`, {
      note: 'Tightened',
    });
    expect(resolved.statusCode, resolved.body).toBeLessThan(300);
    const made = await repairFrom(owner, m.id, d!.id, 'Repair: step', 'Step');
    expect(made.statusCode, made.body).toBe(409);
    expect(made.json()).toMatchObject({ key: 'inspections.defectResolved' });
  });
});
