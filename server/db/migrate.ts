import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import type { Database } from './connection';

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/**
 * Applies the committed drizzle-kit migrations. Several API processes may start at once on one
 * database, so the run is serialised with an advisory lock.
 */
export async function applyMigrations(database: Database): Promise<void> {
  const client = await database.pool.connect();
  try {
    await client.query('select pg_advisory_lock(724001)');
    await migrate(database.db, { migrationsFolder });
  } finally {
    await client.query('select pg_advisory_unlock(724001)').catch(() => undefined);
    client.release();
  }
}
