import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../../server/db/embedded';
import { connectDatabase } from '../../server/db/connection';
import { applyMigrations } from '../../server/db/migrate';
import { freePort } from './free-port';

/**
 * One fresh database per test run, on the embedded PostgreSQL by default or on the server named
 * by DATABASE_URL (CI runs the API suite a second time against Debian's PostgreSQL 15 that way).
 * Migrations are applied exactly as `npm start` applies them. Test files isolate themselves by
 * creating their own tenants.
 */
let embedded: EmbeddedDatabase | null = null;
let embeddedDataDir: string | null = null;

export default async function setup(project: TestProject) {
  let adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'loyalty-test-'));
    embeddedDataDir = dataDir;
    embedded = await startEmbeddedPostgres({ dataDir, port: await freePort(), program: 'API test run' });
    adminUrl = embedded.url;
  }
  const name = `loyalty_test_${Date.now()}_${process.pid}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = connectDatabase(url.toString(), { max: 2 });
  await applyMigrations(database);
  await database.close();
  project.provide('databaseUrl', url.toString());

  return async () => {
    if (embedded) {
      await embedded.stop();
      // Each run's cluster is about 330 MB; left behind, a few hundred runs fill a disk.
      if (embeddedDataDir) fs.rmSync(embeddedDataDir, { recursive: true, force: true });
    } else {
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists "${name}" with (force)`).catch(() => undefined);
      await cleanup.end();
    }
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    databaseUrl: string;
  }
}
