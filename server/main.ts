import { loadConfig } from './config';
import { startEmbeddedPostgres, type EmbeddedDatabase } from './db/embedded';
import { connectDatabase } from './db/connection';
import { applyMigrations } from './db/migrate';
import { startJobQueue } from './jobs/queue';
import { buildApp } from './app';
import { seedDemoIfEmpty } from './db/seed/demo.seed';
import { configurePasswordHashing } from './modules/auth/password.hasher';

/**
 * Starts the console: the embedded PostgreSQL unless DATABASE_URL is set, migrations, the demo
 * merchant on first start, the job queue, then the HTTP server.
 */
async function main() {
  const started = Date.now();
  const config = loadConfig();
  // Before the demo seed hashes its passwords.
  configurePasswordHashing(config.passwordHashCost);
  let embedded: EmbeddedDatabase | null = null;
  let url = config.databaseUrl;
  if (!url) {
    console.log(`Starting the embedded PostgreSQL (data in ${config.dataDir}) …`);
    embedded = await startEmbeddedPostgres({ dataDir: config.dataDir, port: config.embeddedPgPort });
    url = embedded.url;
  }
  const database = connectDatabase(url);
  await applyMigrations(database);
  const demo = config.seedDemo ? await seedDemoIfEmpty(database) : null;
  const jobs = await startJobQueue(url);
  const app = await buildApp({ database, config, jobs, logger: process.env.LOG_REQUESTS === '1' });
  await app.listen({ port: config.port, host: config.host });

  const shown = config.host === '0.0.0.0' ? 'localhost' : config.host;
  console.log(`\nLoyalty console ready in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  console.log(`  Console: http://${shown}:${config.port}/`);
  console.log(`  API:     http://${shown}:${config.port}${config.serviceBase}/v1  (docs at ${config.serviceBase}/docs)`);
  if (demo) {
    console.log(`  Demo merchant code: ${demo.tenantCode}`);
    for (const account of demo.accounts) console.log(`    ${account.login.padEnd(10)} / ${account.password.padEnd(16)} ${account.description}`);
  }

  const shutdown = async () => {
    await app.close();
    await jobs.stop().catch(() => undefined);
    await database.close();
    await embedded?.stop();
    process.exit(0);
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
