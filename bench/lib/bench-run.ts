import type { FastifyInstance } from 'fastify';
import type { AddressInfo } from 'node:net';
import { buildApp } from '../../server/app';
import { loadConfig, type ServerConfig } from '../../server/config';
import { intFlag, textFlag, type BenchFlags } from './bench-args';
import { openBenchDatabase, type BenchDatabase } from './bench-database';
import { guardBenchRun } from './bench-watchdog';

/**
 * A benchmark run on the benchmark database (`--database-url` / `--data-dir`): the database, the
 * app once `listen()` has started it on 127.0.0.1, and a watchdog (`--max-minutes`) that stops
 * both if the run overstays. `finish()` stops them at the end.
 */
export interface BenchRun {
  readonly bench: BenchDatabase;
  /** Builds the console on the database (no jobs, no demo seed) and listens on a free port of 127.0.0.1. */
  listen(): Promise<{ origin: string; config: ServerConfig }>;
  finish(): Promise<void>;
}

export async function startBenchRun(args: { flags: BenchFlags; name: string; minutes: number }): Promise<BenchRun> {
  const bench = await openBenchDatabase({
    databaseUrl: textFlag(args.flags, 'database-url') ?? process.env.DATABASE_URL,
    dataDir: textFlag(args.flags, 'data-dir'),
    poolSize: 20,
  });
  let app: FastifyInstance | null = null;
  const stop = async () => {
    await app?.close().catch(() => undefined);
    await bench.stop();
  };
  // Bounded: a run that overstays stops what it started.
  const endWatch = guardBenchRun({ name: args.name, minutes: intFlag(args.flags, 'max-minutes', args.minutes), stop });
  return {
    bench,
    listen: async () => {
      const config = { ...loadConfig({}), seedDemo: false };
      const started = await buildApp({ database: bench.database, config, jobs: null });
      app = started;
      await started.listen({ port: 0, host: '127.0.0.1' });
      return { origin: `http://127.0.0.1:${(started.server.address() as AddressInfo).port}`, config };
    },
    finish: async () => {
      endWatch();
      await stop();
    },
  };
}
