export const profileKeys = {
  all: ['profile'] as const,
  company: () => [...profileKeys.all, 'company'] as const,
  digest: () => [...profileKeys.all, 'digest'] as const,
  fuelPrices: () => [...profileKeys.all, 'fuel-prices'] as const,
};
