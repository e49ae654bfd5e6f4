import { queryOptions, useQuery } from '@tanstack/react-query';
import type { WorkOrderDto, WorkOrderListQuery } from '@domain/schemas/work-orders';
import { api } from '@/lib/api';
import { workOrderKeys } from './keys';

export const workOrdersQueryOptions = (q: Partial<WorkOrderListQuery>) =>
  queryOptions({
    queryKey: workOrderKeys.list(q),
    queryFn: () => {
      const params = new URLSearchParams(
        Object.entries(q).filter(([, v]) => v) as [string, string][],
      );
      return api.get<WorkOrderDto[]>(`/api/work-orders?${params.toString()}`);
    },
  });

export const useWorkOrders = (q: Partial<WorkOrderListQuery>) =>
  useQuery(workOrdersQueryOptions(q));
