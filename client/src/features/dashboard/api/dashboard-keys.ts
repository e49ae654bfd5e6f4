/** Query keys of the dashboard's own read models. */
export const dashboardKeys = {
  all: ['dashboard'] as const,
  history: (limit: number) => ['dashboard', 'history', limit] as const,
  fuelSummary: () => ['dashboard', 'fuel-summary'] as const,
  users: () => ['dashboard', 'users'] as const,
};
