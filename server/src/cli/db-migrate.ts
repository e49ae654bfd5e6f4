import { loadConfig } from '../config';
import { openDatabase } from '../db/client';

/** npm run db:migrate : applies the committed migrations (the server also does this at start). */
const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.dataDir });
await database.close();
console.info(`Migrations applied (${database.kind}).`);
