import path from 'node:path';
import { StartupError } from './startup.errors';

/** Everything the server reads from the environment, read in one place. */
export interface ServerConfig {
  /** HTTP port (`PORT`, default 8080). */
  readonly port: number;
  /** Interface to bind (`HOST`, default 0.0.0.0). */
  readonly host: string;
  /** External PostgreSQL (`DATABASE_URL`); when absent the embedded server is started. */
  readonly databaseUrl?: string;
  /** Where the embedded PostgreSQL keeps its files (`DATA_DIR`, default ./data). */
  readonly dataDir: string;
  /**
   * Port of the embedded PostgreSQL (`EMBEDDED_PG_PORT`). Unset: the port DATA_DIR remembers
   * (54329 for a new folder), or any free port when that one is taken (server/db/embedded.ts).
   */
  readonly embeddedPgPort?: number;
  /** Path prefix of the API (`SERVICE_BASE`, default /loyalty). */
  readonly serviceBase: string;
  /** Built browser app served at `/` (default dist/web). */
  readonly webDir: string;
  /** Seed the demo merchant on first start (`SEED_DEMO`, default on). */
  readonly seedDemo: boolean;
  /** Set the `Secure` flag on the session cookie (`COOKIE_SECURE`, default off for localhost). */
  readonly cookieSecure: boolean;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const root = process.cwd();
  return {
    port: portOf(env, 'PORT') ?? 8080,
    host: env.HOST ?? '0.0.0.0',
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir: path.resolve(root, env.DATA_DIR ?? 'data'),
    embeddedPgPort: portOf(env, 'EMBEDDED_PG_PORT'),
    serviceBase: env.SERVICE_BASE ?? '/loyalty',
    webDir: path.resolve(root, env.WEB_DIR ?? 'dist/web'),
    seedDemo: (env.SEED_DEMO ?? '1') !== '0',
    cookieSecure: env.COOKIE_SECURE === '1',
  };
}

/** A port variable: unset (or empty) gives undefined; anything but a whole number 1–65535 is refused in one line. */
function portOf(env: NodeJS.ProcessEnv, name: 'PORT' | 'EMBEDDED_PG_PORT'): number | undefined {
  const text = env[name]?.trim();
  if (!text) return undefined;
  const value = Number(text);
  if (!/^\d+$/.test(text) || value < 1 || value > 65535) throw new StartupError(`${name} must be a port number from 1 to 65535, not "${env[name]}"`);
  return value;
}
