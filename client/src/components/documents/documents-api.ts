import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import i18n from 'i18next';
import type { DocumentDto, DocumentPatch } from '@domain/schemas/documents';
import { equipmentKeys } from '@/components/equipment/equipment-queries';
import { api, ApiError, fetchWithSession } from '@/lib/api';
import { refetchOnMountUnlessFresh } from '@/lib/query-client';

/** Documents (issue 42): the query keys and calls the machine page and the operator screen share. */
export const documentKeys = {
  all: ['documents'] as const,
  machine: (equipmentId: string) => [...documentKeys.all, 'machine', equipmentId] as const,
};

export const machineDocumentsQuery = (equipmentId: string) =>
  queryOptions({
    queryKey: documentKeys.machine(equipmentId),
    queryFn: () => api.get<DocumentDto[]>(`/api/equipment/${equipmentId}/documents`),
    // The card and the timeline watch the same list: a mount does not ask again for a fresh answer.
    refetchOnMount: refetchOnMountUnlessFresh,
  });

export const useMachineDocuments = (equipmentId: string) =>
  useQuery(machineDocumentsQuery(equipmentId));

/**
 * The operator's copy: asked even when the browser says it is offline, as the operator screen's other
 * queries are (the service worker answers with the list it kept).
 */
export const useOperatorMachineDocuments = (equipmentId: string) =>
  useQuery({ ...machineDocumentsQuery(equipmentId), networkMode: 'offlineFirst' });

/**
 * The list as far as it is known, without asking for it: the machine page's timeline shows a record's
 * files once the Documents card (after the first paint) has them, so the first screen asks nothing more.
 */
export const useKnownMachineDocuments = (equipmentId: string) =>
  useQuery({ ...machineDocumentsQuery(equipmentId), enabled: false }).data ?? [];

/** A work order's files (receipts, invoices, photos of the job). */
export const useWorkOrderDocuments = (workOrderId: string) =>
  useQuery({
    queryKey: [...documentKeys.all, 'work-order', workOrderId] as const,
    queryFn: () => api.get<DocumentDto[]>(`/api/work-orders/${workOrderId}/documents`),
  });

export const documentFileUrl = (id: string) => `/api/documents/${id}/file`;
export const documentThumbnailUrl = (id: string) => `/api/documents/${id}/thumbnail`;

export type UploadFields = {
  title: string;
  category: string;
  expiresOn?: string | undefined;
  notes?: string | undefined;
  /** The document this upload is the new version of (a later expiry completes its renewal). */
  replaces?: string | undefined;
};

/** POST multipart/form-data (the text fields first, then the file, as the server reads them). */
export async function uploadTo(
  url: string,
  fields: UploadFields,
  file: File,
): Promise<DocumentDto> {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) if (v) form.append(k, v);
  form.append('file', file, file.name);
  const res = await fetchWithSession(url, {
    method: 'POST',
    headers: { 'accept-language': i18n.resolvedLanguage ?? 'en' },
    body: form,
  });
  const data = (await res.json().catch(() => ({}))) as Record<string, unknown>;
  if (!res.ok)
    throw new ApiError(
      res.status,
      String(data.message ?? res.statusText),
      data.code as string | undefined,
      data.fieldErrors as Record<string, string> | undefined,
      data.key as string | undefined,
      data.params as Record<string, string | number> | undefined,
    );
  return data as unknown as DocumentDto;
}

/** The machine's timeline and renewal tasks move with its documents: both lists are asked again. */
const refreshAfter = (qc: ReturnType<typeof useQueryClient>) =>
  Promise.all([
    qc.invalidateQueries({ queryKey: documentKeys.all }),
    qc.invalidateQueries({ queryKey: equipmentKeys.all }),
  ]);

/**
 * Uploads to the first machine and puts the document on the others (stored once); with
 * `serviceEntryId`, to that service entry (a receipt, an invoice: on the entry's machine too).
 */
export function useUploadDocument(equipmentIds: string[], serviceEntryId?: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async ({ fields, file }: { fields: UploadFields; file: File }) => {
      if (serviceEntryId)
        return uploadTo(`/api/service-entries/${serviceEntryId}/documents`, fields, file);
      const [first, ...rest] = equipmentIds;
      const doc = await uploadTo(`/api/equipment/${first}/documents`, fields, file);
      if (rest.length === 0) return doc;
      return api.post<DocumentDto>(`/api/documents/${doc.id}/machines`, { equipmentIds: rest });
    },
    onSuccess: () => refreshAfter(qc),
  });
}

export function useDeleteDocument() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<{ ok: true }>(`/api/documents/${id}`),
    onSuccess: () => refreshAfter(qc),
  });
}

/** PATCH /api/documents/:id: title, category, expiry or notes (an expiry moves the renewal). */
export function useUpdateDocument() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, patch }: { id: string; patch: DocumentPatch }) =>
      api.patch<DocumentDto>(`/api/documents/${id}`, patch),
    onSuccess: () => refreshAfter(qc),
  });
}

/**
 * Puts a document on every other active machine of a type (a manual for the whole class, stored once):
 * the type's machines from GET /api/equipment, then POST /api/documents/:id/machines, 500 at a time.
 * Answers how many machines were added.
 */
export function useLinkDocumentToType() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async ({ doc, type }: { doc: DocumentDto; type: string }) => {
      const machines = await api.get<{ id: string }[]>(
        `/api/equipment?${new URLSearchParams({ type })}`,
      );
      const have = new Set(doc.equipmentIds);
      const ids = machines.map((m) => m.id).filter((id) => !have.has(id));
      for (let i = 0; i < ids.length; i += 500)
        await api.post<DocumentDto>(`/api/documents/${doc.id}/machines`, {
          equipmentIds: ids.slice(i, i + 500),
        });
      return ids.length;
    },
    onSuccess: () => refreshAfter(qc),
  });
}
