import { inject } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { connectDatabase, type Database } from '../../server/db/connection';

/** The real Fastify app on the run's real PostgreSQL, driven with `app.inject`. */
export interface TestApp {
  readonly app: FastifyInstance;
  readonly database: Database;
  close(): Promise<void>;
}

/**
 * The scrypt cost (log2 of N) of the test app: cheap, since tests create and sign in hundreds
 * of accounts. Production keeps the default (config.ts).
 */
export const TEST_PASSWORD_HASH_COST = 8;

/** Starts the app; `env` sets environment variables as `loadConfig` reads them (`TRUST_PROXY`). */
export async function startTestApp(options: { env?: NodeJS.ProcessEnv } = {}): Promise<TestApp> {
  const database = connectDatabase(inject('databaseUrl'), { max: 10 });
  const config = { ...loadConfig({ PASSWORD_HASH_COST: String(TEST_PASSWORD_HASH_COST), ...options.env }), seedDemo: false };
  const app = await buildApp({ database, config, jobs: null });
  await app.ready();
  return {
    app,
    database,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}
