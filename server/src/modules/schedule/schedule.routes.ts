import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  applyProgramSchema,
  applyResultSchema,
  programDtoSchema,
  programInputSchema,
  programListSchema,
  programMachineParamsSchema,
  programPatchSchema,
  removeProgramQuerySchema,
  taskDtoSchema,
  taskInputSchema,
  taskListSchema,
  taskParamsSchema,
  taskPatchSchema,
} from '@domain/schemas/schedule';
import { equipmentDtoSchema, serviceInputSchema } from '@domain/schemas/equipment';
import type { Deps } from '../../deps';
import { idParams } from '../../lib/route-schemas';
import { MANAGERS, documented } from '../../lib/route-options';
import { companyCtx } from '../../plugins/access';
import * as programMachines from './program-machines';
import * as programs from './programs.service';
import { markServiced } from './service-done';
import * as tasks from './tasks.service';

const scheduleApi = documented('Schedule');
const serviceApi = documented('Service');

/**
 * The maintenance schedule (issue 40, docs/api.md): a machine's service tasks and the programs that
 * give many machines the same tasks. Owners and managers; API keys: read for GETs, write for the rest.
 */
export async function scheduleRoutes(fastify: FastifyInstance, deps: Deps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  // Mark as Serviced: a service entry (every field optional: date today, usage the current usage) and
  // the tasks it did reset (`taskIds`; without them the primary task, as before tasks existed).
  app.patch(
    '/api/equipment/:id/reset-service',
    serviceApi.write(MANAGERS, 'Record a service (Mark as Serviced), resetting the tasks it did', {
      params: idParams,
      body: serviceInputSchema,
      response: { 200: equipmentDtoSchema },
    }),
    async (req) => markServiced(deps, companyCtx(req), req.params.id, req.body),
  );

  app.get(
    '/api/programs',
    scheduleApi.read(MANAGERS, 'Programs: task templates, and the machines following each', {
      response: { 200: programListSchema },
    }),
    async (req) => programs.listPrograms(deps, companyCtx(req)),
  );
  app.post(
    '/api/programs',
    scheduleApi.write(MANAGERS, 'Add a program', {
      body: programInputSchema,
      response: { 201: programDtoSchema },
    }),
    async (req, reply) =>
      reply.status(201).send(await programs.createProgram(deps, companyCtx(req), req.body)),
  );
  app.patch(
    '/api/programs/:id',
    scheduleApi.write(
      MANAGERS,
      'Change a program: machines following a changed task take the change unless their task was changed on its own',
      { params: idParams, body: programPatchSchema, response: { 200: programDtoSchema } },
    ),
    async (req) => programs.updateProgram(deps, companyCtx(req), req.params.id, req.body),
  );
  app.delete(
    '/api/programs/:id',
    scheduleApi.write(MANAGERS, 'Delete a program (machines keep its tasks as their own)', {
      params: idParams,
    }),
    async (req, reply) => {
      await programs.deleteProgram(deps, companyCtx(req), req.params.id);
      return reply.status(204).send();
    },
  );
  app.post(
    '/api/programs/:id/machines',
    scheduleApi.write(MANAGERS, 'Apply a program to machines (applying it twice adds nothing)', {
      params: idParams,
      body: applyProgramSchema,
      response: { 200: applyResultSchema },
    }),
    async (req) => programMachines.applyProgram(deps, companyCtx(req), req.params.id, req.body),
  );
  app.delete(
    '/api/programs/:id/machines/:equipmentId',
    scheduleApi.write(
      MANAGERS,
      "Take a program off a machine: keep its tasks as the machine's own, or remove them",
      { params: programMachineParamsSchema, querystring: removeProgramQuerySchema },
    ),
    async (req, reply) => {
      await programMachines.removeProgram(
        deps,
        companyCtx(req),
        req.params.id,
        req.params.equipmentId,
        req.query.keepTasks !== 'false',
      );
      return reply.status(204).send();
    },
  );

  app.get(
    '/api/equipment/:id/tasks',
    scheduleApi.read(
      MANAGERS,
      "A machine's service tasks with each one's status, next due and forecast",
      { params: idParams, response: { 200: taskListSchema } },
    ),
    async (req) => tasks.listTasks(deps, companyCtx(req), req.params.id),
  );
  app.post(
    '/api/equipment/:id/tasks',
    scheduleApi.write(MANAGERS, 'Add a service task', {
      params: idParams,
      body: taskInputSchema,
      response: { 201: taskDtoSchema },
    }),
    async (req, reply) =>
      reply
        .status(201)
        .send(await tasks.createTask(deps, companyCtx(req), req.params.id, req.body)),
  );
  app.patch(
    '/api/equipment/:id/tasks/:taskId',
    scheduleApi.write(MANAGERS, 'Change a service task', {
      params: taskParamsSchema,
      body: taskPatchSchema,
      response: { 200: taskDtoSchema },
    }),
    async (req) =>
      tasks.updateTask(deps, companyCtx(req), req.params.id, req.params.taskId, req.body),
  );
  app.delete(
    '/api/equipment/:id/tasks/:taskId',
    scheduleApi.write(MANAGERS, 'Remove a service task', { params: taskParamsSchema }),
    async (req, reply) => {
      await tasks.deleteTask(deps, companyCtx(req), req.params.id, req.params.taskId);
      return reply.status(204).send();
    },
  );
}
