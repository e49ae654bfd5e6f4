import { z } from 'zod';
import { documentCategories } from '../documents';
import { commonMessages } from '../messages/common';
import { documentsMessages as m } from '../messages/documents';
import { dateSchema, text } from './primitives';

/**
 * Documents (issue 42): the fields of an upload (multipart/form-data with `file`), a change, the links to
 * machines, and the answer. The server reads the form's text fields into `documentFieldsSchema`.
 */

export const documentCategorySchema = z.enum(documentCategories, { error: m.categoryInvalid });

/** An empty form field is "not given" (a form always sends its text fields). */
const optionalField = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === '' || v === null ? undefined : v), schema.optional());

export const documentFieldsSchema = z.object({
  title: text({ error: m.titleRequired })
    .trim()
    .min(1, m.titleRequired)
    .max(200, commonMessages.tooLong),
  category: documentCategorySchema,
  expiresOn: optionalField(dateSchema),
  notes: optionalField(text().trim().max(2000, commonMessages.tooLong)),
  /** The document this one replaces (a newer certificate, a new edition of the manual). */
  replaces: optionalField(z.uuid(m.notFound)),
});
export type DocumentFields = z.output<typeof documentFieldsSchema>;

export const documentPatchSchema = z.object({
  title: documentFieldsSchema.shape.title.optional(),
  category: documentCategorySchema.optional(),
  expiresOn: dateSchema.nullable().optional(),
  notes: text().trim().max(2000, commonMessages.tooLong).nullable().optional(),
});
export type DocumentPatch = z.output<typeof documentPatchSchema>;

export const documentMachinesSchema = z.object({
  equipmentIds: z.array(z.uuid(commonMessages.notFound)).min(1, m.noMachines).max(500),
});
export type DocumentMachinesInput = z.output<typeof documentMachinesSchema>;

export const documentDtoSchema = z.object({
  id: z.string(),
  title: z.string(),
  category: documentCategorySchema,
  /** The cleaned filename (no folders, no control characters). */
  filename: z.string(),
  /** The type read from the bytes. */
  contentType: z.string(),
  size: z.number().int(),
  sha256: z.string(),
  expiresOn: z.string().nullable(),
  notes: z.string().nullable(),
  /** Who uploaded it, by name at the time. */
  uploadedBy: z.string(),
  uploadedAt: z.string(),
  hasThumbnail: z.boolean(),
  /** The machines it is on. */
  equipmentIds: z.array(z.string()),
  workOrderId: z.string().nullable(),
  serviceEntryId: z.string().nullable(),
  /** The newer document that replaced this one, if any. */
  replacedBy: z.string().nullable(),
});
export type DocumentDto = z.infer<typeof documentDtoSchema>;

export const documentListSchema = z.array(documentDtoSchema);

/** The upload dialog's fields (the file is sent beside them): the form's strings, '' for none. */
export const documentFormSchema = documentFieldsSchema.omit({ replaces: true });
