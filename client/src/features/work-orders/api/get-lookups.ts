import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CostsDto, PartDto, WorkOrderProposal } from '@domain/schemas/work-orders';
import { api } from '@/lib/api';
import { workOrderKeys } from './keys';

export type Assignee = { id: string; role: string; name: string };
export type Proposal = WorkOrderProposal;

export const useAssignees = (enabled = true) =>
  useQuery({
    queryKey: workOrderKeys.assignees(),
    queryFn: () => api.get<Assignee[]>('/api/work-orders/assignees'),
    enabled,
  });

/** What a new order for a machine (or for one of its defects) starts from. */
export const useProposal = (
  equipmentId: string | null,
  defectId: string | null = null,
  taskId: string | null = null,
) =>
  useQuery({
    queryKey: [...workOrderKeys.proposal(equipmentId ?? '', defectId), taskId] as const,
    queryFn: () =>
      api.get<Proposal>(
        `/api/work-orders/proposal/${equipmentId}${
          defectId ? `?defectId=${defectId}` : taskId ? `?taskId=${taskId}` : ''
        }`,
      ),
    enabled: Boolean(equipmentId),
  });

export const partsQueryOptions = () =>
  queryOptions({
    queryKey: workOrderKeys.parts(),
    queryFn: () => api.get<PartDto[]>('/api/parts'),
  });
export const useParts = () => useQuery(partsQueryOptions());

export const useCosts = (months: number, equipmentId?: string) =>
  useQuery({
    queryKey: workOrderKeys.costs(months, equipmentId),
    queryFn: () =>
      api.get<CostsDto>(
        `/api/costs?months=${months}${equipmentId ? `&equipmentId=${equipmentId}` : ''}`,
      ),
  });
