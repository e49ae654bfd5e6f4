import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TaskCategory } from '@domain/schedule';
import type { DueList, DueWindow } from '@domain/schemas/maintenance';
import type { PartDto } from '@domain/schemas/work-orders';
import { equipmentKeys } from '@/components/equipment/equipment-queries';
import { api } from '@/lib/api';

/** Under equipmentKeys.all: every equipment write (service, usage, edit) refreshes the list. */
export const dueKeys = {
  list: (within: DueWindow, category?: TaskCategory) =>
    [...equipmentKeys.all, 'due', within, category ?? 'all'] as const,
  calendar: () => ['company', 'calendar'] as const,
};

export const dueListQueryOptions = (within: DueWindow, category?: TaskCategory) =>
  queryOptions({
    queryKey: dueKeys.list(within, category),
    queryFn: () =>
      api.get<DueList>(
        `/api/maintenance/due?within=${within}&machines=false${category ? `&category=${category}` : ''}`,
      ),
  });

export const useDueList = (within: DueWindow, category?: TaskCategory) =>
  useQuery(dueListQueryOptions(within, category));

/** Parts at or below their reorder point (issue 27); the list is empty for a company without parts. */
export const lowStockQueryOptions = () =>
  queryOptions({
    queryKey: [...equipmentKeys.all, 'low-stock'] as const,
    queryFn: () => api.get<PartDto[]>('/api/parts?low=1'),
  });

export const useLowStock = () => useQuery(lowStockQueryOptions());
