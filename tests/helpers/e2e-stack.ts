import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { connectDatabase, type Database } from '../../server/db/connection';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../../server/db/embedded';
import { applyMigrations } from '../../server/db/migrate';
import { seedDemoIfEmpty } from '../../server/db/seed/demo.seed';
import { startJobQueue, type JobQueue } from '../../server/jobs/queue';
import { freePort } from './free-port';
import { checkResponses, type ResponseContract } from './response-contract';
import type { E2eStack, StackMessage } from './e2e-stacks';

/**
 * One browser-test stack, in its own process as `npm start` runs the product: a private embedded
 * PostgreSQL in a temporary folder, the committed migrations, the demo merchant, the job queue,
 * and the server on 127.0.0.1 serving the built browser app from `E2E_WEB_DIR`. Every answer the
 * browser receives is checked against the OpenAPI document (response-contract.ts).
 *
 * Started by the e2e global set-up (e2e-stacks.ts) over an IPC channel: it sends `ready` with its
 * addresses, and on `stop` closes everything and sends `stopped` with the contract's findings.
 */
const send = (message: StackMessage) => process.send?.(message);

async function main(): Promise<void> {
  const webDir = process.env.E2E_WEB_DIR;
  if (!webDir) throw new Error('E2E_WEB_DIR is not set');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'loyalty-e2e-'));
  let embedded: EmbeddedDatabase | null = null;
  let database: Database | null = null;
  let jobs: JobQueue | null = null;
  let app: FastifyInstance | null = null;
  let contract: ResponseContract | null = null;

  const teardown = async (): Promise<string | null> => {
    await app?.close().catch(() => undefined);
    await jobs?.stop().catch(() => undefined);
    await database?.close().catch(() => undefined);
    await embedded?.stop().catch(() => undefined);
    fs.rmSync(dataDir, { recursive: true, force: true });
    try {
      contract?.assertClean();
      return null;
    } catch (error) {
      return error instanceof Error ? error.message : String(error);
    }
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
    const stack: E2eStack = {
      baseUrl: `http://127.0.0.1:${port}`,
      databaseUrl: embedded.url,
      demoTenantCode: demo.tenantCode,
      demoAccounts: demo.accounts.map(({ login, password }) => ({ login, password })),
    };
    send({ type: 'ready', stack });
  } catch (error) {
    await teardown();
    send({ type: 'failed', error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
    process.exit(1);
  }

  process.on('message', (message: { type?: string }) => {
    if (message?.type !== 'stop') return;
    void teardown().then((problems) => {
      send({ type: 'stopped', checked: contract?.checked ?? 0, problems });
      process.disconnect?.();
      process.exit(0);
    });
  });
  // The set-up's process went away without a stop: leave nothing running.
  process.on('disconnect', () => void teardown().then(() => process.exit(1)));
}

void main();
