import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DOCUMENT_MAX_BYTES, documentCategories } from '@domain/documents';
import { historyLang, type HistoryLang } from '@domain/history-text';
import {
  type DocumentDto,
  documentDtoSchema,
  documentListSchema,
  documentMachinesSchema,
  documentPatchSchema,
} from '@domain/schemas/documents';
import type { Deps } from '../../deps';
import { sendPhoto } from '../../lib/request';
import { idParams, okDto } from '../../lib/route-schemas';
import { COMPANY_PEOPLE, MANAGERS, WORKSHOP, documented } from '../../lib/route-options';
import { companyCtx } from '../../plugins/access';
import type { CompanyContext } from '../../plugins/auth-context';
import { cachedRead } from '../../plugins/cached-read';
import * as svc from './documents.service';
import { sendDocumentFile } from './send-file';
import { uploadDocument } from './upload';

/**
 * Who may read documents: the company's people (COMPANY_PEOPLE: operators see their chosen machine's
 * manual). A work order's files: the WORKSHOP too (a technician's receipt photo when completing it).
 */
const documentsApi = documented('Documents');

/** The multipart body as the OpenAPI document shows it (the server streams `file`; the rest is above). */
const documentUploadBodyJsonSchema = {
  type: 'object',
  required: ['file', 'title', 'category'],
  properties: {
    file: {
      type: 'string',
      format: 'binary',
      description:
        'The file, at most 25 MB: PDF, JPEG, PNG, WebP, HEIC, docx, xlsx, odt, ods, or UTF-8 text (txt, csv). Its type is read from its bytes.',
    },
    title: { type: 'string', minLength: 1, maxLength: 200 },
    category: { type: 'string', enum: [...documentCategories] },
    expiresOn: { type: 'string', format: 'date', description: 'YYYY-MM-DD (optional)' },
    notes: { type: 'string', maxLength: 2000 },
    replaces: {
      type: 'string',
      format: 'uuid',
      description: 'The id of a document this one replaces (optional)',
    },
  },
} as const;

type Json = Record<string, unknown>;
const errorOf = (description: string) => ({
  description,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
});
/** What the OpenAPI document says of an upload (openapi.ts reads `config.openapi`). */
const uploadDoc = {
  body: documentUploadBodyJsonSchema as unknown as Json,
  consumes: ['multipart/form-data'],
  responses: {
    '413': errorOf(
      "The file is over 25 MB (documents.tooLarge), or the company's storage limit would be exceeded (documents.storageFull, the limit named); nothing is stored",
    ),
    '415': errorOf(
      'The bytes are not an accepted type (documents.type: HTML, SVG, scripts, executables...), or the body is not multipart',
    ),
  },
};
const fileDoc = {
  responses: {
    '200': {
      description:
        'The bytes (ETag = the SHA-256; Content-Disposition inline for images and PDFs, attachment otherwise; nosniff, CSP sandbox)',
      content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } },
    },
    '206': {
      description: 'One byte range (Range: bytes=a-b)',
      content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } },
    },
    '304': { description: 'Not modified (If-None-Match matched the ETag)' },
    '416': errorOf('The range is outside the file (Content-Range: bytes */size)'),
  },
};
const thumbDoc = {
  responses: {
    '200': {
      description: 'A WebP thumbnail (images only; none for HEIC, PDFs and office files: 404)',
      content: { 'image/webp': { schema: { type: 'string', format: 'binary' } } },
    },
  },
};

/** Documents on machines, work orders and service entries (issue 42, docs/api.md). */
export async function documentsRoutes(fastify: FastifyInstance, deps: Deps) {
  // Multipart is read by the upload routes only (this scope); every other route takes JSON.
  await fastify.register(async (scope) => {
    await scope.register(multipart, {
      limits: {
        fileSize: DOCUMENT_MAX_BYTES,
        files: 1,
        fields: 10,
        fieldSize: 10_000,
        parts: 12,
        headerPairs: 100,
      },
    });
    const app = scope.withTypeProvider<ZodTypeProvider>();
    const upload = (
      url: string,
      summary: string,
      access: typeof MANAGERS | typeof WORKSHOP,
      target: (
        req: { params: { id: string } },
        ctx: ReturnType<typeof companyCtx>,
      ) => Promise<Parameters<typeof uploadDocument>[3]>,
    ) =>
      app.post(
        url,
        documentsApi.write(
          access,
          summary,
          { params: idParams, response: { 201: documentDtoSchema } },
          { openapi: uploadDoc },
        ),
        async (req, reply) => {
          const ctx = companyCtx(req);
          const dto = await uploadDocument(deps, ctx, req, await target(req, ctx));
          return reply.status(201).send(dto);
        },
      );
    upload(
      '/api/equipment/:id/documents',
      'Upload a file to a machine (multipart: file, title, category, expiresOn, notes, replaces)',
      MANAGERS,
      async (req, ctx) => {
        const m = await svc.machineOf(deps.db, ctx, req.params.id);
        if (m.retiredAt) throw svc.retired();
        return { equipmentIds: [m.id] };
      },
    );
    upload(
      '/api/work-orders/:id/documents',
      "Upload a file to a work order (a receipt, an invoice, a photo of the job); it is on the order's machine too",
      WORKSHOP,
      async (req, ctx) => {
        const equipmentId = await svc.recordMachine(deps.db, ctx, { workOrderId: req.params.id });
        return { equipmentIds: [equipmentId], workOrderId: req.params.id };
      },
    );
    upload(
      '/api/service-entries/:id/documents',
      "Upload a file to a service entry (a receipt, an invoice); it is on the entry's machine too",
      MANAGERS,
      async (req, ctx) => {
        const equipmentId = await svc.recordMachine(deps.db, ctx, {
          serviceEntryId: req.params.id,
        });
        return { equipmentIds: [equipmentId], serviceEntryId: req.params.id };
      },
    );
  });

  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/api/equipment/:id/documents',
    documentsApi.read(
      COMPANY_PEOPLE,
      "A machine's documents, newest first (replaced ones left out)",
      {
        params: idParams,
        response: { 200: documentListSchema },
      },
    ),
    async (req, reply) =>
      cachedRead(deps, req, reply, (ctx) => svc.machineDocuments(deps, ctx, req.params.id)),
  );
  // A work order's and a service entry's files (svc.recordDocuments; not kept by the read cache).
  const records = [
    {
      url: '/api/work-orders/:id/documents',
      access: WORKSHOP,
      summary: "A work order's files, newest first",
      on: (id: string) => ({ workOrderId: id }),
    },
    {
      url: '/api/service-entries/:id/documents',
      access: COMPANY_PEOPLE,
      summary: "A service entry's files, newest first",
      on: (id: string) => ({ serviceEntryId: id }),
    },
  ];
  for (const { url, access, summary, on } of records)
    app.get(
      url,
      documentsApi.read(access, summary, {
        params: idParams,
        response: { 200: documentListSchema },
      }),
      async (req) => svc.recordDocuments(deps, companyCtx(req), on(req.params.id)),
    );
  app.get(
    '/api/documents/:id',
    documentsApi.read(COMPANY_PEOPLE, "A document's description (no bytes)", {
      params: idParams,
      response: { 200: documentDtoSchema },
    }),
    async (req) => svc.getDocument(deps, companyCtx(req), req.params.id),
  );
  app.get(
    '/api/documents/:id/file',
    documentsApi.read(
      COMPANY_PEOPLE,
      "A document's bytes (ETag, Range)",
      {
        params: idParams,
        headers: z.object({ range: z.string().optional(), 'if-none-match': z.string().optional() }),
      },
      { openapi: fileDoc },
    ),
    async (req, reply) => sendDocumentFile(deps, companyCtx(req), req.params.id, req, reply),
  );
  app.get(
    '/api/documents/:id/thumbnail',
    documentsApi.read(
      COMPANY_PEOPLE,
      "An image document's thumbnail (WebP)",
      { params: idParams },
      { openapi: thumbDoc },
    ),
    async (req, reply) =>
      sendPhoto(reply, await svc.thumbnailOf(deps, companyCtx(req), req.params.id)),
  );
  /** A change to a document: answered with the document, its machines' history in the caller's language. */
  const change = <Body extends z.ZodType>(
    method: 'PATCH' | 'POST',
    url: string,
    summary: string,
    body: Body,
    run: (
      deps: Deps,
      ctx: CompanyContext,
      id: string,
      input: z.output<Body>,
      lang: HistoryLang,
    ) => Promise<DocumentDto>,
  ) =>
    fastify.route({
      method,
      url,
      ...documentsApi.write(MANAGERS, summary, {
        params: idParams,
        body,
        response: { 200: documentDtoSchema },
      }),
      // The id and the body are checked by the declared schemas first (plugins/validation.ts).
      handler: async (req) =>
        run(
          deps,
          companyCtx(req),
          (req.params as z.output<typeof idParams>).id,
          req.body as z.output<Body>,
          historyLang(req.headers['accept-language']),
        ),
    });
  change(
    'PATCH',
    '/api/documents/:id',
    "Change a document's title, category, expiry or notes",
    documentPatchSchema,
    svc.updateDocument,
  );
  app.delete(
    '/api/documents/:id',
    documentsApi.write(
      MANAGERS,
      'Remove a document and its bytes (each machine it was on records it)',
      { params: idParams, response: { 200: okDto } },
    ),
    async (req) => {
      await svc.deleteDocument(deps, companyCtx(req), req.params.id);
      return { ok: true as const };
    },
  );
  change(
    'POST',
    '/api/documents/:id/machines',
    'Put a document on more machines (stored once)',
    documentMachinesSchema,
    svc.linkMachines,
  );
}
