import { z } from 'zod';
import { nextTaskSchema } from './status';
import { isBase64, PHOTO_MAX_BASE64, text } from './primitives';
import { equipmentMessages } from '../messages/equipment';
import { fieldMessages } from '../messages/field';
import { equipmentOptionSchema } from './equipment';

/**
 * The field app (issue 13): one machine as the operator screen shows it after a scan or a sticker's
 * link (`/m/<id>`): what the picker has, plus the last reading's time and the usual daily usage.
 */
export const fieldMachineSchema = equipmentOptionSchema.extend({
  /** When the current reading was taken (ISO). */
  lastReadingAt: z.string(),
  /** Usage per day from the machine's own readings (domain/usage-rate.ts), null when not known. */
  usualDaily: z.number().nullable(),
  /** Its next service task (issue 40): the one due soonest, as every equipment answer's status has it. */
  nextTask: nextTaskSchema.nullable(),
});
export type FieldMachine = z.infer<typeof fieldMachineSchema>;

/** `:id` of GET /api/field/machines/:id: a malformed one is that machine not found (404 equipment.notFound). */
export const fieldMachineParamsSchema = z.object({ id: z.uuid(equipmentMessages.notFound) });

/**
 * GET /api/field/machines: the company's whole machine list as the operator's picker needs it (the
 * EquipmentOptions shape), kept on the phone so the picker also searches every machine offline. Bounded:
 * 1,000 is about 15 times the largest plan's limit (65, domain/plans.ts), so every plan's fleet is
 * complete; only a company without a limit (set by the platform admin) can have more, and then `total`
 * tells the screen that the list is the first 1,000 by name (online it searches the server instead).
 */
export const FIELD_LIST_MAX = 1000;

export { machineIdOfLink, machineLinkPath } from '../machine-links';

// ---- Photos with an operator update ------------------------------------------------------------

export { PHOTO_MAX_BYTES } from './primitives';

/**
 * POST /api/field/photos: the photo of the update recorded under `updateKey` (its idempotency key),
 * as base64 in the JSON body (bodies are JSON only, decisions.md). Sending it again is a no-op.
 */
export const fieldPhotoInputSchema = z.object({
  updateKey: text({ error: fieldMessages.photoKey })
    .trim()
    .min(1, fieldMessages.photoKey)
    .max(200, fieldMessages.photoKey),
  data: text({ error: fieldMessages.photoMissing })
    .min(1, fieldMessages.photoMissing)
    .max(PHOTO_MAX_BASE64, { message: fieldMessages.photoTooLarge, abort: true })
    .refine(isBase64, fieldMessages.photoType),
});
export type FieldPhotoInput = z.infer<typeof fieldPhotoInputSchema>;

export const fieldPhotoDto = z.object({
  id: z.string(),
  updateKey: z.string(),
  contentType: z.string(),
  byteSize: z.number(),
});
export type FieldPhotoDto = z.infer<typeof fieldPhotoDto>;

/** The image type from the file's first bytes (magic numbers), or null when not JPEG, PNG or WebP. */
export function sniffImageType(
  bytes: Uint8Array,
): 'image/jpeg' | 'image/png' | 'image/webp' | null {
  const at = (i: number) => bytes[i];
  if (bytes.length >= 3 && at(0) === 0xff && at(1) === 0xd8 && at(2) === 0xff) return 'image/jpeg';
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (bytes.length >= 8 && png.every((b, i) => at(i) === b)) return 'image/png';
  const ascii = (from: number, to: number) => String.fromCharCode(...bytes.slice(from, to));
  if (bytes.length >= 12 && ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'image/webp';
  return null;
}
