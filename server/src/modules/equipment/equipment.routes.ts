import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  equipmentInputSchema,
  equipmentListQuerySchema,
  equipmentOptionsQuerySchema,
  equipmentPageQuerySchema,
  equipmentUpdateSchema,
  historyPageQuerySchema,
  noteInputSchema,
  retireInputSchema,
  serviceInputSchema,
  usageIncreaseSchema,
  voidInputSchema,
  type EquipmentCountDto,
  type EquipmentOptions,
  type EquipmentPage,
} from '../../../../domain/schemas/equipment';
import type { MachinePageDto } from '../../../../domain/schemas/machine-page';
import { historyLang } from '../../../../domain/history-text';
import type { Deps } from '../../deps';
import { parse } from '../../lib/errors';
import { companyCtx } from '../../plugins/access';
import { voidEntry } from './corrections.service';
import * as svc from './equipment.service';
import { history, historyPage, listNotes } from './history.service';
import { machinePage } from './machine-page.service';
import { listRetired, restoreEquipment, retireEquipment } from './retirement.service';
import { recordService, serviceExport, serviceLog } from './service-log.service';

const managers = { config: { access: ['owner', 'manager'] as const } };
/** Equipment writes change no user, company or session: cached sign-ins stay valid (plugins/session.ts). */
const managerWrites = { config: { access: ['owner', 'manager'] as const, keepsSessions: true } };
/** Operators may only pick a machine for an update (the operator screen's search). */
const companyUsers = { config: { access: ['owner', 'manager', 'operator'] as const } };

const idOf = (req: FastifyRequest) => (req.params as { id: string }).id;

export async function equipmentRoutes(app: FastifyInstance, deps: Deps) {
  // The full list with every field: owners and managers only (exports, reports); operators use /api/equipment/options.
  app.get('/api/equipment', managers, async (req) => {
    const q = parse(equipmentListQuerySchema, req.query);
    return svc.listEquipment(deps, companyCtx(req), q);
  });

  // The Equipment List page: one bounded, searchable, filterable page (GET /api/equipment above stays the full list for exports).
  app.get('/api/equipment/page', managers, async (req): Promise<EquipmentPage> => {
    const q = parse(equipmentPageQuerySchema, req.query);
    const { counts, total, items } = await svc.browseEquipment(deps, companyCtx(req), {
      ...q,
      withForecast: true,
    });
    return { items, total, offset: q.offset, limit: q.limit, counts };
  });

  // The operator screen's picker: a bounded search returning only what an operator needs to submit an update.
  app.get('/api/equipment/options', companyUsers, async (req): Promise<EquipmentOptions> => {
    const q = parse(equipmentOptionsQuerySchema, req.query);
    return svc.equipmentOptions(deps, companyCtx(req), q);
  });

  // The spec shows "a number"; we answer { count, limit } so the form's plan-limit hint needs one call
  // (docs/decisions/api-shapes.md).
  app.get('/api/equipment/count', managers, async (req): Promise<EquipmentCountDto> => {
    const ctx = companyCtx(req);
    return {
      count: await svc.countEquipment(deps.db, ctx.companyId),
      limit: ctx.company.equipmentLimit,
    };
  });

  app.post('/api/equipment', managerWrites, async (req, reply) => {
    const input = parse(equipmentInputSchema, req.body);
    const created = await svc.createEquipment(deps, companyCtx(req), input);
    req.log.info({ event: 'equipment_created', equipmentId: created.id }, 'equipment added');
    return reply.status(201).send(created);
  });

  app.get('/api/equipment/:id', managers, async (req) =>
    svc.getEquipment(deps, companyCtx(req), idOf(req)),
  );

  app.patch('/api/equipment/:id', managerWrites, async (req) => {
    const patch = parse(equipmentUpdateSchema, req.body);
    return svc.updateEquipment(deps, companyCtx(req), idOf(req), patch);
  });

  app.delete('/api/equipment/:id', managerWrites, async (req) => {
    await svc.deleteEquipment(deps, companyCtx(req), idOf(req));
    req.log.info({ event: 'equipment_deleted', equipmentId: idOf(req) }, 'equipment deleted');
    return { ok: true };
  });

  app.patch('/api/equipment/:id/usage', managerWrites, async (req) => {
    const { usageIncrease } = parse(usageIncreaseSchema, req.body);
    return svc.increaseUsage(deps, companyCtx(req), idOf(req), usageIncrease);
  });

  app.get('/api/equipment/:id/notes', managers, async (req) =>
    listNotes(deps, companyCtx(req), idOf(req), historyLang(req.headers['accept-language'])),
  );

  app.post('/api/equipment/:id/notes', managerWrites, async (req, reply) => {
    const { content } = parse(noteInputSchema, req.body);
    return reply.status(201).send(await svc.createNote(deps, companyCtx(req), idOf(req), content));
  });

  app.post('/api/equipment/:id/retire', managerWrites, async (req) => {
    const { retirementNotes } = parse(retireInputSchema, req.body);
    const retired = await retireEquipment(
      deps,
      companyCtx(req),
      idOf(req),
      retirementNotes ?? null,
    );
    req.log.info({ event: 'equipment_retired', equipmentId: idOf(req) }, 'equipment retired');
    return retired;
  });

  // Mark as Serviced: a service entry (every field optional: date today, usage the current usage).
  app.patch('/api/equipment/:id/reset-service', managerWrites, async (req) => {
    const input = parse(serviceInputSchema, req.body ?? {});
    return recordService(deps, companyCtx(req), idOf(req), input);
  });

  app.get('/api/equipment/:id/services', managers, async (req) =>
    serviceLog(deps, companyCtx(req), idOf(req)),
  );

  app.get('/api/service-entries/export', managers, async (req) =>
    serviceExport(deps, companyCtx(req)),
  );

  app.post('/api/equipment/:id/history/:entryId/void', managerWrites, async (req) => {
    const { reason } = parse(voidInputSchema, req.body);
    const { entryId } = req.params as { entryId: string };
    return voidEntry(deps, companyCtx(req), idOf(req), entryId, reason);
  });

  app.post('/api/retired-equipment/:id/restore', managerWrites, async (req) => {
    const restored = await restoreEquipment(deps, companyCtx(req), idOf(req));
    req.log.info({ event: 'equipment_restored', equipmentId: restored.id }, 'equipment restored');
    return restored;
  });

  // The machine page (/machines/:id): everything but its timeline, in one answer.
  app.get('/api/equipment/:id/page', managers, async (req): Promise<MachinePageDto> =>
    machinePage(deps, companyCtx(req), idOf(req)),
  );

  // With `limit`, `cursor` or `kind`: one page { entries, nextCursor } by seq (the machine page's
  // timeline); without: every entry as an array (the Notes & History dialog). Text per Accept-Language.
  app.get('/api/equipment/:id/history', managers, async (req) => {
    const q = parse(historyPageQuerySchema, req.query);
    const lang = historyLang(req.headers['accept-language']);
    if (q.limit === undefined && q.cursor === undefined && q.kind === undefined)
      return history(deps, companyCtx(req), idOf(req), lang);
    return historyPage(deps, companyCtx(req), idOf(req), q, lang);
  });

  app.get('/api/retired-equipment', managers, async (req) => listRetired(deps, companyCtx(req)));
}
