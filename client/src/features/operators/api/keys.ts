/** Query keys of the operators feature. */
export const operatorKeys = {
  all: ['operators'] as const,
  employees: () => [...operatorKeys.all, 'employees'] as const,
  managers: () => [...operatorKeys.all, 'managers'] as const,
  companySettings: () => ['company-settings'] as const,
  updates: () => ['operator-updates'] as const,
  equipmentOptions: () => ['equipment', 'list', 'operator'] as const,
};
