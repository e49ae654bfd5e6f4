import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { historyLang } from '@domain/history-text';
import {
  OPERATOR_HOME,
  companySettingsInputSchema,
  employeeInputSchema,
  fuelExportRow,
  managerInputSchema,
  operatorLoginSchema,
  operatorUpdateDto,
  operatorUpdateInputSchema,
  operatorUpdatesQuerySchema,
  resetUserPasswordSchema,
} from '@domain/schemas/operators';
import { voidInputSchema } from '@domain/schemas/equipment';
import type { Deps } from '../../deps';
import { AppError } from '../../lib/errors';
import { deviceCheckOf, issueDeviceCookie } from '../../lib/device-cookie';
import { cachedRead } from '../../plugins/cached-read';
import { sendJsonArray } from '../../lib/json-stream';
import { idParams } from '../../lib/route-schemas';
import { COMPANY_USERS, MANAGERS, OWNER, documented } from '../../lib/route-options';
import { companyCtx } from '../../plugins/access';
import { answerSubmission } from '../../plugins/phone-submission';
import { startSession } from '../../plugins/session';
import { companyOf, toCurrentUser } from '../auth/index';
import { fuelExportBatches, historyExportBatches } from './exports.service';
import { operatorLogin } from './operator-auth.service';
import * as updates from './operator-updates.service';
import * as review from './update-review';
import * as team from './team.service';

const readingsApi = documented('Readings');
const fuelApi = documented('Fuel');

/** Team (operators, managers, company settings), operator sign-in, operator updates, fuel and history exports. */
export async function operatorsRoutes(app: FastifyInstance, deps: Deps) {
  const { db } = deps;
  // The routes of the v1 surface declare their schemas (plugins/validation.ts, integrations/openapi.ts).
  const typed = app.withTypeProvider<ZodTypeProvider>();

  // ---- Company settings
  app.get('/api/company-settings', { config: { access: MANAGERS } }, async (req) =>
    team.getCompanySettings(deps, companyCtx(req)),
  );
  typed.post(
    '/api/company-settings',
    { config: { access: MANAGERS }, schema: { body: companySettingsInputSchema } },
    async (req) => {
      const input = req.body;
      const result = await team.updateCompanySettings(deps, companyCtx(req), input);
      req.log.info(
        {
          event: 'company_settings_updated',
          companyId: result.id,
          password: input.masterPassword !== undefined,
        },
        'company settings',
      );
      return result;
    },
  );

  // ---- Operators
  app.get('/api/employees', { config: { access: MANAGERS } }, async (req) =>
    team.listOperators(db, companyCtx(req)),
  );
  typed.post(
    '/api/employees',
    { config: { access: MANAGERS }, schema: { body: employeeInputSchema } },
    async (req, reply) => {
      const input = req.body;
      return reply.status(201).send(await team.createOperator(deps, companyCtx(req), input));
    },
  );
  typed.put(
    '/api/employees/:id',
    { config: { access: MANAGERS }, schema: { params: idParams, body: employeeInputSchema } },
    async (req) => {
      const id = req.params.id;
      const input = req.body;
      return team.updateOperator(deps, companyCtx(req), id, input);
    },
  );
  typed.delete(
    '/api/employees/:id',
    { config: { access: MANAGERS }, schema: { params: idParams } },
    async (req) => {
      const id = req.params.id;
      await team.removeOperator(deps, companyCtx(req), id);
      return { ok: true };
    },
  );

  // ---- Managers (the owner adds and removes them; managers may list them for password resets)
  app.get('/api/managers', { config: { access: MANAGERS } }, async (req) =>
    team.listManagers(db, companyCtx(req)),
  );
  typed.post(
    '/api/managers',
    { config: { access: OWNER }, schema: { body: managerInputSchema } },
    async (req, reply) => {
      const input = req.body;
      return reply.status(201).send(await team.createManager(deps, companyCtx(req), input));
    },
  );
  typed.delete(
    '/api/managers/:id',
    { config: { access: OWNER }, schema: { params: idParams } },
    async (req) => {
      const id = req.params.id;
      await team.removeManager(deps, companyCtx(req), id);
      return { ok: true };
    },
  );
  // ---- Technicians (issue 27: owners and managers add them like managers, email and password)
  app.get('/api/technicians', { config: { access: MANAGERS } }, async (req) =>
    team.listManagers(db, companyCtx(req), 'technician'),
  );
  typed.post(
    '/api/technicians',
    { config: { access: MANAGERS }, schema: { body: managerInputSchema } },
    async (req, reply) => {
      const input = req.body;
      return reply
        .status(201)
        .send(await team.createManager(deps, companyCtx(req), input, 'technician'));
    },
  );
  typed.delete(
    '/api/technicians/:id',
    { config: { access: MANAGERS }, schema: { params: idParams } },
    async (req) => {
      const id = req.params.id;
      await team.removeManager(deps, companyCtx(req), id, 'technician');
      return { ok: true };
    },
  );
  typed.post(
    '/api/admin/reset-user-password',
    { config: { access: MANAGERS }, schema: { body: resetUserPasswordSchema } },
    async (req) => {
      const input = req.body;
      const ctx = companyCtx(req);
      await team.resetUserPassword(deps, ctx, input);
      req.log.info(
        { event: 'password_reset_by_admin', by: ctx.userId, target: input.targetUserId },
        'password reset',
      );
      return { ok: true };
    },
  );

  // ---- Operator sign-in
  typed.post(
    '/api/employee/login',
    { config: { access: 'public', dbScope: 'system' }, schema: { body: operatorLoginSchema } },
    async (req, reply) => {
      const input = req.body;
      try {
        const secret = deps.config.APP_SECRET;
        const { account: u, subject } = await operatorLogin(
          deps,
          input,
          req.ip,
          deviceCheckOf(req, secret),
        );
        await startSession(db, req, reply, u, input.rememberMe);
        issueDeviceCookie(req, reply, secret, subject);
        req.log.info({ event: 'operator_login_success', userId: u.id }, 'operator sign-in');
        return {
          ...toCurrentUser(u, await companyOf(db, u.companyId)),
          redirect: OPERATOR_HOME,
        };
      } catch (err) {
        req.log.warn(
          { event: 'operator_login_failure', reason: err instanceof AppError ? err.code : 'error' },
          'operator sign-in failed',
        );
        throw err;
      }
    },
  );

  // ---- Operator updates (keepsSessions: these writes change no user, company or session, plugins/session.ts)
  typed.post(
    '/api/operator-updates',
    {
      config: { access: COMPANY_USERS, keepsSessions: true },
      schema: { body: operatorUpdateInputSchema },
    },
    async (req, reply) => answerSubmission(deps, req, reply, updates.submitUpdate),
  );
  typed.get(
    '/api/operator-updates',
    readingsApi.read(MANAGERS, 'Readings held for review and the latest applied ones', {
      querystring: operatorUpdatesQuerySchema,
      response: { 200: z.array(operatorUpdateDto) },
    }),
    async (req, reply) =>
      cachedRead(deps, req, reply, (ctx) => review.listUpdates(deps, ctx, req.query.limit)),
  );
  typed.post(
    '/api/operator-updates/:id/approve',
    { config: { access: MANAGERS, keepsSessions: true }, schema: { params: idParams } },
    async (req) => review.approveUpdate(deps, companyCtx(req), req.params.id),
  );
  typed.post(
    '/api/operator-updates/:id/reject',
    { config: { access: MANAGERS, keepsSessions: true }, schema: { params: idParams } },
    async (req) => review.rejectUpdate(deps, companyCtx(req), req.params.id),
  );

  typed.post(
    '/api/operator-updates/:id/void',
    {
      config: { access: MANAGERS, keepsSessions: true },
      schema: { params: idParams, body: voidInputSchema },
    },
    async (req) => review.voidUpdate(deps, companyCtx(req), req.params.id, req.body.reason),
  );

  // ---- Fuel and history
  app.post('/api/fuel/reset', { config: { access: MANAGERS, keepsSessions: true } }, async (req) =>
    review.resetFuel(deps, companyCtx(req)),
  );
  typed.get(
    '/api/fuel-usage/export',
    fuelApi.read(MANAGERS, 'Every fuel entry', { response: { 200: z.array(fuelExportRow) } }),
    // Streamed, batch by batch (exports.service.ts), each row encoded by the declared schema.
    async (req, reply) =>
      sendJsonArray(reply, fuelExportBatches(deps, companyCtx(req)), (f) =>
        JSON.stringify(z.encode(fuelExportRow, f)),
      ),
  );
  // Streamed, batch by batch (exports.service.ts, lib/json-stream.ts).
  app.get('/api/equipment-history/export', { config: { access: MANAGERS } }, async (req, reply) =>
    sendJsonArray(
      reply,
      historyExportBatches(deps, companyCtx(req), historyLang(req.headers['accept-language'])),
      (h) => JSON.stringify(h),
    ),
  );
}
