/** `npm run db:migrate`: applies migrations to the configured database and exits. */
import { loadEnvOrExit } from '../env.ts';
import { openDatabase } from './client.ts';
import { applyMigrations } from './migrate.ts';

const env = loadEnvOrExit();
const database = await openDatabase(env.DATABASE_URL ? { url: env.DATABASE_URL } : { dataDir: env.DATA_DIR });
await applyMigrations(database);
await database.close();
console.log(`Migrations applied (${database.kind}).`);
