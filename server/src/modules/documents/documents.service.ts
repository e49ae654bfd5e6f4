/**
 * Documents (issue 42): reading, changing, linking and removing them, and the company's storage. The
 * upload itself is upload.ts, the bytes' answer send-file.ts. The only writer of the document tables
 * (with the trigger of migration 0021 that removes a document no machine holds any more).
 */
import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { PLANS, type Tier } from '@domain/plans';
import type { DocumentDto, DocumentMachinesInput, DocumentPatch } from '@domain/schemas/documents';
import type { DocumentCategory } from '@domain/documents';
import type { HistoryLang } from '@domain/history-text';
import type { DbOrTx } from '../../db/client';
import {
  document,
  documentMachine,
  equipment,
  equipmentNote,
  workOrder,
} from '../../db/schema/index';
import type { Deps } from '../../deps';
import { AppError, notFound } from '../../lib/errors';
import type { CompanyContext } from '../../plugins/session';
import { actorOf, record } from '../ledger/index';
import { renewFromDocument } from '../schedule/index';

export type DocumentRow = typeof document.$inferSelect;

const notFoundDoc = () => notFound('documents.notFound');

/** The columns every answer reads (never the thumbnail's bytes). */
export const documentColumns = {
  id: document.id,
  title: document.title,
  category: document.category,
  filename: document.filename,
  contentType: document.contentType,
  size: document.size,
  sha256: document.sha256,
  chunkSize: document.chunkSize,
  expiresOn: document.expiresOn,
  notes: document.notes,
  uploadedByName: document.uploadedByName,
  uploadedAt: document.uploadedAt,
  hasThumbnail: sql<boolean>`${document.thumbnail} is not null`,
  workOrderId: document.workOrderId,
  serviceEntryId: document.serviceEntryId,
  replacedBy: document.replacedBy,
};
type DocumentHead = {
  id: string;
  title: string;
  category: string;
  filename: string;
  contentType: string;
  size: number;
  sha256: string;
  chunkSize: number;
  expiresOn: string | null;
  notes: string | null;
  uploadedByName: string;
  uploadedAt: Date;
  hasThumbnail: boolean;
  workOrderId: string | null;
  serviceEntryId: string | null;
  replacedBy: string | null;
};

export function toDto(d: DocumentHead, equipmentIds: string[]): DocumentDto {
  return {
    id: d.id,
    title: d.title,
    category: d.category as DocumentCategory,
    filename: d.filename,
    contentType: d.contentType,
    size: d.size,
    sha256: d.sha256,
    expiresOn: d.expiresOn,
    notes: d.notes,
    uploadedBy: d.uploadedByName,
    uploadedAt: d.uploadedAt.toISOString(),
    hasThumbnail: Boolean(d.hasThumbnail),
    equipmentIds,
    workOrderId: d.workOrderId,
    serviceEntryId: d.serviceEntryId,
    replacedBy: d.replacedBy,
  };
}

/** The machines of some documents (one statement). */
async function machinesOf(db: DbOrTx, companyId: string, ids: string[]) {
  const out = new Map<string, string[]>();
  if (ids.length === 0) return out;
  const rows = await db
    .select({ documentId: documentMachine.documentId, equipmentId: documentMachine.equipmentId })
    .from(documentMachine)
    .where(and(eq(documentMachine.companyId, companyId), inArray(documentMachine.documentId, ids)))
    .orderBy(documentMachine.linkedAt, documentMachine.equipmentId);
  for (const r of rows) out.set(r.documentId, [...(out.get(r.documentId) ?? []), r.equipmentId]);
  return out;
}

async function withMachines(db: DbOrTx, companyId: string, docs: DocumentHead[]) {
  const links = await machinesOf(
    db,
    companyId,
    docs.map((d) => d.id),
  );
  return docs.map((d) => toDto(d, links.get(d.id) ?? []));
}

/** One stored document of the company (its head, no bytes), or 404. */
export async function documentHead(
  db: DbOrTx,
  ctx: CompanyContext,
  id: string,
): Promise<DocumentHead> {
  const [row] = await db
    .select(documentColumns)
    .from(document)
    .where(
      and(eq(document.id, id), eq(document.companyId, ctx.companyId), eq(document.state, 'stored')),
    )
    .limit(1);
  if (!row) throw notFoundDoc();
  return row;
}

export async function getDocument(deps: Deps, ctx: CompanyContext, id: string) {
  const head = await documentHead(deps.db, ctx, id);
  return (await withMachines(deps.db, ctx.companyId, [head]))[0]!;
}

/** A machine of the company (active or retired), or 404 (another company's too). */
export async function machineOf(db: DbOrTx, ctx: CompanyContext, id: string) {
  const [row] = await db
    .select({ id: equipment.id, retiredAt: equipment.retiredAt })
    .from(equipment)
    .where(and(eq(equipment.id, id), eq(equipment.companyId, ctx.companyId)))
    .limit(1);
  if (!row) throw notFound('equipment.notFound');
  return row;
}

/** A machine's current documents, newest first (replaced ones are left out): two statements. */
export async function machineDocuments(
  deps: Deps,
  ctx: CompanyContext,
  equipmentId: string,
): Promise<DocumentDto[]> {
  await machineOf(deps.db, ctx, equipmentId);
  const rows = await deps.db
    .select(documentColumns)
    .from(documentMachine)
    .innerJoin(document, eq(document.id, documentMachine.documentId))
    .where(
      and(
        eq(documentMachine.companyId, ctx.companyId),
        eq(documentMachine.equipmentId, equipmentId),
        eq(document.state, 'stored'),
        isNull(document.replacedBy),
      ),
    )
    .orderBy(desc(document.uploadedAt), desc(document.id))
    .limit(500);
  return withMachines(deps.db, ctx.companyId, rows);
}

/** A work order's or a service entry's files, newest first. */
export async function recordDocuments(
  deps: Deps,
  ctx: CompanyContext,
  on: { workOrderId: string } | { serviceEntryId: string },
): Promise<DocumentDto[]> {
  await recordMachine(deps.db, ctx, on);
  const rows = await deps.db
    .select(documentColumns)
    .from(document)
    .where(
      and(
        eq(document.companyId, ctx.companyId),
        eq(document.state, 'stored'),
        'workOrderId' in on
          ? eq(document.workOrderId, on.workOrderId)
          : eq(document.serviceEntryId, on.serviceEntryId),
      ),
    )
    .orderBy(desc(document.uploadedAt), desc(document.id))
    .limit(500);
  return withMachines(deps.db, ctx.companyId, rows);
}

/** The machine of a work order or of a service entry of the company, or 404. */
export async function recordMachine(
  db: DbOrTx,
  ctx: CompanyContext,
  on: { workOrderId: string } | { serviceEntryId: string },
): Promise<string> {
  if ('workOrderId' in on) {
    const [row] = await db
      .select({ equipmentId: workOrder.equipmentId })
      .from(workOrder)
      .where(and(eq(workOrder.id, on.workOrderId), eq(workOrder.companyId, ctx.companyId)))
      .limit(1);
    if (!row) throw notFound('workOrders.notFound');
    return row.equipmentId;
  }
  const [row] = await db
    .select({ equipmentId: equipmentNote.equipmentId })
    .from(equipmentNote)
    .where(
      and(
        eq(equipmentNote.id, on.serviceEntryId),
        eq(equipmentNote.companyId, ctx.companyId),
        eq(equipmentNote.kind, 'service'),
      ),
    )
    .limit(1);
  if (!row) throw notFound('equipment.entryNotFound');
  return row.equipmentId;
}

/** Bytes the company's documents take (every stored or arriving file), and its plan's limit. */
export async function storageOf(
  db: DbOrTx,
  companyId: string,
  tier: string,
): Promise<{ used: number; limit: number }> {
  const [row] = await db
    .select({ used: sql<string>`coalesce(sum(${document.size}), 0)::text` })
    .from(document)
    .where(eq(document.companyId, companyId));
  const plan = PLANS[tier as Tier] ?? PLANS.basic;
  return { used: Number(row?.used ?? 0), limit: plan.storageBytes };
}

/** Title, category, expiry or notes changed. */
export async function updateDocument(
  deps: Deps,
  ctx: CompanyContext,
  id: string,
  patch: DocumentPatch,
  lang: HistoryLang,
): Promise<DocumentDto> {
  const set: Partial<typeof document.$inferInsert> = {};
  if (patch.title !== undefined) set.title = patch.title;
  if (patch.category !== undefined) set.category = patch.category;
  if (patch.expiresOn !== undefined) set.expiresOn = patch.expiresOn;
  if (patch.notes !== undefined) set.notes = patch.notes || null;
  await deps.db.transaction(async (tx) => {
    const before = await documentHead(tx, ctx, id);
    if (Object.keys(set).length === 0) return;
    await tx
      .update(document)
      .set(set)
      .where(and(eq(document.id, id), eq(document.companyId, ctx.companyId)));
    const category = set.category ?? before.category;
    const expiresOn = set.expiresOn === undefined ? before.expiresOn : set.expiresOn;
    // A current document's expiry moves its machines' renewal (a replaced one's no longer counts).
    if (!before.replacedBy && (category !== before.category || expiresOn !== before.expiresOn))
      await renewFromDocument(tx, deps, ctx, {
        equipmentIds: (await machinesOf(tx, ctx.companyId, [id])).get(id) ?? [],
        category,
        expiresOn,
        lang,
      });
  });
  return getDocument(deps, ctx, id);
}

/** Removes a document and its bytes; each machine it was on records it. */
export async function deleteDocument(deps: Deps, ctx: CompanyContext, id: string): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const head = await documentHead(tx, ctx, id);
    const machines = (await machinesOf(tx, ctx.companyId, [id])).get(id) ?? [];
    const now = deps.now();
    for (const equipmentId of machines)
      await record(tx, actorOf(ctx), equipmentId, now, {
        kind: 'document_removed',
        params: { title: head.title, category: head.category },
      });
    await tx
      .delete(document)
      .where(and(eq(document.id, id), eq(document.companyId, ctx.companyId)));
  });
}

/** Puts a document on more machines (a manual for several machines, stored once). */
export async function linkMachines(
  deps: Deps,
  ctx: CompanyContext,
  id: string,
  input: DocumentMachinesInput,
  lang: HistoryLang,
): Promise<DocumentDto> {
  const wanted = [...new Set(input.equipmentIds)];
  await deps.db.transaction(async (tx) => {
    const head = await documentHead(tx, ctx, id);
    const found = await tx
      .select({ id: equipment.id })
      .from(equipment)
      .where(and(eq(equipment.companyId, ctx.companyId), inArray(equipment.id, wanted)));
    if (found.length !== wanted.length) throw notFound('equipment.notFound');
    const added = await tx
      .insert(documentMachine)
      .values(
        wanted.map((equipmentId) => ({ documentId: id, equipmentId, companyId: ctx.companyId })),
      )
      .onConflictDoNothing()
      .returning({ equipmentId: documentMachine.equipmentId });
    const now = deps.now();
    for (const a of added)
      await record(tx, actorOf(ctx), a.equipmentId, now, {
        kind: 'document_added',
        params: { documentId: id, title: head.title, category: head.category },
      });
    if (!head.replacedBy)
      await renewFromDocument(tx, deps, ctx, {
        equipmentIds: added.map((a) => a.equipmentId),
        category: head.category,
        expiresOn: head.expiresOn,
        lang,
      });
  });
  return getDocument(deps, ctx, id);
}

/** The thumbnail's bytes (WebP), or 404 when the document has none. */
export async function thumbnailOf(
  deps: Deps,
  ctx: CompanyContext,
  id: string,
): Promise<{ contentType: string; data: Buffer }> {
  const [row] = await deps.db
    .select({ thumbnail: document.thumbnail })
    .from(document)
    .where(
      and(eq(document.id, id), eq(document.companyId, ctx.companyId), eq(document.state, 'stored')),
    )
    .limit(1);
  if (!row?.thumbnail) throw notFoundDoc();
  return { contentType: 'image/webp', data: row.thumbnail };
}

export const storageFull = (used: number, limit: number, fmt: (n: number) => string) =>
  new AppError('payload_too_large', 'documents.storageFull', {
    params: { limit: fmt(limit), used: fmt(used) },
  });

export const retired = () => new AppError('conflict', 'equipment.isRetired');
