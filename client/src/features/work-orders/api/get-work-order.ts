import { queryOptions, useQuery } from '@tanstack/react-query';
import type { WorkOrderDto } from '@domain/schemas/work-orders';
import { api } from '@/lib/api';
import { workOrderKeys } from './keys';

export const workOrderQueryOptions = (id: string) =>
  queryOptions({
    queryKey: workOrderKeys.detail(id),
    queryFn: () => api.get<WorkOrderDto>(`/api/work-orders/${id}`),
  });

export const useWorkOrder = (id: string) => useQuery(workOrderQueryOptions(id));
