import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  equipmentCountDtoSchema,
  equipmentDtoSchema,
  equipmentInputSchema,
  equipmentListQuerySchema,
  equipmentOptionsQuerySchema,
  equipmentOptionsSchema,
  equipmentPageQuerySchema,
  equipmentPageSchema,
  equipmentUpdateSchema,
  historyPageQuerySchema,
  historyRecordDtoSchema,
  noteDtoSchema,
  noteInputSchema,
  retiredEquipmentDtoSchema,
  retireInputSchema,
  serviceLogDtoSchema,
  usageIncreaseSchema,
  voidInputSchema,
  type EquipmentPage,
} from '@domain/schemas/equipment';
import { timelinePageSchema, type MachinePageDto } from '@domain/schemas/machine-page';
import { historyLang } from '@domain/history-text';
import type { Deps } from '../../deps';
import { cachedRead } from '../../plugins/cached-read';
import { sendJsonArray } from '../../lib/json-stream';
import { idParams, okDto } from '../../lib/route-schemas';
import { COMPANY_USERS, MANAGERS, documented } from '../../lib/route-options';
import { companyCtx } from '../../plugins/access';
import { restoreTasksOfVoidedService } from '../schedule/index';
import { voidEntry } from './corrections.service';
import * as svc from './equipment.service';
import { history, historyPage, listNotes } from './history.service';
import { recordManagerReading } from './manager-reading.service';
import {
  managerReadingInputSchema,
  managerReadingResultSchema,
} from '@domain/schemas/manager-reading';
import { machinePage } from './machine-page.service';
import { listRetired, restoreEquipment, retireEquipment } from './retirement.service';
import { serviceExportBatches } from './service-export';
import { serviceLog } from './service-log.service';

const managers = { config: { access: MANAGERS } };
/** Equipment writes change no user, company or session: cached sign-ins stay valid (plugins/session.ts). */
const managerWrites = { config: { access: MANAGERS, keepsSessions: true } };
/** Operators may only pick a machine for an update (the operator screen's search). */
const companyUsers = { config: { access: COMPANY_USERS } };
/** The tags of its documented routes, which API keys may call too (plugins/api-keys.ts: the public API). */
const equipmentApi = documented('Equipment');
const readingsApi = documented('Readings');
const historyApi = documented('History');
const serviceApi = documented('Service');

/** Each route declares its schemas (plugins/validation.ts); the tagged ones are the v1 surface (integrations/openapi.ts). */
export async function equipmentRoutes(fastify: FastifyInstance, deps: Deps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  // The full list with every field: owners and managers only (exports, reports); operators use /api/equipment/options.
  app.get(
    '/api/equipment',
    equipmentApi.read(MANAGERS, 'Every active machine with its status', {
      querystring: equipmentListQuerySchema,
      response: { 200: z.array(equipmentDtoSchema) },
    }),
    // Streamed, batch by batch (equipment-export.ts, lib/json-stream.ts): not kept by the read cache.
    async (req, reply) =>
      sendJsonArray(reply, svc.equipmentBatches(deps, companyCtx(req), req.query), (e) =>
        JSON.stringify(z.encode(equipmentDtoSchema, e)),
      ),
  );

  // The Equipment List page: one bounded, searchable, filterable page (GET /api/equipment above stays the full list for exports).
  app.get(
    '/api/equipment/page',
    equipmentApi.read(MANAGERS, 'A page of machines (search, filters, sort)', {
      querystring: equipmentPageQuerySchema,
      response: { 200: equipmentPageSchema },
    }),
    async (req, reply) => {
      const q = req.query;
      return cachedRead(deps, req, reply, async (ctx): Promise<EquipmentPage> => {
        const { counts, total, items } = await svc.browseEquipment(deps, ctx, {
          ...q,
          withForecast: true,
        });
        return { items, total, offset: q.offset, limit: q.limit, counts };
      });
    },
  );

  // The operator screen's picker: a bounded search returning only what an operator needs to submit an update.
  app.get(
    '/api/equipment/options',
    {
      ...companyUsers,
      schema: {
        querystring: equipmentOptionsQuerySchema,
        response: { 200: equipmentOptionsSchema },
      },
    },
    async (req) => svc.equipmentOptions(deps, companyCtx(req), req.query),
  );

  // The spec shows "a number"; we answer { count, limit } so the form's plan-limit hint needs one call
  // (docs/decisions/api-shapes.md).
  app.get(
    '/api/equipment/count',
    equipmentApi.read(MANAGERS, 'How many active machines, and the plan limit', {
      response: { 200: equipmentCountDtoSchema },
    }),
    async (req) => {
      const ctx = companyCtx(req);
      return {
        count: await svc.countEquipment(deps.db, ctx.companyId),
        limit: ctx.company.equipmentLimit,
      };
    },
  );

  app.post(
    '/api/equipment',
    equipmentApi.write(MANAGERS, 'Add a machine', {
      body: equipmentInputSchema,
      response: { 201: equipmentDtoSchema },
    }),
    async (req, reply) => {
      const created = await svc.createEquipment(deps, companyCtx(req), req.body);
      req.log.info({ event: 'equipment_created', equipmentId: created.id }, 'equipment added');
      return reply.status(201).send(created);
    },
  );

  app.get(
    '/api/equipment/:id',
    equipmentApi.read(MANAGERS, 'One machine', {
      params: idParams,
      response: { 200: equipmentDtoSchema },
    }),
    async (req) => svc.getEquipment(deps, companyCtx(req), req.params.id),
  );

  app.patch(
    '/api/equipment/:id',
    equipmentApi.write(MANAGERS, 'Change a machine', {
      params: idParams,
      body: equipmentUpdateSchema,
      response: { 200: equipmentDtoSchema },
    }),
    async (req) => svc.updateEquipment(deps, companyCtx(req), req.params.id, req.body),
  );

  app.delete(
    '/api/equipment/:id',
    { ...managerWrites, schema: { params: idParams, response: { 200: okDto } } },
    async (req) => {
      await svc.deleteEquipment(deps, companyCtx(req), req.params.id);
      req.log.info({ event: 'equipment_deleted', equipmentId: req.params.id }, 'equipment deleted');
      return { ok: true as const };
    },
  );

  app.patch(
    '/api/equipment/:id/usage',
    readingsApi.write(MANAGERS, 'Add an increase to the usage', {
      params: idParams,
      body: usageIncreaseSchema,
      response: { 200: equipmentDtoSchema },
    }),
    async (req) => svc.increaseUsage(deps, companyCtx(req), req.params.id, req.body.usageIncrease),
  );
  app.post(
    '/api/equipment/:id/readings',
    {
      ...managerWrites,
      // The machine page's dialog (people only: integrations send readings through /api/readings/batch).
      schema: {
        params: idParams,
        body: managerReadingInputSchema,
        response: { 200: managerReadingResultSchema },
      },
    },
    async (req) => recordManagerReading(deps, companyCtx(req), req.params.id, req.body),
  );

  app.get(
    '/api/equipment/:id/notes',
    historyApi.read(MANAGERS, "A machine's notes and history", {
      params: idParams,
      response: { 200: z.array(noteDtoSchema) },
    }),
    async (req) =>
      listNotes(deps, companyCtx(req), req.params.id, historyLang(req.headers['accept-language'])),
  );

  app.post(
    '/api/equipment/:id/notes',
    historyApi.write(MANAGERS, 'Add a note', {
      params: idParams,
      body: noteInputSchema,
      response: { 201: noteDtoSchema },
    }),
    async (req, reply) =>
      reply
        .status(201)
        .send(await svc.createNote(deps, companyCtx(req), req.params.id, req.body.content)),
  );

  app.post(
    '/api/equipment/:id/retire',
    equipmentApi.write(
      MANAGERS,
      'Retire a machine (it leaves the active list, its record is kept)',
      { params: idParams, body: retireInputSchema, response: { 200: retiredEquipmentDtoSchema } },
    ),
    async (req) => {
      const retired = await retireEquipment(
        deps,
        companyCtx(req),
        req.params.id,
        req.body.retirementNotes ?? null,
      );
      req.log.info({ event: 'equipment_retired', equipmentId: req.params.id }, 'equipment retired');
      return retired;
    },
  );

  // Mark as Serviced (PATCH /api/equipment/:id/reset-service) is the schedule module's: it resets tasks.

  app.get(
    '/api/equipment/:id/services',
    serviceApi.read(MANAGERS, "A machine's service log", {
      params: idParams,
      response: { 200: serviceLogDtoSchema },
    }),
    async (req) => serviceLog(deps, companyCtx(req), req.params.id),
  );

  // Streamed, batch by batch (service-export.ts, lib/json-stream.ts).
  app.get('/api/service-entries/export', managers, async (req, reply) =>
    sendJsonArray(reply, serviceExportBatches(deps, companyCtx(req)), (s) => JSON.stringify(s)),
  );

  // The entry id is checked by the service (a malformed one: 404 with the entry's own message).
  app.post(
    '/api/equipment/:id/history/:entryId/void',
    historyApi.write(MANAGERS, 'Void a reading (it stays, struck through)', {
      params: idParams.extend({ entryId: z.string() }),
      body: voidInputSchema,
      response: { 200: historyRecordDtoSchema },
    }),
    async (req) =>
      voidEntry(
        deps,
        companyCtx(req),
        req.params.id,
        req.params.entryId,
        req.body.reason,
        restoreTasksOfVoidedService,
      ),
  );

  app.post(
    '/api/retired-equipment/:id/restore',
    equipmentApi.write(MANAGERS, 'Bring a retired machine back', {
      params: idParams,
      response: { 200: equipmentDtoSchema },
    }),
    async (req) => {
      const restored = await restoreEquipment(deps, companyCtx(req), req.params.id);
      req.log.info({ event: 'equipment_restored', equipmentId: restored.id }, 'equipment restored');
      return restored;
    },
  );

  // The machine page (/machines/:id): everything but its timeline, in one answer.
  app.get(
    '/api/equipment/:id/page',
    { ...managers, schema: { params: idParams } },
    async (req, reply) =>
      cachedRead(deps, req, reply, (ctx): Promise<MachinePageDto> =>
        machinePage(deps, ctx, req.params.id),
      ),
  );

  // With `limit`, `cursor` or `kind`: one page { entries, nextCursor } by seq (the machine page's
  // timeline); without: every entry as an array (the Notes & History dialog). Text per Accept-Language.
  app.get(
    '/api/equipment/:id/history',
    historyApi.read(
      MANAGERS,
      "A machine's history, newest first (paged with limit, cursor or kind)",
      {
        params: idParams,
        querystring: historyPageQuerySchema,
        response: { 200: z.union([timelinePageSchema, z.array(historyRecordDtoSchema)]) },
      },
    ),
    // Kept until the company's data changes, as the page (plugins/cached-read.ts): the page's two
    // requests, 20 at once, compute each once.
    async (req, reply) =>
      cachedRead(deps, req, reply, async (ctx): Promise<unknown> => {
        const q = req.query;
        const lang = historyLang(req.headers['accept-language']);
        if (q.limit === undefined && q.cursor === undefined && q.kind === undefined)
          return history(deps, ctx, req.params.id, lang);
        return historyPage(deps, ctx, req.params.id, q, lang);
      }),
  );

  app.get(
    '/api/retired-equipment',
    equipmentApi.read(MANAGERS, 'Retired machines', {
      response: { 200: z.array(retiredEquipmentDtoSchema) },
    }),
    async (req) => listRetired(deps, companyCtx(req)),
  );
}
