import { afterEach, inject } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { connectDatabase, type Database } from '../../server/db/connection';
import { TEST_WEBHOOK_RETRY_SECONDS } from './console-process';
import { checkResponses, type ResponseContract } from './response-contract';

/** The real Fastify app on the run's real PostgreSQL, driven with `app.inject`. */
export interface TestApp {
  readonly app: FastifyInstance;
  readonly database: Database;
  /** The check of every answer against the OpenAPI document (tests/helpers/response-contract.ts). */
  readonly contract: ResponseContract;
  close(): Promise<void>;
}

/**
 * The scrypt cost (log2 of N) of the test app: cheap, since tests create and sign in hundreds
 * of accounts. Production keeps the default (config.ts).
 */
export const TEST_PASSWORD_HASH_COST = 8;

// Every app a test file builds checks its answers; a violation fails the test it happened in.
const contracts = new Set<ResponseContract>();
afterEach(() => {
  for (const contract of contracts) contract.assertClean();
});

/**
 * `buildApp` for tests: the same app, with the response check installed before it is ready.
 * The check cannot be turned off; use this (or `startTestApp`) for every app a test builds.
 */
export async function buildTestApp(options: Parameters<typeof buildApp>[0]): Promise<{ app: FastifyInstance; contract: ResponseContract }> {
  const app = await buildApp(options);
  const contract = checkResponses(app);
  contracts.add(contract);
  // A test app logs nothing; an answer of 500 prints the error behind it, so a failure seen once
  // (a loaded CI machine) says what went wrong.
  const failures = new WeakMap<object, unknown>();
  app.addHook('onError', async (request, _reply, error) => {
    failures.set(request, error);
  });
  app.addHook('onResponse', async (request, reply) => {
    if (reply.statusCode >= 500 && failures.has(request))
      console.error(`[test app] ${request.method} ${request.url} answered ${reply.statusCode}:`, failures.get(request));
  });
  app.addHook('onClose', async () => {
    contracts.delete(contract);
    contract.assertClean();
  });
  return { app, contract };
}

/**
 * A clock a test can stop at any instant (`set`) and give back to the system (`set(null)`):
 * rules that follow time (states with a timeline) are then checked at exact seconds, no sleeping.
 */
export interface TestClock {
  now(): Date;
  set(at: Date | null): void;
}

export function testClock(): TestClock {
  let pinned: Date | null = null;
  return {
    now: () => (pinned ? new Date(pinned.getTime()) : new Date()),
    set: (at) => {
      pinned = at;
    },
  };
}

/**
 * The configuration of an app built in the test's process with a job queue (`buildTestApp` with
 * `jobs`): it retries webhook deliveries as every test console does (TEST_WEBHOOK_RETRY_SECONDS).
 */
export function queuedAppConfig(): ReturnType<typeof loadConfig> {
  return { ...loadConfig({ WEBHOOK_RETRY_SECONDS: TEST_WEBHOOK_RETRY_SECONDS }), seedDemo: false };
}

/**
 * Starts the app; `env` sets environment variables as `loadConfig` reads them (`TRUST_PROXY`);
 * `clock` replaces the server's clock (`testClock()`).
 */
export async function startTestApp(options: { env?: NodeJS.ProcessEnv; clock?: TestClock } = {}): Promise<TestApp> {
  const database = connectDatabase(inject('databaseUrl'), { max: 10 });
  const config = { ...loadConfig({ PASSWORD_HASH_COST: String(TEST_PASSWORD_HASH_COST), ...options.env }), seedDemo: false };
  const clock = options.clock;
  const { app, contract } = await buildTestApp({ database, config, jobs: null, ...(clock ? { clock: () => clock.now() } : {}) });
  await app.ready();
  return {
    app,
    database,
    contract,
    close: async () => {
      try {
        await app.close();
      } finally {
        await database.close();
      }
    },
  };
}
