import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { chromium, type Browser } from 'playwright-core';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { seedDemoIfEmpty, type DemoAccount } from '../../server/db/seed/demo.seed';
import { openBenchDatabase } from './bench-database';
import { guardBenchRun } from './bench-watchdog';

/** The console a browser benchmark drives, and what it drives it with. */
export interface DemoConsoleRun<C> {
  /** `http://127.0.0.1:<port>`, the build at `/` and the API under the service base. */
  readonly baseUrl: string;
  /** The demo merchant's code and its administrator's sign-in. */
  readonly tenantCode: string;
  readonly admin: DemoAccount;
  /** What `client` started (a browser). */
  readonly client: C;
}

/** The `client` of a browser benchmark: Debian's Chromium (`CHROME_PATH`, default /usr/bin/chromium), headless. */
export async function debianChromium(): Promise<{ readonly value: Browser; readonly stop: () => Promise<void> }> {
  const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox'] });
  return { value: browser, stop: () => browser.close() };
}

/**
 * Runs `run` against a console of its own: the build in `webDir` served by the real app on a
 * throw-away embedded PostgreSQL holding the demo merchant, with `client` (a browser) started
 * beside it. The watchdog bounds the run to `minutes`; whatever way it ends, the client, the app
 * and the database stop and the data folder goes.
 */
export async function withDemoConsole<C>(args: {
  readonly name: string;
  readonly minutes: number;
  readonly webDir: string;
  readonly client: () => Promise<{ readonly value: C; readonly stop: () => unknown }>;
  readonly run: (console: DemoConsoleRun<C>) => Promise<void>;
}): Promise<void> {
  if (!fs.existsSync(path.join(args.webDir, 'index.html')))
    throw new Error(`${args.webDir}/index.html is missing: run npm run build first`);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `loyalty-${args.name.replace(/\W+/g, '-')}-`));
  const bench = await openBenchDatabase({ dataDir, poolSize: 10 });
  const app = await buildApp({
    database: bench.database,
    config: { ...loadConfig({ WEB_DIR: args.webDir }), seedDemo: false },
    jobs: null,
  });
  const client = await args.client();
  const stopAll = async () => {
    await client.stop();
    await app.close().catch(() => undefined);
    await bench.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  const cancel = guardBenchRun({ name: args.name, minutes: args.minutes, stop: stopAll });
  try {
    const demo = await seedDemoIfEmpty(bench.database);
    const admin = demo.accounts.find((a) => a.login === 'admin') ?? demo.accounts[0];
    await app.listen({ port: 0, host: '127.0.0.1' });
    const baseUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    await args.run({ baseUrl, tenantCode: demo.tenantCode, admin, client: client.value });
  } finally {
    cancel();
    await stopAll();
  }
}
