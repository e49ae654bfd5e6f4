/**
 * An upload (issue 42): `multipart/form-data` with `file`, `title`, `category` and optionally
 * `expiresOn`, `notes`, `replaces`. The file streams into `document_chunk` as it arrives, one chunk
 * (DOCUMENT_CHUNK_BYTES) held at a time, hashed on the way; its type is read from its first chunk
 * (detect-type.ts). The document row stays `uploading` (seen by nobody) until the last chunk is in; then
 * one transaction checks the company's storage under a lock on its row, stores the fields, links the
 * machines and records the entries. Any refusal, at any point, deletes what was written: nothing is
 * stored.
 */
import { createHash } from 'node:crypto';
import type { Multipart } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { and, asc, eq, inArray, lt, sql } from 'drizzle-orm';
import {
  DOCUMENT_CHUNK_BYTES,
  DOCUMENT_MAX_BYTES,
  cleanFilename,
  formatBytes,
  type DocumentContentType,
} from '@domain/documents';
import { historyLang } from '@domain/history-text';
import { documentFieldsSchema, type DocumentDto } from '@domain/schemas/documents';
import { company, document, documentChunk, documentMachine } from '../../db/schema/index';
import type { Deps } from '../../deps';
import { AppError, fromZodError } from '../../lib/errors';
import type { CompanyContext } from '../../plugins/session';
import { actorName, actorOf, record } from '../ledger/index';
import { renewFromDocument } from '../schedule/index';
import { sniffType, TextCheck } from './detect-type';
import { documentHead, getDocument, storageFull, storageOf } from './documents.service';
import { makeThumbnail, THUMBNAIL_TYPES } from './thumbnail';

const MB = 1024 * 1024;
/** What a form adds to the file's bytes (boundaries, headers, text fields), for the early size checks. */
const FORM_SLACK = 64 * 1024;
/** An upload left `uploading` this long (the server stopped mid-way) is removed by the next one. */
const STALE_MS = 3_600_000;

export type UploadTarget = {
  /** The machines the document goes on (a record's machine for a record's file). */
  equipmentIds: string[];
  workOrderId?: string;
  serviceEntryId?: string;
};

const tooLarge = () =>
  new AppError('payload_too_large', 'documents.tooLarge', {
    params: { max: DOCUMENT_MAX_BYTES / MB },
  });
const refusedType = () => new AppError('unsupported_media_type', 'documents.type');

/** @fastify/multipart's own refusals in the error contract. */
function multipartError(e: unknown): unknown {
  const code = (e as { code?: string } | null)?.code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return tooLarge();
  if (code === 'FST_FILES_LIMIT') return new AppError('validation', 'documents.oneFile');
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE')
    return new AppError('unsupported_media_type', 'documents.notMultipart');
  if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT' || code === 'FST_PROTO_VIOLATION')
    return new AppError('validation', 'common.unreadable');
  return e;
}

type Stored = {
  id: string;
  contentType: DocumentContentType;
  size: number;
  sha256: string;
  filename: string;
};

export async function uploadDocument(
  deps: Deps,
  ctx: CompanyContext,
  req: FastifyRequest,
  target: UploadTarget,
): Promise<DocumentDto> {
  if (!req.isMultipart()) throw new AppError('unsupported_media_type', 'documents.notMultipart');
  const db = deps.db;
  // Early refusals from the announced length, before a byte is read or written.
  const announced = Number(req.headers['content-length'] ?? NaN);
  if (announced > DOCUMENT_MAX_BYTES + FORM_SLACK) throw tooLarge();
  const storage = await storageOf(db, ctx.companyId, ctx.company.subscriptionTier);
  if (Number.isFinite(announced) && storage.used + announced - FORM_SLACK > storage.limit)
    throw storageFull(storage.used, storage.limit, (n) => formatBytes(n));
  // Uploads the server never finished (it stopped mid-way) go.
  await db
    .delete(document)
    .where(
      and(
        eq(document.companyId, ctx.companyId),
        eq(document.state, 'uploading'),
        lt(document.uploadedAt, new Date(deps.now().getTime() - STALE_MS)),
      ),
    );

  const fields: Record<string, string> = {};
  let stored: Stored | null = null;
  let pendingId: string | null = null;
  try {
    let parts: AsyncIterableIterator<Multipart>;
    try {
      parts = req.parts();
    } catch (e) {
      throw multipartError(e);
    }
    for (;;) {
      let step: IteratorResult<Multipart>;
      try {
        step = await parts.next();
      } catch (e) {
        throw multipartError(e);
      }
      if (step.done) break;
      const part = step.value;
      if (part.type === 'field') {
        if (!(part.fieldname in fields)) fields[part.fieldname] = String(part.value ?? '');
        continue;
      }
      if (part.fieldname !== 'file' || stored) {
        part.file.resume();
        if (stored) throw new AppError('validation', 'documents.oneFile');
        continue;
      }
      stored = await streamFile(deps, ctx, part, (id) => {
        pendingId = id;
      });
    }
    if (!stored) throw new AppError('validation', 'documents.fileMissing');
    const parsed = documentFieldsSchema.safeParse(fields);
    if (!parsed.success) throw fromZodError(parsed.error);
    const input = parsed.data;
    const file = stored;

    const thumbnail = THUMBNAIL_TYPES.has(file.contentType)
      ? await makeThumbnail(file.contentType, readChunks(deps, ctx.companyId, file.id))
      : null;

    await db.transaction(async (tx) => {
      // One upload at a time per company passes this point: the storage check is exact.
      await tx.execute(
        sql`select 1 from ${company} where ${company.id} = ${ctx.companyId} for update`,
      );
      const { used, limit } = await storageOf(tx, ctx.companyId, ctx.company.subscriptionTier);
      if (used > limit) throw storageFull(used - file.size, limit, (n) => formatBytes(n));
      const now = deps.now();
      let previous: { id: string; title: string } | null = null;
      if (input.replaces) {
        const old = await documentHead(tx, ctx, input.replaces).catch(() => null);
        const [onMachine] = old
          ? await tx
              .select({ id: documentMachine.equipmentId })
              .from(documentMachine)
              .where(
                and(
                  eq(documentMachine.documentId, old.id),
                  inArray(documentMachine.equipmentId, target.equipmentIds),
                ),
              )
              .limit(1)
          : [];
        if (!old || !onMachine)
          throw new AppError('validation', 'documents.replacesOther', {
            fieldErrors: { replaces: 'documents.replacesOther' },
          });
        previous = { id: old.id, title: old.title };
        await tx
          .update(document)
          .set({ replacedBy: file.id, replacedAt: now })
          .where(and(eq(document.id, old.id), eq(document.companyId, ctx.companyId)));
      }
      await tx
        .update(document)
        .set({
          title: input.title,
          category: input.category,
          expiresOn: input.expiresOn ?? null,
          notes: input.notes || null,
          thumbnail,
          workOrderId: target.workOrderId ?? null,
          serviceEntryId: target.serviceEntryId ?? null,
          state: 'stored',
          uploadedAt: now,
        })
        .where(and(eq(document.id, file.id), eq(document.companyId, ctx.companyId)));
      await tx.insert(documentMachine).values(
        target.equipmentIds.map((equipmentId) => ({
          documentId: file.id,
          equipmentId,
          companyId: ctx.companyId,
        })),
      );
      await renewFromDocument(tx, deps, ctx, {
        equipmentIds: target.equipmentIds,
        category: input.category,
        expiresOn: input.expiresOn ?? null,
        lang: historyLang(req.headers['accept-language']),
      });
      for (const equipmentId of target.equipmentIds)
        await record(
          tx,
          actorOf(ctx),
          equipmentId,
          now,
          previous
            ? {
                kind: 'document_replaced',
                params: {
                  documentId: file.id,
                  title: input.title,
                  category: input.category,
                  previous: previous.title,
                },
              }
            : {
                kind: 'document_added',
                params: { documentId: file.id, title: input.title, category: input.category },
              },
        );
    });
    pendingId = null;
    return await getDocument(deps, ctx, file.id);
  } catch (e) {
    if (pendingId)
      await db
        .delete(document)
        .where(and(eq(document.id, pendingId), eq(document.companyId, ctx.companyId)))
        .catch(() => undefined);
    throw e;
  }

  /** Streams the file part into chunks; `onRow` learns the pending row's id as soon as it exists. */
  async function streamFile(
    deps: Deps,
    ctx: CompanyContext,
    part: Extract<Multipart, { type: 'file' }>,
    onRow: (id: string) => void,
  ): Promise<Stored> {
    const filename = cleanFilename(part.filename ?? '');
    const hash = createHash('sha256');
    const buf = Buffer.allocUnsafe(DOCUMENT_CHUNK_BYTES);
    let fill = 0;
    let n = 0;
    let size = 0;
    let id: string | null = null;
    let contentType: DocumentContentType | null = null;
    let text: TextCheck | null = null;

    const flush = async (last: boolean) => {
      if (fill === 0 && !(last && id === null)) return;
      const piece = buf.subarray(0, fill);
      if (id === null) {
        if (fill === 0) throw new AppError('validation', 'documents.fileMissing');
        const sniffed = await sniffType(piece);
        if (sniffed === null) throw refusedType();
        if (sniffed === 'text') {
          text = new TextCheck();
          contentType = /\.csv$/i.test(filename) ? 'text/csv' : 'text/plain';
        } else contentType = sniffed;
        const [row] = await deps.db
          .insert(document)
          .values({
            companyId: ctx.companyId,
            title: filename,
            category: 'other',
            filename,
            contentType,
            chunkSize: DOCUMENT_CHUNK_BYTES,
            uploadedBy: ctx.userId,
            uploadedByName: actorName(ctx),
            uploadedAt: deps.now(),
          })
          .returning({ id: document.id });
        id = row!.id;
        onRow(id);
      }
      if (text && !text.push(piece)) throw refusedType();
      if (text && last && !text.end()) throw refusedType();
      if (fill === 0) return;
      await deps.db
        .insert(documentChunk)
        .values({ documentId: id, companyId: ctx.companyId, n, bytes: piece });
      n += 1;
      // The insert has been sent and answered: the same buffer takes the next chunk (no garbage per chunk).
      fill = 0;
    };

    try {
      for await (const data of part.file as AsyncIterable<Buffer>) {
        size += data.length;
        if (size > DOCUMENT_MAX_BYTES) throw tooLarge();
        hash.update(data);
        let offset = 0;
        while (offset < data.length) {
          const take = Math.min(data.length - offset, DOCUMENT_CHUNK_BYTES - fill);
          data.copy(buf, fill, offset, offset + take);
          fill += take;
          offset += take;
          if (fill === DOCUMENT_CHUNK_BYTES) await flush(false);
        }
      }
    } catch (e) {
      part.file.resume();
      throw multipartError(e);
    }
    if (part.file.truncated) throw tooLarge();
    await flush(true);
    const sha256 = hash.digest('hex');
    await deps.db
      .update(document)
      .set({ size, sha256 })
      .where(and(eq(document.id, id!), eq(document.companyId, ctx.companyId)));
    return { id: id!, contentType: contentType!, size, sha256, filename };
  }
}

/** A stored document's chunks in order, read one at a time. */
export async function* readChunks(
  deps: Pick<Deps, 'db'>,
  companyId: string,
  documentId: string,
  from = 0,
  to = Number.MAX_SAFE_INTEGER,
): AsyncGenerator<Buffer> {
  for (let n = from; n <= to; n++) {
    const [row] = await deps.db
      .select({ bytes: documentChunk.bytes })
      .from(documentChunk)
      .where(
        and(
          eq(documentChunk.documentId, documentId),
          eq(documentChunk.companyId, companyId),
          eq(documentChunk.n, n),
        ),
      )
      .orderBy(asc(documentChunk.n))
      .limit(1);
    if (!row) return;
    yield row.bytes;
  }
}
