/** The documents module's public door (issue 42). */
export { documentsRoutes } from './documents.routes';
export { storageOf } from './documents.service';
export { announceExpiringDocuments } from './expiring-events';
