import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  CompleteInputRaw,
  PartInputRaw,
  WorkOrderDto,
  WorkOrderInputRaw,
  WorkOrderPatch,
} from '@domain/schemas/work-orders';
import { equipmentKeys } from '@/components/equipment/equipment-queries';
import { api } from '@/lib/api';
import { workOrderKeys } from './keys';

/** An Idempotency-Key per user action: a phone that sends again is answered, not recorded twice. */
const keyed = () => ({ headers: { 'idempotency-key': crypto.randomUUID() } });

function useWrite<I, O>(fn: (input: I) => Promise<O>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: async () => {
      await Promise.all([
        qc.invalidateQueries({ queryKey: workOrderKeys.all }),
        qc.invalidateQueries({ queryKey: equipmentKeys.all }),
      ]);
    },
  });
}

export const useCreateWorkOrder = () =>
  useWrite((input: WorkOrderInputRaw) =>
    api.post<WorkOrderDto>('/api/work-orders', input, keyed()),
  );

export const useUpdateWorkOrder = (id: string) =>
  useWrite((patch: WorkOrderPatch) => api.patch<WorkOrderDto>(`/api/work-orders/${id}`, patch));

export const useAddPart = (id: string) =>
  useWrite((input: { partId: string; quantity: number }) =>
    api.post<WorkOrderDto>(`/api/work-orders/${id}/parts`, input, keyed()),
  );

export const useAddPhoto = (id: string) =>
  useWrite((data: string) =>
    api.post<WorkOrderDto>(`/api/work-orders/${id}/photos`, { key: crypto.randomUUID(), data }),
  );

export const useCompleteWorkOrder = (id: string) =>
  useWrite((input: CompleteInputRaw) =>
    api.post<WorkOrderDto>(`/api/work-orders/${id}/complete`, input, keyed()),
  );

export const useCreatePart = () => useWrite((input: PartInputRaw) => api.post('/api/parts', input));

export const useStockChange = () =>
  useWrite((v: { id: string; change: number; reason: 'received' | 'adjusted'; note: string }) =>
    api.post(
      `/api/parts/${v.id}/stock`,
      { change: v.change, reason: v.reason, note: v.note },
      keyed(),
    ),
  );
