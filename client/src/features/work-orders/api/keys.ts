import type { WorkOrderListQuery } from '@domain/schemas/work-orders';

/** Query keys of work orders, parts and costs (issue 27); every write invalidates `all`. */
export const workOrderKeys = {
  all: ['work-orders'] as const,
  list: (q: Partial<WorkOrderListQuery>) => [...workOrderKeys.all, 'list', q] as const,
  detail: (id: string) => [...workOrderKeys.all, 'detail', id] as const,
  assignees: () => [...workOrderKeys.all, 'assignees'] as const,
  proposal: (equipmentId: string, defectId: string | null = null) =>
    [...workOrderKeys.all, 'proposal', equipmentId, defectId] as const,
  parts: () => [...workOrderKeys.all, 'parts'] as const,
  costs: (months: number, equipmentId?: string) =>
    [...workOrderKeys.all, 'costs', months, equipmentId ?? null] as const,
};
