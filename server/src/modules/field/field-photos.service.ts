import { and, desc, eq, type AnyColumn } from 'drizzle-orm';
import {
  PHOTO_MAX_BYTES,
  sniffImageType,
  type FieldPhotoDto,
  type FieldPhotoInput,
} from '@domain/schemas/field';
import type { DbOrTx } from '../../db/client';
import { fieldPhoto, operatorUpdate } from '../../db/schema/index';
import type { Deps } from '../../deps';
import { AppError, notFound } from '../../lib/errors';
import { keyReused } from '../../lib/idempotency';
import type { CompanyContext } from '../../plugins/session';

const MB = 1024 * 1024;

/**
 * The one spelling of "the photo stored under this key in this company": the condition on
 * `field_photo` for a key given (a string) or held by a row joined to it (an operator update's
 * idempotency key, a defect's photo key).
 */
export const photoUnder = (companyId: string | AnyColumn, key: string | AnyColumn) =>
  and(eq(fieldPhoto.companyId, companyId), eq(fieldPhoto.updateKey, key));

/** What a photo is served from: its type and bytes. */
export const photoBody = { contentType: fieldPhoto.contentType, data: fieldPhoto.data };

/**
 * A photo's bytes from its base64 text, checked: not empty, at most PHOTO_MAX_BYTES, and a JPEG, PNG
 * or WebP by its first bytes (never the client's word). Also used for inspection photos (issue 16).
 */
export function decodePhoto(data: string): { bytes: Buffer; contentType: string } {
  const bytes = Buffer.from(data, 'base64');
  if (bytes.length === 0) throw new AppError('validation', 'field.photoMissing');
  if (bytes.length > PHOTO_MAX_BYTES)
    throw new AppError('validation', 'field.photoTooLarge', {
      params: { max: PHOTO_MAX_BYTES / MB },
    });
  const contentType = sniffImageType(bytes);
  if (!contentType) throw new AppError('validation', 'field.photoType');
  return { bytes, contentType };
}

/**
 * The photo already stored under a key, when the bytes sent again are the same; another photo under
 * that key is refused with 422 (the first one is kept).
 */
export async function storedPhoto(
  db: DbOrTx,
  ctx: CompanyContext,
  key: string,
  bytes: Buffer,
): Promise<{ id: string; contentType: string; byteSize: number } | undefined> {
  const [row] = await db
    .select({
      id: fieldPhoto.id,
      contentType: fieldPhoto.contentType,
      byteSize: fieldPhoto.byteSize,
      data: fieldPhoto.data,
    })
    .from(fieldPhoto)
    .where(photoUnder(ctx.companyId, key))
    .limit(1);
  if (!row) return undefined;
  if (!Buffer.from(row.data).equals(bytes)) throw keyReused();
  return { id: row.id, contentType: row.contentType, byteSize: row.byteSize };
}

/**
 * Stores the photo of an operator update (issue 13). The update must exist in the company under
 * that key (an operator: one of their own); the type is sniffed from the bytes, never taken from the
 * client; a second upload of the same photo for the same update is a no-op that answers the stored photo
 * (idempotent), another photo for it is refused (422).
 */
export async function savePhoto(
  deps: Deps,
  ctx: CompanyContext,
  input: FieldPhotoInput,
): Promise<{ created: boolean; photo: FieldPhotoDto }> {
  const { bytes, contentType } = decodePhoto(input.data);
  const [update] = await deps.db
    .select({ id: operatorUpdate.id, operatorId: operatorUpdate.operatorId })
    .from(operatorUpdate)
    .where(
      and(
        eq(operatorUpdate.companyId, ctx.companyId),
        eq(operatorUpdate.idempotencyKey, input.updateKey),
      ),
    )
    .limit(1);
  if (!update || (ctx.role === 'operator' && update.operatorId !== ctx.userId))
    throw notFound('operators.updateNotFound');
  const { created, photo: row } = await storePhotoByKey(deps.db, ctx, input.updateKey, {
    bytes,
    contentType,
  });
  if (!row) throw notFound('operators.updateNotFound');
  return { created, photo: { ...row, updateKey: input.updateKey } };
}

/**
 * Keeps a photo under its key, once: the same photo again is a no-op that answers the stored one,
 * another photo under the key is refused (422, `keyReused`). The one writer of `field_photo` for
 * operator updates, inspection items and problem reports. `created` says whether this call stored it.
 */
export async function storePhotoByKey(
  db: DbOrTx,
  ctx: CompanyContext,
  key: string,
  { bytes, contentType }: { bytes: Buffer; contentType: string },
): Promise<{
  created: boolean;
  photo: { id: string; contentType: string; byteSize: number } | undefined;
}> {
  const [inserted] = await db
    .insert(fieldPhoto)
    .values({
      companyId: ctx.companyId,
      updateKey: key,
      contentType,
      byteSize: bytes.length,
      data: bytes,
      uploadedBy: ctx.userId,
    })
    .onConflictDoNothing()
    .returning({
      id: fieldPhoto.id,
      contentType: fieldPhoto.contentType,
      byteSize: fieldPhoto.byteSize,
    });
  if (inserted) return { created: true, photo: inserted };
  return { created: false, photo: await storedPhoto(db, ctx, key, bytes) };
}

/** The photo of one operator update of the company (by the update's id): 404 for anything else. */
export async function photoOfUpdate(
  deps: Deps,
  ctx: CompanyContext,
  updateId: string,
): Promise<{ contentType: string; data: Buffer }> {
  const [row] = await deps.db
    .select(photoBody)
    .from(operatorUpdate)
    .innerJoin(fieldPhoto, photoUnder(operatorUpdate.companyId, operatorUpdate.idempotencyKey))
    .where(and(eq(operatorUpdate.id, updateId), eq(operatorUpdate.companyId, ctx.companyId)))
    .limit(1);
  if (!row) throw notFound('common.notFound');
  return row;
}

/** The ids of the company's most recent operator updates that have a photo (bounded). */
export async function updatesWithPhotos(
  deps: Deps,
  ctx: CompanyContext,
  limit = 200,
): Promise<{ updateIds: string[] }> {
  const rows = await deps.db
    .select({ id: operatorUpdate.id })
    .from(fieldPhoto)
    .innerJoin(operatorUpdate, photoUnder(operatorUpdate.companyId, operatorUpdate.idempotencyKey))
    .where(eq(fieldPhoto.companyId, ctx.companyId))
    .orderBy(desc(fieldPhoto.createdAt))
    .limit(limit);
  return { updateIds: rows.map((r) => r.id) };
}
