import { migrate } from 'drizzle-orm/node-postgres/migrator';
import type { Database } from './connection';
import { MIGRATIONS_FOLDER } from '../runtime-paths';

/**
 * Applies the committed drizzle-kit migrations. Several API processes may start at once on one
 * database, so the run is serialised with an advisory lock.
 */
export async function applyMigrations(database: Database): Promise<void> {
  const client = await database.pool.connect();
  try {
    await client.query('select pg_advisory_lock(724001)');
    await migrate(database.db, { migrationsFolder: MIGRATIONS_FOLDER });
  } finally {
    await client.query('select pg_advisory_unlock(724001)').catch(() => undefined);
    client.release();
  }
}
