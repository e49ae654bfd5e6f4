import { historyLang } from '@domain/history-text';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  defectDtoSchema,
  defectsQuerySchema,
  inspectionDtoSchema,
  inspectionInputSchema,
  inspectionPhotoInputSchema,
  inspectionsQuerySchema,
  outOfServiceInputSchema,
  problemReportInputSchema,
  problemReportPhotoInputSchema,
  resolveDefectInputSchema,
  starterInputSchema,
  templateInputSchema,
} from '@domain/schemas/inspections';
import type { Deps } from '../../deps';
import { sendJsonArray } from '../../lib/json-stream';
import { sendPhoto } from '../../lib/request';
import { idParams, okDto } from '../../lib/route-schemas';
import {
  COMPANY_USERS,
  MANAGERS,
  OPERATORS,
  documented,
  photoUpload,
} from '../../lib/route-options';
import { companyCtx } from '../../plugins/access';
import { answerSubmission } from '../../plugins/phone-submission';
import { inspectionExportBatches } from './inspections-export';
import {
  archiveTemplate,
  copyStarter,
  createTemplate,
  listTemplates,
  updateTemplate,
} from './templates.service';
import { machineChecklists, saveInspectionPhoto, submitInspection } from './submissions.service';
import { inspectionReport, inspectionsSummary, listInspections } from './reports.service';
import { defectPhoto, listDefects, resolveDefect } from './defects.service';
import { returnToService, setOutOfService } from './out-of-service.service';
import { reportProblem, saveReportPhoto } from './problem-reports.service';

const inspectionsApi = documented('Inspections');

/**
 * Pre-use inspections (issue 16): templates, inspections, defects, out of service. Each route declares its
 * schemas (plugins/validation.ts); none is v1 (defects are not on the list), so none is tagged.
 */
export async function inspectionsRoutes(fastify: FastifyInstance, deps: Deps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  // ---- Checklist templates (owners and managers)
  app.get('/api/inspection-templates', { config: { access: MANAGERS } }, async (req) =>
    listTemplates(deps, companyCtx(req), historyLang(req.headers['accept-language'])),
  );
  app.post(
    '/api/inspection-templates',
    { config: { access: MANAGERS }, schema: { body: templateInputSchema } },
    async (req, reply) =>
      reply.status(201).send(await createTemplate(deps, companyCtx(req), req.body)),
  );
  app.post(
    '/api/inspection-templates/starters',
    { config: { access: MANAGERS }, schema: { body: starterInputSchema } },
    async (req, reply) => {
      const { starter, language } = req.body;
      return reply.status(201).send(await copyStarter(deps, companyCtx(req), starter, language));
    },
  );
  app.put(
    '/api/inspection-templates/:id',
    { config: { access: MANAGERS }, schema: { params: idParams, body: templateInputSchema } },
    async (req) => updateTemplate(deps, companyCtx(req), req.params.id, req.body),
  );
  app.delete(
    '/api/inspection-templates/:id',
    { config: { access: MANAGERS }, schema: { params: idParams } },
    async (req) => archiveTemplate(deps, companyCtx(req), req.params.id),
  );

  // ---- The operator screen: a picked machine's checklists; submitting an inspection and its photos
  app.get(
    '/api/field/machines/:id/checklists',
    { config: { access: COMPANY_USERS }, schema: { params: idParams } },
    async (req) =>
      machineChecklists(
        deps,
        companyCtx(req),
        req.params.id,
        historyLang(req.headers['accept-language']),
      ),
  );
  app.post(
    '/api/inspections',
    {
      config: { access: COMPANY_USERS, keepsSessions: true },
      schema: { body: inspectionInputSchema },
    },
    async (req, reply) => answerSubmission(deps, req, reply, submitInspection),
  );
  app.post(
    '/api/inspections/photos',
    photoUpload(COMPANY_USERS, {
      body: inspectionPhotoInputSchema,
      response: { 200: okDto, 201: okDto },
    }),
    async (req, reply) => {
      const { created } = await saveInspectionPhoto(deps, companyCtx(req), req.body);
      return reply.status(created ? 201 : 200).send({ ok: true });
    },
  );

  // ---- "Report a problem" from the phone (issue 27): operators only; a defect for the manager
  app.post(
    '/api/problem-reports',
    {
      config: { access: OPERATORS, keepsSessions: true },
      schema: { body: problemReportInputSchema },
    },
    async (req, reply) => answerSubmission(deps, req, reply, reportProblem),
  );
  app.post(
    '/api/problem-reports/photo',
    photoUpload(OPERATORS, {
      body: problemReportPhotoInputSchema,
      response: { 200: okDto, 201: okDto },
    }),
    async (req, reply) => {
      const { created } = await saveReportPhoto(deps, companyCtx(req), req.body);
      return reply.status(created ? 201 : 200).send({ ok: true });
    },
  );

  // ---- History, export, report (owners and managers)
  app.get(
    '/api/inspections',
    inspectionsApi.read(MANAGERS, 'Inspections, newest first', {
      querystring: inspectionsQuerySchema,
      response: { 200: z.array(inspectionDtoSchema) },
    }),
    async (req) => listInspections(deps, companyCtx(req), req.query),
  );
  // Streamed, batch by batch (inspections-export.ts, lib/json-stream.ts).
  app.get('/api/inspections/export', { config: { access: MANAGERS } }, async (req, reply) =>
    sendJsonArray(reply, inspectionExportBatches(deps, companyCtx(req)), (i) => JSON.stringify(i)),
  );
  app.get('/api/inspections/summary', { config: { access: MANAGERS } }, async (req) =>
    inspectionsSummary(deps, companyCtx(req)),
  );
  app.get(
    '/api/equipment/:id/inspection-report',
    { config: { access: MANAGERS }, schema: { params: idParams } },
    async (req) => inspectionReport(deps, companyCtx(req), req.params.id),
  );

  // ---- Defects and out of service (owners and managers)
  app.get(
    '/api/defects',
    inspectionsApi.read(MANAGERS, 'Defects found by inspections and problem reports', {
      querystring: defectsQuerySchema,
      response: { 200: z.array(defectDtoSchema) },
    }),
    async (req) => listDefects(deps, companyCtx(req), req.query),
  );
  app.post(
    '/api/defects/:id/resolve',
    inspectionsApi.write(MANAGERS, 'Resolve a defect', {
      params: idParams,
      body: resolveDefectInputSchema,
      response: { 200: defectDtoSchema },
    }),
    async (req) => resolveDefect(deps, companyCtx(req), req.params.id, req.body),
  );
  app.get(
    '/api/defects/:id/photo',
    { config: { access: MANAGERS }, schema: { params: idParams } },
    async (req, reply) => sendPhoto(reply, await defectPhoto(deps, companyCtx(req), req.params.id)),
  );
  app.post(
    '/api/equipment/:id/out-of-service',
    {
      config: { access: MANAGERS, keepsSessions: true },
      schema: { params: idParams, body: outOfServiceInputSchema },
    },
    async (req) => setOutOfService(deps, companyCtx(req), req.params.id, req.body.reason),
  );
  app.post(
    '/api/equipment/:id/return-to-service',
    { config: { access: MANAGERS, keepsSessions: true }, schema: { params: idParams } },
    async (req) => returnToService(deps, companyCtx(req), req.params.id),
  );
}
