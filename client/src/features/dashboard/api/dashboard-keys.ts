import { equipmentKeys } from '@/components/equipment/equipment-queries';

/**
 * Query keys of the dashboard's own read models. They live under equipmentKeys.all, so every
 * equipment mutation (usage, service, notes, removal) refreshes the history and fuel cards too.
 */
export const dashboardKeys = {
  all: [...equipmentKeys.all, 'dashboard'] as const,
  history: (limit: number) => [...equipmentKeys.all, 'dashboard', 'history', limit] as const,
  overview: (filters: object) => [...equipmentKeys.all, 'dashboard', 'overview', filters] as const,
  fuelSummary: () => [...equipmentKeys.all, 'dashboard', 'fuel-summary'] as const,
  users: () => ['dashboard', 'users'] as const,
};
