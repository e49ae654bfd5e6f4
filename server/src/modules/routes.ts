import type { FastifyInstance } from 'fastify';
import type { Deps } from '../deps';
import { authRoutes } from './auth/auth.routes';
import { dashboardRoutes } from './dashboard/dashboard.routes';
import { equipmentRoutes } from './equipment/equipment.routes';
import { healthRoutes } from './health/health.routes';
import { maintenanceRoutes } from './maintenance/maintenance.routes';
import { importRoutes } from './import/import.routes';
import { inspectionsRoutes } from './inspections/inspections.routes';
import { operatorsRoutes } from './operators/operators.routes';
import { fieldRoutes } from './field/field.routes';
import { subscriptionRoutes } from './subscription/subscription.routes';
import { profileRoutes } from './profile/profile.routes';
import { digestRoutes } from './digest/digest.routes';
import { partsRoutes } from './parts/parts.routes';
import { workOrdersRoutes } from './work-orders/work-orders.routes';
import { apiKeysRoutes, integrationsRoutes } from './integrations/index';
import { scheduleRoutes } from './schedule/schedule.routes';
import { reportsRoutes } from './reports/reports.routes';
import { documentsRoutes } from './documents/index';
import { fuelPricesRoutes } from './fuel-prices/index';

/** Every API module, registered in this order. Each module owns its routes and service. */
export async function registerModules(app: FastifyInstance, deps: Deps) {
  await healthRoutes(app, deps);
  await authRoutes(app, deps);
  await dashboardRoutes(app, deps);
  await operatorsRoutes(app, deps);
  await equipmentRoutes(app, deps);
  await fieldRoutes(app, deps);
  await subscriptionRoutes(app, deps);
  await profileRoutes(app, deps);
  await maintenanceRoutes(app, deps);
  await importRoutes(app, deps);
  await digestRoutes(app, deps);
  await inspectionsRoutes(app, deps);
  await partsRoutes(app, deps);
  await workOrdersRoutes(app, deps);
  await scheduleRoutes(app, deps);
  await reportsRoutes(app, deps);
  await documentsRoutes(app, deps);
  await fuelPricesRoutes(app, deps);
  await apiKeysRoutes(app, deps);
  await integrationsRoutes(app, deps);
}
