import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { starterTemplate } from '@domain/inspection-starters';
import {
  defectDtoSchema,
  inspectionReportSchema,
  inspectionsSummarySchema,
  machineChecklistsSchema,
  submitInspectionResponse,
  templateDtoSchema,
  type TemplateDto,
} from '@domain/schemas/inspections';
import {
  equipment,
  equipmentNote,
  inspection,
  inspectionDefect,
  operatorUpdate,
} from '../../db/schema/index';
import { useTestApp } from '../../test/helpers';
import {
  addSignedInUser,
  call,
  callOk,
  JPEG,
  createEquipmentViaApi,
  signupOwner,
  type SignedIn,
  signInOperatorViaApi,
} from '../../test/factories';

const t = useTestApp();

// The smallest JPEG signature the server accepts (the type is sniffed from the bytes).

const signInOperator = (owner: SignedIn) => signInOperatorViaApi(t.app, owner);

const template = (over: Record<string, unknown> = {}) => ({
  name: 'Daily truck check',
  equipmentTypes: ['vehicle'],
  daily: true,
  items: [
    { id: 'brakes', label: 'Brakes', kind: 'passFail', required: true, critical: true },
    { id: 'tires', label: 'Tires', kind: 'passFail', required: true, critical: false },
    { id: 'pressure', label: 'Tire pressure', kind: 'number', unit: 'psi', required: false },
    { id: 'notes', label: 'Comments', kind: 'text', required: false },
  ],
  ...over,
});

async function makeTemplate(owner: SignedIn, over: Record<string, unknown> = {}) {
  const res = await call(t.app, owner.cookie, 'POST', '/api/inspection-templates', template(over));
  expect(res.statusCode, res.body).toBe(201);
  return templateDtoSchema.parse(res.json());
}

function submit(cookie: string, body: unknown, key?: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/inspections',
    headers: { cookie, ...(key ? { 'idempotency-key': key } : {}) },
    payload: body as object,
  });
}

/** An owner, one of their operators signed in, and a truck at 1,000 miles. */
async function truckAt1000Miles() {
  const owner = await signupOwner(t.app);
  const op = await signInOperator(owner);
  const truck = await createEquipmentViaApi(t.app, owner.cookie, {
    type: 'vehicle',
    unit: 'miles',
    currentUsage: 1000,
  });
  return { owner, op, truck };
}

const answers = (tires: 'pass' | 'fail', brakes: 'pass' | 'fail' = 'pass') => [
  { itemId: 'brakes', result: brakes, ...(brakes === 'fail' ? { note: 'Soft pedal' } : {}) },
  { itemId: 'tires', result: tires, ...(tires === 'fail' ? { note: 'Cut in the sidewall' } : {}) },
  { itemId: 'pressure', number: 32 },
];

describe('checklist templates', () => {
  it('validates with clear messages by key', async () => {
    const owner = await signupOwner(t.app);
    const cases: [Record<string, unknown>, string][] = [
      [{ name: '' }, 'inspections.templateNameRequired'],
      [{ items: [] }, 'inspections.itemsRequired'],
      [{ equipmentTypes: [], equipmentIds: [] }, 'inspections.appliesToRequired'],
      [{ items: [{ id: 'a', label: '', kind: 'passFail' }] }, 'inspections.itemLabelRequired'],
      [{ items: [{ id: 'a', label: 'Oil', kind: 'number' }] }, 'inspections.itemUnitRequired'],
      [{ items: [{ id: 'a', label: 'Oil', kind: 'colour' }] }, 'inspections.itemKind'],
    ];
    for (const [over, key] of cases) {
      const res = await call(
        t.app,
        owner.cookie,
        'POST',
        '/api/inspection-templates',
        template(over),
      );
      expect(res.statusCode, JSON.stringify(over)).toBe(400);
      expect(res.json<{ key: string }>().key, JSON.stringify(over)).toBe(key);
    }
    // The whole error contract, as when the route parsed its body by hand (issue 29).
    const empty = await call(t.app, owner.cookie, 'POST', '/api/inspection-templates', {
      ...template(),
      name: '',
    });
    expect(empty.json()).toEqual({
      code: 'validation',
      key: 'inspections.templateNameRequired',
      message: 'Enter a name for the checklist.',
      params: { field: 'name', min: 1 },
      fieldErrors: { name: 'Enter a name for the checklist.' },
    });
  });

  it('creates, edits, lists and archives; copies ready-made checklists in English and Spanish', async () => {
    const owner = await signupOwner(t.app);
    const created = await makeTemplate(owner);
    expect(created.items).toHaveLength(4);
    // A pass/fail item only may be critical; a number keeps its unit.
    expect(created.items.find((i) => i.id === 'pressure')).toMatchObject({
      unit: 'psi',
      critical: false,
    });
    const edited = await call(
      t.app,
      owner.cookie,
      'PUT',
      `/api/inspection-templates/${created.id}`,
      {
        ...template({ name: 'Truck check' }),
      },
    );
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json<TemplateDto>().name).toBe('Truck check');

    const es = await call(t.app, owner.cookie, 'POST', '/api/inspection-templates/starters', {
      starter: 'machinery',
      language: 'es',
    });
    expect(es.statusCode, es.body).toBe(201);
    expect(es.json<TemplateDto>()).toMatchObject({
      name: 'Inspección diaria de maquinaria',
      equipmentTypes: ['machinery'],
      starter: 'machinery',
    });
    const en = await call(t.app, owner.cookie, 'POST', '/api/inspection-templates/starters', {
      starter: 'vehicle',
    });
    expect(en.json<TemplateDto>().items[0]?.label).toBe('Brakes');
    const bad = await call(t.app, owner.cookie, 'POST', '/api/inspection-templates/starters', {
      starter: 'boats',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ key: string }>().key).toBe('inspections.starterUnknown');

    // Ready-made texts nobody edited are read in the reader's language; the company's own as written.
    const list = await call(t.app, owner.cookie, 'GET', '/api/inspection-templates');
    expect(
      list
        .json<TemplateDto[]>()
        .map((x) => x.name)
        .sort(),
    ).toEqual(['Machine daily inspection', 'Truck check', 'Vehicle pre-trip inspection'].sort());
    const listEs = await t.app.inject({
      method: 'GET',
      url: '/api/inspection-templates',
      headers: { cookie: owner.cookie, 'accept-language': 'es' },
    });
    expect(
      listEs
        .json<TemplateDto[]>()
        .map((x) => x.name)
        .sort(),
    ).toEqual(
      [
        'Inspección diaria de maquinaria',
        'Truck check',
        'Inspección de vehículo antes del viaje',
      ].sort(),
    );
    const del = await call(
      t.app,
      owner.cookie,
      'DELETE',
      `/api/inspection-templates/${created.id}`,
    );
    expect(del.statusCode).toBe(200);
    const after = await call(t.app, owner.cookie, 'GET', '/api/inspection-templates');
    expect(after.json<TemplateDto[]>()).toHaveLength(2);
  });

  it('operators cannot list or edit templates; managers can', async () => {
    const owner = await signupOwner(t.app);
    const op = await signInOperator(owner);
    const tpl = await makeTemplate(owner);
    for (const [method, url, body] of [
      ['GET', '/api/inspection-templates', undefined],
      ['POST', '/api/inspection-templates', template()],
      ['PUT', `/api/inspection-templates/${tpl.id}`, template()],
      ['DELETE', `/api/inspection-templates/${tpl.id}`, undefined],
      ['POST', '/api/inspection-templates/starters', { starter: 'tools' }],
      ['GET', '/api/defects', undefined],
      ['GET', '/api/inspections', undefined],
    ] as const) {
      const res = await call(t.app, op, method, url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
    }
    const manager = await addSignedInUser(t.deps.systemDb, 'manager', owner.companyId);
    const res = await call(t.app, manager.cookie, 'POST', '/api/inspection-templates', template());
    expect(res.statusCode).toBe(201);
  });
});

describe('inspections from the operator screen', () => {
  it('offers the checklists that apply by type or by machine', async () => {
    const owner = await signupOwner(t.app);
    const op = await signInOperator(owner);
    const truck = await createEquipmentViaApi(t.app, owner.cookie, {
      type: 'vehicle',
      unit: 'miles',
    });
    const drill = await createEquipmentViaApi(t.app, owner.cookie, { type: 'tools', unit: 'n/a' });
    const loader = await createEquipmentViaApi(t.app, owner.cookie, { type: 'machinery' });
    const byType = await makeTemplate(owner);
    const byMachine = await makeTemplate(owner, {
      name: 'Drill 7 check',
      equipmentTypes: [],
      equipmentIds: [drill.id],
    });
    const of = async (id: string) => {
      const res = await call(t.app, op, 'GET', `/api/field/machines/${id}/checklists`);
      expect(res.statusCode, res.body).toBe(200);
      return machineChecklistsSchema.parse(res.json()).templates.map((x) => x.id);
    };
    expect(await of(truck.id)).toEqual([byType.id]);
    // A ready-made checklist copied in English reaches a Spanish phone in Spanish, except what the
    // company edited (issue 26 item 5).
    const copied = (
      await call(t.app, owner.cookie, 'POST', '/api/inspection-templates/starters', {
        starter: 'machinery',
        language: 'en',
      })
    ).json<TemplateDto>();
    const edited = await call(
      t.app,
      owner.cookie,
      'PUT',
      `/api/inspection-templates/${copied.id}`,
      {
        name: copied.name,
        equipmentTypes: copied.equipmentTypes,
        equipmentIds: copied.equipmentIds,
        daily: copied.daily,
        items: copied.items.map((i, k) => (k === 1 ? { ...i, label: 'Bucket teeth (ours)' } : i)),
      },
    );
    expect(edited.statusCode, edited.body).toBe(200);
    const onPhone = await t.app.inject({
      method: 'GET',
      url: `/api/field/machines/${loader.id}/checklists`,
      headers: { cookie: op, 'accept-language': 'es-MX' },
    });
    const [checklist] = machineChecklistsSchema.parse(onPhone.json()).templates;
    expect(checklist?.name).toBe('Inspección diaria de maquinaria');
    expect(checklist?.items[0]?.label).not.toBe(copied.items[0]?.label);
    expect(checklist?.items[0]?.label).toBe(starterTemplate('machinery', 'es').items[0]?.label);
    expect(checklist?.items[1]?.label).toBe('Bucket teeth (ours)');
    await call(t.app, owner.cookie, 'DELETE', `/api/inspection-templates/${copied.id}`);
    expect(await of(drill.id)).toEqual([byMachine.id]);
    expect(await of(loader.id)).toEqual([]);
    // Not applicable: refused.
    const res = await submit(op, {
      equipmentId: loader.id,
      templateId: byType.id,
      answers: answers('pass'),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ key: string }>().key).toBe('inspections.notApplicable');
  });

  it('a failed required item becomes a defect with its note and photo, listed for the manager; recorded once per key', async () => {
    const { owner, op, truck } = await truckAt1000Miles();
    const tpl = await makeTemplate(owner);
    // A required item left unanswered is refused, naming it.
    const missing = await submit(op, {
      equipmentId: truck.id,
      templateId: tpl.id,
      answers: [{ itemId: 'brakes', result: 'pass' }],
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json<{ key: string; params: { label: string } }>()).toMatchObject({
      key: 'inspections.answerMissing',
      params: { label: 'Tires' },
    });

    const body = {
      equipmentId: truck.id,
      templateId: tpl.id,
      reading: 1040,
      answers: answers('fail'),
    };
    const first = await submit(op, body, 'insp-key-1');
    expect(first.statusCode, first.body).toBe(201);
    const sent = submitInspectionResponse.parse(first.json());
    expect(sent).toMatchObject({ defects: 1, outOfService: false });
    expect(sent.inspection.readingStatus).toBe('applied');
    // The outbox sends it again: the same inspection, nothing new.
    const again = await submit(op, body, 'insp-key-1');
    expect(again.statusCode).toBe(200);
    expect(submitInspectionResponse.parse(again.json()).inspection.id).toBe(sent.inspection.id);
    const rows = await t.deps.systemDb
      .select()
      .from(inspection)
      .where(eq(inspection.equipmentId, truck.id));
    expect(rows).toHaveLength(1);
    // The reading went through the usage update path: current usage moved once.
    const [m] = await t.deps.systemDb.select().from(equipment).where(eq(equipment.id, truck.id));
    expect(m?.currentUsage).toBe(1040);
    // The manager's list of readings names the checklist the reading was taken with.
    const readings = await call(t.app, owner.cookie, 'GET', '/api/operator-updates');
    expect(readings.statusCode, readings.body).toBe(200);
    expect(readings.json<{ newUsage: number; checklist: string | null }[]>()).toEqual([
      expect.objectContaining({ newUsage: 1040, checklist: 'Daily truck check' }),
    ]);

    // The photo of the failed item (twice: recorded once); a passed item has no defect to attach to.
    const photo = (itemId: string) =>
      call(t.app, op, 'POST', '/api/inspections/photos', {
        inspectionKey: 'insp-key-1',
        itemId,
        data: JPEG,
      });
    expect((await photo('tires')).statusCode).toBe(201);
    expect((await photo('tires')).statusCode).toBe(200);
    const wrong = await photo('brakes');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json<{ key: string }>().key).toBe('inspections.photoItem');

    const list = await call(t.app, owner.cookie, 'GET', '/api/defects');
    expect(list.statusCode, list.body).toBe(200);
    const defects = defectDtoSchema.array().parse(list.json());
    expect(defects).toHaveLength(1);
    expect(defects[0]).toMatchObject({
      equipmentName: truck.name,
      itemLabel: 'Tires',
      note: 'Cut in the sidewall',
      templateName: 'Daily truck check',
      hasPhoto: true,
      critical: false,
      resolvedAt: null,
    });
    const img = await call(t.app, owner.cookie, 'GET', `/api/defects/${defects[0]!.id}/photo`);
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/jpeg');

    // The history shows the inspection.
    const notes = await t.deps.systemDb
      .select()
      .from(equipmentNote)
      .where(eq(equipmentNote.equipmentId, truck.id));
    expect(notes.map((n) => n.type)).toContain('inspection');
  });

  it('the reading and the inspection are one write: when the inspection cannot be recorded, the reading is not either', async () => {
    const { owner, op, truck } = await truckAt1000Miles();
    const name = `Refused check ${Math.random().toString(36).slice(2, 8)}`;
    const tpl = await makeTemplate(owner, { name });
    // The database refuses this checklist's inspections (a crash between the two writes, for real).
    const quoted = name.replace(/'/g, "''");
    await t.deps.database.ownerSql(
      `create or replace function test_refuse_inspection() returns trigger language plpgsql as
       $$ begin raise exception 'refused by the test'; end $$`,
    );
    await t.deps.database.ownerSql(
      `create trigger test_refuse_inspection before insert on inspection for each row
       when (new.template_name = '${quoted}') execute function test_refuse_inspection()`,
    );
    const notesOf = () =>
      t.deps.systemDb.select().from(equipmentNote).where(eq(equipmentNote.equipmentId, truck.id));
    const notesBefore = await notesOf();
    // The machine's usage and how many operator updates it has.
    const recorded = async () => {
      const [m] = await t.deps.systemDb.select().from(equipment).where(eq(equipment.id, truck.id));
      const updates = await t.deps.systemDb
        .select()
        .from(operatorUpdate)
        .where(eq(operatorUpdate.equipmentId, truck.id));
      return { usage: m?.currentUsage, updates: updates.length };
    };
    const body = {
      equipmentId: truck.id,
      templateId: tpl.id,
      reading: 1040,
      answers: answers('fail'),
    };
    try {
      const refused = await submit(op, body, 'insp-atomic');
      expect(refused.statusCode).toBe(500);
      expect(await recorded()).toEqual({ usage: 1000, updates: 0 });
      expect(await notesOf()).toEqual(notesBefore);
    } finally {
      await t.deps.database.ownerSql('drop trigger if exists test_refuse_inspection on inspection');
    }
    // Sent again by the outbox: recorded once, reading and inspection together.
    const sent = await submit(op, body, 'insp-atomic');
    expect(sent.statusCode, sent.body).toBe(201);
    expect(submitInspectionResponse.parse(sent.json()).inspection.readingStatus).toBe('applied');
    expect(await recorded()).toEqual({ usage: 1040, updates: 1 });
  });

  it('a reading below the current one is refused like a usage update, and nothing is recorded', async () => {
    const { owner, op, truck } = await truckAt1000Miles();
    const tpl = await makeTemplate(owner);
    const res = await submit(
      op,
      { equipmentId: truck.id, templateId: tpl.id, reading: 900, answers: answers('fail') },
      'insp-rollback',
    );
    expect(res.statusCode).toBe(400);
    expect(res.json<{ key: string }>().key).toBe('operators.meterRollback');
    const rows = await t.deps.systemDb
      .select()
      .from(inspection)
      .where(eq(inspection.equipmentId, truck.id));
    expect(rows).toHaveLength(0);
    const defects = await t.deps.systemDb
      .select()
      .from(inspectionDefect)
      .where(eq(inspectionDefect.equipmentId, truck.id));
    expect(defects).toHaveLength(0);
  });
});

describe('defects and out of service', () => {
  it('a failed critical item takes the machine out of service; resolving the last critical defect returns it', async () => {
    const owner = await signupOwner(t.app);
    const op = await signInOperator(owner);
    const truck = await createEquipmentViaApi(t.app, owner.cookie, {
      type: 'vehicle',
      unit: 'miles',
    });
    const tpl = await makeTemplate(owner);
    const res = await submit(op, {
      equipmentId: truck.id,
      templateId: tpl.id,
      answers: answers('fail', 'fail'),
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(submitInspectionResponse.parse(res.json())).toMatchObject({
      defects: 2,
      outOfService: true,
    });
    // The operator sees it when picking the machine.
    const picked = await call(t.app, op, 'GET', `/api/field/machines/${truck.id}/checklists`);
    expect(machineChecklistsSchema.parse(picked.json()).outOfService?.reason).toContain('Brakes');
    const options = await call(t.app, op, 'GET', '/api/equipment/options');
    expect(
      options
        .json<{ items: { id: string; outOfService: boolean }[] }>()
        .items.find((i) => i.id === truck.id)?.outOfService,
    ).toBe(true);

    const defects = defectDtoSchema
      .array()
      .parse((await call(t.app, owner.cookie, 'GET', '/api/defects')).json());
    const brakes = defects.find((d) => d.itemLabel === 'Brakes')!;
    const tires = defects.find((d) => d.itemLabel === 'Tires')!;
    expect(brakes.critical).toBe(true);
    // A resolution needs a note or a service entry.
    const empty = await call(t.app, owner.cookie, 'POST', `/api/defects/${tires.id}/resolve`, {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json<{ key: string }>().key).toBe('inspections.resolutionRequired');
    // A non-critical defect resolved while a critical one is open: still out of service.
    const r1 = await call(t.app, owner.cookie, 'POST', `/api/defects/${tires.id}/resolve`, {
      note: 'Tire replaced',
    });
    expect(r1.statusCode, r1.body).toBe(200);
    expect(defectDtoSchema.parse(r1.json())).toMatchObject({
      outOfService: true,
      resolutionNote: 'Tire replaced',
    });
    const twice = await call(t.app, owner.cookie, 'POST', `/api/defects/${tires.id}/resolve`, {
      note: 'x',
    });
    expect(twice.statusCode).toBe(409);
    // The last critical defect resolved with a service entry: back in service, the entry linked.
    const r2 = await call(t.app, owner.cookie, 'POST', `/api/defects/${brakes.id}/resolve`, {
      service: { cost: 120, performedBy: 'Shop', notes: 'Brake pads replaced' },
    });
    expect(r2.statusCode, r2.body).toBe(200);
    const done = defectDtoSchema.parse(r2.json());
    expect(done.outOfService).toBe(false);
    expect(done.serviceEntryId).not.toBeNull();
    const log = await call(t.app, owner.cookie, 'GET', `/api/equipment/${truck.id}/services`);
    expect(log.json<{ entries: { id: string; cost: number }[] }>().entries[0]).toMatchObject({
      id: done.serviceEntryId,
      cost: 120,
    });
    const open = await call(t.app, owner.cookie, 'GET', '/api/defects');
    expect(open.json<unknown[]>()).toHaveLength(0);
  });

  it('the manager sets out of service and returns the machine by hand; a retired machine answers 409', async () => {
    const owner = await signupOwner(t.app);
    const truck = await createEquipmentViaApi(t.app, owner.cookie, {
      type: 'vehicle',
      unit: 'miles',
    });
    const url = `/api/equipment/${truck.id}`;
    const noReason = await call(t.app, owner.cookie, 'POST', `${url}/out-of-service`, {
      reason: ' ',
    });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json<{ key: string }>().key).toBe('inspections.reasonRequired');
    const on = await call(t.app, owner.cookie, 'POST', `${url}/out-of-service`, {
      reason: 'Brake noise',
    });
    expect(on.statusCode, on.body).toBe(200);
    const dto = await call(t.app, owner.cookie, 'GET', url);
    expect(dto.json<{ outOfService: { reason: string } | null }>().outOfService?.reason).toBe(
      'Brake noise',
    );
    const dup = await call(t.app, owner.cookie, 'POST', `${url}/out-of-service`, {
      reason: 'again',
    });
    expect(dup.statusCode).toBe(409);
    const off = await call(t.app, owner.cookie, 'POST', `${url}/return-to-service`);
    expect(off.statusCode, off.body).toBe(200);
    const offAgain = await call(t.app, owner.cookie, 'POST', `${url}/return-to-service`);
    expect(offAgain.statusCode).toBe(409);
    expect(offAgain.json<{ key: string }>().key).toBe('inspections.notOutOfService');

    const retire = await call(t.app, owner.cookie, 'POST', `/api/equipment/${truck.id}/retire`, {});
    if (retire.statusCode >= 300) {
      await t.deps.systemDb
        .update(equipment)
        .set({ retiredAt: new Date() })
        .where(eq(equipment.id, truck.id));
    }
    const retired = await call(t.app, owner.cookie, 'POST', `${url}/out-of-service`, {
      reason: 'x',
    });
    expect(retired.statusCode).toBe(409);
    expect(retired.json<{ key: string }>().key).toBe('equipment.isRetired');
  });

  it('lists machines with a daily checklist not inspected today, and the report and export', async () => {
    const owner = await signupOwner(t.app);
    const op = await signInOperator(owner);
    const a = await createEquipmentViaApi(t.app, owner.cookie, {
      name: 'Truck A',
      type: 'vehicle',
      unit: 'miles',
    });
    const b = await createEquipmentViaApi(t.app, owner.cookie, {
      name: 'Truck B',
      type: 'vehicle',
      unit: 'miles',
    });
    await createEquipmentViaApi(t.app, owner.cookie, { name: 'Loader', type: 'machinery' });
    const tpl = await makeTemplate(owner);
    const before = inspectionsSummarySchema.parse(
      (await call(t.app, owner.cookie, 'GET', '/api/inspections/summary')).json(),
    );
    expect(before.notInspectedToday.map((m) => m.name)).toEqual(['Truck A', 'Truck B']);
    const res = await submit(op, {
      equipmentId: a.id,
      templateId: tpl.id,
      answers: answers('pass'),
    });
    expect(res.statusCode, res.body).toBe(201);
    const after = inspectionsSummarySchema.parse(
      (await call(t.app, owner.cookie, 'GET', '/api/inspections/summary')).json(),
    );
    expect(after.notInspectedToday.map((m) => m.id)).toEqual([b.id]);
    expect(after.notInspectedTotal).toBe(1);

    const r = inspectionReportSchema.parse(
      await callOk(
        t.app,
        owner.cookie,
        'GET',
        `/api/equipment/${a.id}/inspection-report`,
        undefined,
        200,
      ),
    );
    expect(r.inspections).toHaveLength(1);
    expect(r.inspections[0]?.answers.find((x) => x.itemId === 'pressure')?.number).toBe(32);
    const exp = await call(t.app, owner.cookie, 'GET', '/api/inspections/export');
    expect(exp.json<unknown[]>()).toHaveLength(1);
  });
});

describe('tenant isolation', () => {
  it("another company's templates, machines, defects and inspections are not found", async () => {
    const a = await signupOwner(t.app);
    const b = await signupOwner(t.app);
    const opB = await signInOperator(b);
    const truckA = await createEquipmentViaApi(t.app, a.cookie, { type: 'vehicle', unit: 'miles' });
    const tplA = await makeTemplate(a);
    const opA = await signInOperator(a);
    const res = await submit(
      opA,
      { equipmentId: truckA.id, templateId: tplA.id, answers: answers('fail') },
      'iso-1',
    );
    expect(res.statusCode, res.body).toBe(201);
    const [defect] = defectDtoSchema
      .array()
      .parse((await call(t.app, a.cookie, 'GET', '/api/defects')).json());

    const truckB = await createEquipmentViaApi(t.app, b.cookie, { type: 'vehicle', unit: 'miles' });
    // B's operator cannot use A's template, nor inspect A's machine, nor attach to A's inspection.
    const tplOther = await submit(opB, {
      equipmentId: truckB.id,
      templateId: tplA.id,
      answers: answers('pass'),
    });
    expect(tplOther.statusCode).toBe(404);
    const machineOther = await submit(opB, {
      equipmentId: truckA.id,
      templateId: tplA.id,
      answers: answers('pass'),
    });
    expect(machineOther.statusCode).toBe(404);
    const checklists = await call(t.app, opB, 'GET', `/api/field/machines/${truckA.id}/checklists`);
    expect(checklists.statusCode).toBe(404);
    const photo = await call(t.app, opB, 'POST', '/api/inspections/photos', {
      inspectionKey: 'iso-1',
      itemId: 'tires',
      data: JPEG,
    });
    expect(photo.statusCode).toBe(400);
    // B's owner sees none of A's and cannot act on them.
    expect((await call(t.app, b.cookie, 'GET', '/api/defects')).json<unknown[]>()).toHaveLength(0);
    expect((await call(t.app, b.cookie, 'GET', '/api/inspections')).json<unknown[]>()).toHaveLength(
      0,
    );
    expect(
      (await call(t.app, b.cookie, 'GET', '/api/inspection-templates')).json<unknown[]>(),
    ).toHaveLength(0);
    for (const [method, url, body] of [
      ['POST', `/api/defects/${defect!.id}/resolve`, { note: 'x' }],
      ['GET', `/api/defects/${defect!.id}/photo`, undefined],
      ['PUT', `/api/inspection-templates/${tplA.id}`, template()],
      ['DELETE', `/api/inspection-templates/${tplA.id}`, undefined],
      ['POST', `/api/equipment/${truckA.id}/out-of-service`, { reason: 'x' }],
      ['POST', `/api/equipment/${truckA.id}/return-to-service`, undefined],
      ['GET', `/api/equipment/${truckA.id}/inspection-report`, undefined],
      [
        'POST',
        '/api/inspection-templates',
        template({ equipmentTypes: [], equipmentIds: [truckA.id] }),
      ],
    ] as const) {
      const r = await call(t.app, b.cookie, method, url, body);
      expect(r.statusCode, `${method} ${url}`).toBe(404);
    }
    // A malformed id is not found either, before its body is looked at (the declared params, issue 29).
    for (const [method, url] of [
      ['POST', '/api/defects/not-an-id/resolve'],
      ['GET', '/api/defects/not-an-id/photo'],
      ['PUT', '/api/inspection-templates/not-an-id'],
      ['DELETE', '/api/inspection-templates/not-an-id'],
      ['POST', '/api/equipment/not-an-id/out-of-service'],
      ['POST', '/api/equipment/not-an-id/return-to-service'],
      ['GET', '/api/equipment/not-an-id/inspection-report'],
      ['GET', '/api/field/machines/not-an-id/checklists'],
    ] as const) {
      const r = await call(t.app, b.cookie, method, url, method === 'GET' ? undefined : {});
      expect(r.json(), `${method} ${url}`).toEqual({
        code: 'not_found',
        key: 'common.notFound',
        message: 'Not found',
      });
    }
  });
});
