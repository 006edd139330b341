import pg from 'pg';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import * as schema from './schema/index';

export type Schema = typeof schema;
export type Db = NodePgDatabase<Schema>;
/** A Drizzle handle usable both at top level and inside `db.transaction(tx => …)`. */
export type DbOrTx = Db | Parameters<Parameters<Db['transaction']>[0]>[0];

/** A pool and its Drizzle handle. */
export interface Database {
  readonly pool: pg.Pool;
  readonly db: Db;
  readonly url: string;
  close(): Promise<void>;
}

// PostgreSQL bigint (int8) and numeric come back as strings by default. Ids stay well inside
// 2^53, so int8 becomes a number; numeric (money) stays a string so it is never rounded by a float.
pg.types.setTypeParser(20, (value) => Number(value));

export function connectDatabase(url: string, options: { max?: number } = {}): Database {
  const pool = new pg.Pool({ connectionString: url, max: options.max ?? 20 });
  pool.on('error', () => undefined);
  const db = drizzle(pool, { schema });
  return { pool, db, url, close: () => pool.end() };
}
