import { generateDrizzleJson, generateMigration } from 'drizzle-kit/api';
import type { Database } from '../../server/db/connection';

/**
 * Creates derived tables that have no migration (a test-only declaration) with the DDL
 * drizzle-kit itself would write for them: the same generator as `npm run db:generate`, so the
 * test exercises exactly the columns and indexes a real migration would create.
 */
export async function createDerivedTables(database: Database, tables: Record<string, unknown>): Promise<void> {
  const statements = await generateMigration(generateDrizzleJson({}), generateDrizzleJson(tables));
  for (const statement of statements) await database.pool.query(statement);
}
