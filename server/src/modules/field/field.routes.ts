import type { FastifyInstance } from 'fastify';
import { fieldMachineParamsSchema } from '../../../../domain/schemas/field';
import type { Deps } from '../../deps';
import { notFound } from '../../lib/errors';
import { companyCtx } from '../../plugins/access';
import { fieldMachine } from './field.service';

const COMPANY_USERS = ['owner', 'manager', 'operator'] as const;

/** The field app (issue 13): the machine a sticker or a scan names. */
export async function fieldRoutes(app: FastifyInstance, deps: Deps) {
  app.get('/api/field/machines/:id', { config: { access: COMPANY_USERS } }, async (req) => {
    // A malformed id is simply not found, like another company's id.
    const p = fieldMachineParamsSchema.safeParse(req.params);
    if (!p.success) throw notFound('equipment.notFound');
    return fieldMachine(deps, companyCtx(req), p.data.id);
  });
}
