import { and, eq } from 'drizzle-orm';
import type { WorkOrderDto, WorkOrderPhotoInput } from '@domain/schemas/work-orders';
import { workOrderPhoto } from '../../db/schema/index';
import type { Deps } from '../../deps';
import { notFound } from '../../lib/errors';
import { keyReused } from '../../lib/idempotency';
import type { CompanyContext } from '../../plugins/session';
import { decodePhoto } from '../field/index';
import { getWorkOrder } from './read';
import { closed, lockWorkOrder } from './work-orders.service';

/** A work order's photos: added from the phone (idempotent by its key) and served back. */

/** POST /api/work-orders/:id/photos: stored under the phone's key (sending it again is a no-op). */
export async function addPhoto(
  deps: Deps,
  ctx: CompanyContext,
  id: string,
  input: WorkOrderPhotoInput,
): Promise<{ created: boolean; workOrder: WorkOrderDto }> {
  const { bytes, contentType } = decodePhoto(input.data);
  const photoKey = `${id}:${input.key}`;
  const created = await deps.db.transaction(async (tx) => {
    const w = await lockWorkOrder(tx, ctx, id);
    const [prior] = await tx
      .select({ data: workOrderPhoto.data })
      .from(workOrderPhoto)
      .where(
        and(eq(workOrderPhoto.companyId, ctx.companyId), eq(workOrderPhoto.photoKey, photoKey)),
      )
      .limit(1);
    if (prior) {
      if (!Buffer.from(prior.data).equals(bytes)) throw keyReused();
      return false;
    }
    if (w.status === 'canceled') throw closed(w.status);
    await tx.insert(workOrderPhoto).values({
      companyId: ctx.companyId,
      workOrderId: w.id,
      photoKey,
      contentType,
      byteSize: bytes.length,
      data: bytes,
      uploadedBy: ctx.userId,
      createdAt: deps.now(),
    });
    return true;
  });
  return { created, workOrder: await getWorkOrder(deps, ctx, id) };
}

export async function photoOf(
  deps: Deps,
  ctx: CompanyContext,
  id: string,
  photoId: string,
): Promise<{ contentType: string; data: Buffer }> {
  const [p] = await deps.db
    .select({ contentType: workOrderPhoto.contentType, data: workOrderPhoto.data })
    .from(workOrderPhoto)
    .where(
      and(
        eq(workOrderPhoto.id, photoId),
        eq(workOrderPhoto.workOrderId, id),
        eq(workOrderPhoto.companyId, ctx.companyId),
      ),
    )
    .limit(1);
  if (!p) throw notFound();
  return p;
}
