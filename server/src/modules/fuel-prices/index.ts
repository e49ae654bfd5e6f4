export { fuelPricesRoutes } from './fuel-prices.routes';
export { pricesUpTo } from './fuel-prices.service';
