import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { TestProject } from 'vitest/node';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { connectDatabase, type Database } from '../../server/db/connection';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../../server/db/embedded';
import { applyMigrations } from '../../server/db/migrate';
import { seedDemoIfEmpty } from '../../server/db/seed/demo.seed';
import { startJobQueue, type JobQueue } from '../../server/jobs/queue';
import { freePort } from './free-port';
import { checkResponses, type ResponseContract } from './response-contract';

/**
 * The whole product as `npm start` runs it, for the browser tests: a private embedded PostgreSQL
 * in a temporary folder, the committed migrations, the demo merchant, the job queue, and the
 * server on 127.0.0.1 serving the built browser app (`npm run test:e2e` builds dist/web first).
 * Tests read `baseUrl` and `databaseUrl` with `inject`; the demo sign-ins are `demoAccounts`.
 * Every answer the browser receives is checked against the OpenAPI document
 * (response-contract.ts); the run fails at teardown when one did not match.
 */
export default async function setup(project: TestProject) {
  const builtDir = path.resolve('dist/web');
  if (!fs.existsSync(path.join(builtDir, 'index.html'))) {
    throw new Error(`${builtDir}/index.html is missing: run \`npm run build\` first (npm run test:e2e does).`);
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'loyalty-e2e-'));
  // Serve a snapshot of the build, so a `vite build` started meanwhile (which empties dist/web)
  // cannot pull the files from under a running browser test.
  const webDir = path.join(dataDir, 'web');
  fs.cpSync(builtDir, webDir, { recursive: true });
  let embedded: EmbeddedDatabase | null = null;
  let database: Database | null = null;
  let jobs: JobQueue | null = null;
  let app: FastifyInstance | null = null;
  let contract: ResponseContract | null = null;

  const teardown = async () => {
    await app?.close().catch(() => undefined);
    await jobs?.stop().catch(() => undefined);
    await database?.close().catch(() => undefined);
    await embedded?.stop().catch(() => undefined);
    fs.rmSync(dataDir, { recursive: true, force: true });
    if (contract) console.log(`response check: ${contract.checked} answers checked against the OpenAPI document`);
    contract?.assertClean();
  };

  try {
    embedded = await startEmbeddedPostgres({ dataDir, port: await freePort() });
    database = connectDatabase(embedded.url);
    await applyMigrations(database);
    const demo = await seedDemoIfEmpty(database);
    jobs = await startJobQueue(embedded.url);
    const port = await freePort();
    const config = { ...loadConfig({}), host: '127.0.0.1', port, webDir, seedDemo: true };
    app = await buildApp({ database, config, jobs });
    contract = checkResponses(app);
    await app.listen({ port, host: '127.0.0.1' });

    project.provide('baseUrl', `http://127.0.0.1:${port}`);
    project.provide('databaseUrl', embedded.url);
    project.provide('demoTenantCode', demo.tenantCode);
    project.provide(
      'demoAccounts',
      demo.accounts.map(({ login, password }) => ({ login, password })),
    );
  } catch (error) {
    await teardown();
    throw error;
  }
  return teardown;
}

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    databaseUrl: string;
    demoTenantCode: string;
    demoAccounts: { login: string; password: string }[];
  }
}
