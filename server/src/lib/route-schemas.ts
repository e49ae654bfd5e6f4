import { z } from 'zod';
import { idParamSchema } from '@domain/schemas/operators';

/**
 * Small schemas routes declare (fastify-type-provider-zod, plugins/validation.ts) that are not a
 * domain object: a path's ids and the `{ ok: true }` answer.
 */

/** `:id`, a uuid; a malformed one is simply not found (404), like another company's id. */
export const idParams = idParamSchema;

/** `:id` and a second id named `name` (`:deliveryId`), both uuids. */
export const idsParams = <N extends string>(name: N) =>
  idParamSchema.extend({ [name]: z.uuid() } as Record<N, z.ZodUUID>);

/** The answer of a deletion or a command that has nothing else to say. */
export const okDto = z.object({ ok: z.literal(true) });
