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

export async function startTestApp(): Promise<TestApp> {
  const database = connectDatabase(inject('databaseUrl'), { max: 10 });
  const config = { ...loadConfig({}), seedDemo: false };
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
