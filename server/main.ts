import type { FastifyInstance } from 'fastify';
import { loadConfig, type ServerConfig } from './config';
import { startEmbeddedPostgres } from './db/embedded';
import { anyFreePort, portProblem } from './db/embedded-os';
import { connectDatabase } from './db/connection';
import { applyMigrations } from './db/migrate';
import { startJobQueue } from './jobs/queue';
import { buildApp } from './app';
import { seedDemoIfEmpty } from './db/seed/demo.seed';
import { configurePasswordHashing } from './modules/auth/password.hasher';
import { describeStartupFailure, StartupError } from './startup.errors';

/**
 * Starts the console: the embedded PostgreSQL unless DATABASE_URL is set, migrations, the demo
 * merchant on first start, the job queue, then the HTTP server. A failure at any step stops what
 * was already started and prints one line (startup.errors.ts), then exits with code 1.
 */
async function main(config: ServerConfig) {
  const started = Date.now();
  // Before the demo seed hashes its passwords.
  configurePasswordHashing(config.passwordHashCost);
  // Before the database starts: a taken HTTP port should not cost an initdb to find out.
  await assertHttpPortFree(config);
  const undo: (() => Promise<unknown>)[] = [];
  try {
    let url = config.databaseUrl;
    let stopEmbedded: (() => Promise<void>) | null = null;
    if (!url) {
      console.log(`Starting the embedded PostgreSQL (data in ${config.dataDir}) …`);
      const embedded = await startEmbeddedPostgres({
        dataDir: config.dataDir,
        port: config.embeddedPgPort,
        program: 'console',
        notice: (line) => console.log(line),
      });
      stopEmbedded = () => embedded.stop();
      undo.push(stopEmbedded);
      url = embedded.url;
    }
    const database = connectDatabase(url);
    undo.push(() => database.close());
    await applyMigrations(database);
    const demo = config.seedDemo ? await seedDemoIfEmpty(database) : null;
    const jobs = await startJobQueue(url);
    undo.push(() => jobs.stop());
    const app = await buildApp({ database, config, jobs, logger: process.env.LOG_REQUESTS === '1' });
    undo.push(() => app.close());
    await listen(app, config);
    // The routes' schemas compile lazily (a fast start); what is left compiles now, between
    // requests, so no screen's first visit waits for it.
    app.warmUpSchemas();

    const shown = config.host === '0.0.0.0' ? 'localhost' : config.host;
    console.log(`\nLoyalty console ready in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    console.log(`  Console: http://${shown}:${config.port}/`);
    console.log(`  API:     http://${shown}:${config.port}${config.serviceBase}/v1  (docs at ${config.serviceBase}/docs)`);
    if (demo) {
      console.log(`  Demo merchant code: ${demo.tenantCode}`);
      for (const account of demo.accounts)
        console.log(`    ${account.login.padEnd(10)} / ${account.password.padEnd(16)} ${account.description}`);
    }

    const shutdown = async () => {
      await app.close();
      await jobs.stop().catch(() => undefined);
      await database.close();
      await stopEmbedded?.();
      process.exit(0);
    };
    process.once('SIGINT', shutdown);
    process.once('SIGTERM', shutdown);
  } catch (error) {
    for (const step of undo.reverse()) await step().catch(() => undefined);
    throw error;
  }
}

function httpPortInUse(port: number, suggestion: number | null): StartupError {
  const example = suggestion ? ` (for example PORT=${suggestion})` : '';
  return new StartupError(`port ${port} is in use; set PORT=<a free port>${example} or stop the program that uses it`);
}

function httpPortRefused(port: number, code: string): StartupError {
  return new StartupError(
    `port ${port} cannot be opened (${code}${code === 'EACCES' ? ': ports below 1024 need privileges' : ''}); set PORT=<another port>`,
  );
}

async function suggestPort(config: ServerConfig): Promise<number | null> {
  for (let candidate = config.port + 1; candidate < Math.min(config.port + 20, 65536); candidate += 1) {
    if (!(await portProblem(candidate, config.host))) return candidate;
  }
  return anyFreePort(config.host).catch(() => null);
}

async function assertHttpPortFree(config: ServerConfig): Promise<void> {
  const problem = await portProblem(config.port, config.host);
  if (problem === 'EADDRINUSE') throw httpPortInUse(config.port, await suggestPort(config));
  if (problem === 'EACCES' || problem === 'EPERM') throw httpPortRefused(config.port, problem);
}

/** app.listen, its port errors (taken since the check above) as the same one line. */
async function listen(app: FastifyInstance, config: ServerConfig): Promise<void> {
  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE') throw httpPortInUse(config.port, await suggestPort(config));
    if (code === 'EACCES' || code === 'EPERM') throw httpPortRefused(config.port, code);
    throw error;
  }
}

let config: ServerConfig | null = null;
Promise.resolve()
  .then(() => {
    config = loadConfig();
    return main(config);
  })
  .catch((error: unknown) => {
    console.error(describeStartupFailure(error, { databaseUrl: config?.databaseUrl }));
    process.exit(1);
  });
