import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  equipmentImportSchema,
  historyImportSchema,
  IMPORT_BODY_LIMIT,
} from '@domain/schemas/import';
import type { Deps } from '../../deps';
import { companyCtx } from '../../plugins/access';
import * as svc from './import.service';

/**
 * Spreadsheet import (issue 17; docs/decisions/import-files-as-json-rows.md): the browser reads the
 * file and sends its rows as JSON; preview writes nothing, import writes in one transaction.
 * Owners and managers only; a larger body limit on these routes only.
 */
const managers = {
  bodyLimit: IMPORT_BODY_LIMIT,
  config: { access: ['owner', 'manager'] as const, keepsSessions: true },
};

const equipmentRows = { ...managers, schema: { body: equipmentImportSchema } };
const historyRows = { ...managers, schema: { body: historyImportSchema } };

export async function importRoutes(fastify: FastifyInstance, deps: Deps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.post('/api/import/equipment/preview', equipmentRows, async (req) =>
    svc.previewEquipmentImport(deps, companyCtx(req), req.body),
  );

  app.post('/api/import/equipment', equipmentRows, async (req) => {
    const result = await svc.importEquipment(deps, companyCtx(req), req.body);
    req.log.info(
      { event: 'equipment_imported', added: result.summary.add, updated: result.summary.update },
      'equipment imported',
    );
    return result;
  });

  app.post('/api/import/history/preview', historyRows, async (req) =>
    svc.previewHistoryImport(deps, companyCtx(req), req.body),
  );

  app.post('/api/import/history', historyRows, async (req) => {
    const result = await svc.importHistory(deps, companyCtx(req), req.body);
    req.log.info(
      {
        event: 'history_imported',
        readings: result.summary.reading,
        services: result.summary.service,
      },
      'history imported',
    );
    return result;
  });
}
