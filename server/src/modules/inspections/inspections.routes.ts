import { historyLang } from '../../../../domain/history-text';
import type { FastifyInstance } from 'fastify';
import { deviceSummary } from '../../../../domain/device';
import {
  defectsQuerySchema,
  inspectionInputSchema,
  inspectionPhotoInputSchema,
  inspectionsQuerySchema,
  outOfServiceInputSchema,
  problemReportInputSchema,
  problemReportPhotoInputSchema,
  resolveDefectInputSchema,
  starterInputSchema,
  templateInputSchema,
} from '../../../../domain/schemas/inspections';
import { PHOTO_MAX_BYTES } from '../../../../domain/schemas/field';
import type { Deps } from '../../deps';
import { parse } from '../../lib/errors';
import { idempotencyKeyOf, idOf, sendPhoto } from '../../lib/request';
import { companyCtx } from '../../plugins/access';
import * as svc from './inspections.service';
import { reportProblem, saveReportPhoto } from './problem-reports.service';

const MANAGERS = ['owner', 'manager'] as const;
const COMPANY_USERS = ['owner', 'manager', 'operator'] as const;
const OPERATORS = ['operator'] as const;

/** Pre-use inspections (issue 16): templates, inspections, defects, out of service. */
export async function inspectionsRoutes(app: FastifyInstance, deps: Deps) {
  // ---- Checklist templates (owners and managers)
  app.get('/api/inspection-templates', { config: { access: MANAGERS } }, async (req) =>
    svc.listTemplates(deps, companyCtx(req), historyLang(req.headers['accept-language'])),
  );
  app.post('/api/inspection-templates', { config: { access: MANAGERS } }, async (req, reply) => {
    const input = parse(templateInputSchema, req.body);
    return reply.status(201).send(await svc.createTemplate(deps, companyCtx(req), input));
  });
  app.post(
    '/api/inspection-templates/starters',
    { config: { access: MANAGERS } },
    async (req, reply) => {
      const { starter, language } = parse(starterInputSchema, req.body);
      return reply
        .status(201)
        .send(await svc.copyStarter(deps, companyCtx(req), starter, language));
    },
  );
  app.put('/api/inspection-templates/:id', { config: { access: MANAGERS } }, async (req) => {
    const id = idOf(req.params);
    const input = parse(templateInputSchema, req.body);
    return svc.updateTemplate(deps, companyCtx(req), id, input);
  });
  app.delete('/api/inspection-templates/:id', { config: { access: MANAGERS } }, async (req) =>
    svc.archiveTemplate(deps, companyCtx(req), idOf(req.params)),
  );

  // ---- The operator screen: a picked machine's checklists; submitting an inspection and its photos
  app.get(
    '/api/field/machines/:id/checklists',
    { config: { access: COMPANY_USERS } },
    async (req) =>
      svc.machineChecklists(
        deps,
        companyCtx(req),
        idOf(req.params),
        historyLang(req.headers['accept-language']),
      ),
  );
  app.post(
    '/api/inspections',
    { config: { access: COMPANY_USERS, keepsSessions: true } },
    async (req, reply) => {
      const input = parse(inspectionInputSchema, req.body);
      const { created, body } = await svc.submitInspection(
        deps,
        companyCtx(req),
        input,
        idempotencyKeyOf(req),
        deviceSummary(req.headers['user-agent']),
      );
      return reply.status(created ? 201 : 200).send(body);
    },
  );
  app.post(
    '/api/inspections/photos',
    {
      config: { access: COMPANY_USERS, keepsSessions: true },
      bodyLimit: Math.ceil(PHOTO_MAX_BYTES / 3) * 4 + 64 * 1024,
    },
    async (req, reply) => {
      const input = parse(inspectionPhotoInputSchema, req.body);
      const { created } = await svc.saveInspectionPhoto(deps, companyCtx(req), input);
      return reply.status(created ? 201 : 200).send({ ok: true });
    },
  );

  // ---- "Report a problem" from the phone (issue 27): operators only; a defect for the manager
  app.post(
    '/api/problem-reports',
    { config: { access: OPERATORS, keepsSessions: true } },
    async (req, reply) => {
      const input = parse(problemReportInputSchema, req.body);
      const { created, body } = await reportProblem(
        deps,
        companyCtx(req),
        input,
        idempotencyKeyOf(req),
      );
      return reply.status(created ? 201 : 200).send(body);
    },
  );
  app.post(
    '/api/problem-reports/photo',
    {
      config: { access: OPERATORS, keepsSessions: true },
      bodyLimit: Math.ceil(PHOTO_MAX_BYTES / 3) * 4 + 64 * 1024,
    },
    async (req, reply) => {
      const input = parse(problemReportPhotoInputSchema, req.body);
      const { created } = await saveReportPhoto(deps, companyCtx(req), input);
      return reply.status(created ? 201 : 200).send({ ok: true });
    },
  );

  // ---- History, export, report (owners and managers)
  app.get('/api/inspections', { config: { access: MANAGERS } }, async (req) => {
    const q = parse(inspectionsQuerySchema, req.query);
    return svc.listInspections(deps, companyCtx(req), q);
  });
  app.get('/api/inspections/export', { config: { access: MANAGERS } }, async (req) =>
    svc.listInspections(deps, companyCtx(req), { limit: 20_000 }),
  );
  app.get('/api/inspections/summary', { config: { access: MANAGERS } }, async (req) =>
    svc.inspectionsSummary(deps, companyCtx(req)),
  );
  app.get('/api/equipment/:id/inspection-report', { config: { access: MANAGERS } }, async (req) =>
    svc.inspectionReport(deps, companyCtx(req), idOf(req.params)),
  );

  // ---- Defects and out of service (owners and managers)
  app.get('/api/defects', { config: { access: MANAGERS } }, async (req) => {
    const q = parse(defectsQuerySchema, req.query);
    return svc.listDefects(deps, companyCtx(req), q);
  });
  app.post(
    '/api/defects/:id/resolve',
    { config: { access: MANAGERS, keepsSessions: true } },
    async (req) => {
      const id = idOf(req.params);
      const input = parse(resolveDefectInputSchema, req.body);
      return svc.resolveDefect(deps, companyCtx(req), id, input);
    },
  );
  app.get('/api/defects/:id/photo', { config: { access: MANAGERS } }, async (req, reply) => {
    return sendPhoto(reply, await svc.defectPhoto(deps, companyCtx(req), idOf(req.params)));
  });
  app.post(
    '/api/equipment/:id/out-of-service',
    { config: { access: MANAGERS, keepsSessions: true } },
    async (req) => {
      const id = idOf(req.params);
      const { reason } = parse(outOfServiceInputSchema, req.body);
      return svc.setOutOfService(deps, companyCtx(req), id, reason);
    },
  );
  app.post(
    '/api/equipment/:id/return-to-service',
    { config: { access: MANAGERS, keepsSessions: true } },
    async (req) => svc.returnToService(deps, companyCtx(req), idOf(req.params)),
  );
}
