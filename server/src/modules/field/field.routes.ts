import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { fieldMachineParamsSchema, fieldPhotoInputSchema } from '@domain/schemas/field';
import type { Deps } from '../../deps';
import { sendPhoto } from '../../lib/request';
import { idParams } from '../../lib/route-schemas';
import { COMPANY_USERS, MANAGERS, photoUpload } from '../../lib/route-options';
import { companyCtx } from '../../plugins/access';
import { photoOfUpdate, savePhoto, updatesWithPhotos } from './field-photos.service';
import { fieldMachine, fieldMachineList, stickerName } from './field.service';

/** The field app (issue 13): the company's machine list, the machine a sticker or a scan names, photos. */
export async function fieldRoutes(fastify: FastifyInstance, deps: Deps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  // The whole machine list of the company (bounded), which the phone keeps for offline search.
  app.get('/api/field/machines', { config: { access: COMPANY_USERS } }, async (req) =>
    fieldMachineList(deps, companyCtx(req)),
  );
  // A malformed id is that machine not found (equipment.notFound, the schema's message), like another company's id.
  app.get(
    '/api/field/machines/:id',
    { config: { access: COMPANY_USERS }, schema: { params: fieldMachineParamsSchema } },
    async (req) => fieldMachine(deps, companyCtx(req), req.params.id),
  );

  // A sticker scanned signed out: the sign-in page names the machine (its name only, by its id).
  app.get(
    '/api/field/stickers/:id',
    {
      config: { access: 'public', dbScope: 'system' },
      schema: { params: fieldMachineParamsSchema },
    },
    async (req) => stickerName(deps, req.params.id),
  );

  // A photo with an operator update (photoUpload: base64 in JSON, a larger body limit).
  app.post(
    '/api/field/photos',
    photoUpload(COMPANY_USERS, { body: fieldPhotoInputSchema }),
    async (req, reply) => {
      const { created, photo } = await savePhoto(deps, companyCtx(req), req.body);
      return reply.status(created ? 201 : 200).send(photo);
    },
  );
  // Which recent updates have a photo (the manager's Recent operator updates shows them).
  app.get('/api/field/photos', { config: { access: MANAGERS } }, async (req) =>
    updatesWithPhotos(deps, companyCtx(req)),
  );
  app.get(
    '/api/field/photos/:id',
    { config: { access: COMPANY_USERS }, schema: { params: idParams } },
    async (req, reply) =>
      sendPhoto(reply, await photoOfUpdate(deps, companyCtx(req), req.params.id)),
  );
}
