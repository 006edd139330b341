import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { connectDatabase, type Database } from '../../server/db/connection';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../../server/db/embedded';
import { applyMigrations } from '../../server/db/migrate';
import { freePort } from '../../tests/helpers/free-port';

/**
 * The database a benchmark works on: `--database-url` when given, else a private embedded
 * PostgreSQL kept in `--data-dir` (default `bench/.data`, gitignored) on a free port of
 * 127.0.0.1, so the generated tenant survives between runs. Migrations are applied either way.
 * `stop()` closes the pool and stops the embedded server if this process started it.
 */

/** The default data directory of the embedded server: `bench/.data`. */
export const DEFAULT_DATA_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '.data');

/** The embedded server keeps its application database under this name. */
const BENCH_DATABASE = 'loyalty_bench';

/** An open benchmark database. */
export interface BenchDatabase {
  readonly database: Database;
  /** Its connection string (for a job queue on the same database). */
  readonly url: string;
  /** Where it runs, for the printout (the password is not shown). */
  readonly where: string;
  stop(): Promise<void>;
}

/** Opens (and if needed starts and migrates) the benchmark database. */
export async function openBenchDatabase(options: { databaseUrl?: string; dataDir?: string; poolSize?: number }): Promise<BenchDatabase> {
  let embedded: EmbeddedDatabase | null = null;
  let url = options.databaseUrl;
  let where: string;
  if (url) {
    where = url.replace(/\/\/[^@/]*@/, '//');
  } else {
    const dataDir = path.resolve(options.dataDir ?? DEFAULT_DATA_DIR);
    embedded = await startEmbeddedPostgres({ dataDir, port: await freePort(), database: BENCH_DATABASE });
    url = embedded.url;
    where = `embedded PostgreSQL in ${dataDir}`;
  }
  const database = connectDatabase(url, { max: options.poolSize ?? 20 });
  try {
    await applyMigrations(database);
  } catch (error) {
    await database.close();
    await embedded?.stop();
    throw error;
  }
  return {
    database,
    url,
    where,
    stop: async () => {
      await database.close().catch(() => undefined);
      await embedded?.stop();
    },
  };
}
