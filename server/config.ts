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
  /**
   * A PostgreSQL replica the reports read (`REPORTS_DATABASE_URL`, server/modules/reports): a
   * merchant whose reports would load the primary reads them from a streaming replica instead.
   * Unset: the reports read the console's database.
   */
  readonly reportsDatabaseUrl?: string;
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
  /**
   * Always set the `Secure` flag on the session cookie (`COOKIE_SECURE=1`); without it the flag
   * is still set on every request that arrived over HTTPS.
   */
  readonly cookieSecure: boolean;
  /**
   * Which proxies to believe about the client's address and protocol (`X-Forwarded-For`,
   * `X-Forwarded-Proto`), as Fastify's `trustProxy` takes it (`TRUST_PROXY`): unset = none (the
   * socket's address counts), a number = that many proxies in front, otherwise a comma-separated
   * list of proxy addresses or subnets. `true` trusts every hop, which is only safe behind a
   * proxy that overwrites the header.
   */
  readonly trustProxy: boolean | number | string[];
  /**
   * Origins other than the request's own that may send state-changing calls
   * (`ALLOWED_ORIGINS`, comma-separated, e.g. `https://console.example.com`); default none.
   */
  readonly allowedOrigins: readonly string[];
  /**
   * scrypt cost of new password hashes as log2 of N (`PASSWORD_HASH_COST`, default 14, 8..20).
   * Only the tests lower it; stored hashes name their own cost, so changing it breaks nothing.
   */
  readonly passwordHashCost: number;
  /**
   * The key `secret` fields are encrypted with (`SECRET_KEY`, any text; 32 bytes are derived
   * from it). Unset: a random key kept in the database (server/crud/secret-box.ts).
   */
  readonly secretKey?: string;
  /**
   * `AUTH_CACHE_SECONDS` (default 10; 0 = off): how long a process keeps a session and its grants
   * without reading them again. Logout, disabling, password resets and role changes end it at
   * once in every process (server/modules/auth/session.cache.ts); this only bounds the rest.
   */
  readonly authCacheSeconds: number;
  /**
   * `APPLICATION_RATE_PER_MINUTE` (default 600): calls an application's key may make per minute
   * and process; beyond it 429 (server/modules/auth/access.hook.ts).
   */
  readonly applicationRatePerMinute: number;
  /**
   * `WEBHOOK_RETRY_SECONDS` (default 30, 0.05–3600): the wait before a failed webhook delivery's
   * first retry; each further wait doubles, at most an hour, for a day (server/modules/webhooks).
   */
  readonly webhookRetrySeconds: number;
}

/** `TRUST_PROXY` as Fastify's `trustProxy` option; see {@link ServerConfig.trustProxy}. */
export function parseTrustProxy(value: string | undefined): boolean | number | string[] {
  const text = value?.trim() ?? '';
  if (text === '' || text === '0' || text.toLowerCase() === 'false') return false;
  if (text.toLowerCase() === 'true') return true;
  if (/^\d+$/.test(text)) return Number(text);
  return text
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');
}

/** `ALLOWED_ORIGINS` as normalised origins (`scheme://host[:port]`, no trailing slash). */
export function parseAllowedOrigins(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((item) => item.trim().replace(/\/+$/, '').toLowerCase())
    .filter((item) => item !== '');
}

/** The default scrypt cost (log2 of N) and the range `PASSWORD_HASH_COST` may choose from. */
export const PASSWORD_HASH_COST = { default: 14, min: 8, max: 20 } as const;

function parseHashCost(value: string | undefined): number {
  if (value === undefined || value.trim() === '') return PASSWORD_HASH_COST.default;
  const cost = Number(value);
  if (!Number.isInteger(cost) || cost < PASSWORD_HASH_COST.min || cost > PASSWORD_HASH_COST.max) {
    throw new Error(`PASSWORD_HASH_COST must be an integer from ${PASSWORD_HASH_COST.min} to ${PASSWORD_HASH_COST.max}`);
  }
  return cost;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const root = process.cwd();
  return {
    port: portOf(env, 'PORT') ?? 8080,
    host: env.HOST ?? '0.0.0.0',
    databaseUrl: env.DATABASE_URL || undefined,
    reportsDatabaseUrl: env.REPORTS_DATABASE_URL || undefined,
    dataDir: path.resolve(root, env.DATA_DIR ?? 'data'),
    embeddedPgPort: portOf(env, 'EMBEDDED_PG_PORT'),
    serviceBase: env.SERVICE_BASE ?? '/loyalty',
    webDir: path.resolve(root, env.WEB_DIR ?? 'dist/web'),
    seedDemo: (env.SEED_DEMO ?? '1') !== '0',
    cookieSecure: env.COOKIE_SECURE === '1',
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    allowedOrigins: parseAllowedOrigins(env.ALLOWED_ORIGINS),
    passwordHashCost: parseHashCost(env.PASSWORD_HASH_COST),
    secretKey: env.SECRET_KEY || undefined,
    authCacheSeconds: parseAuthCacheSeconds(env.AUTH_CACHE_SECONDS),
    applicationRatePerMinute: parseApplicationRate(env.APPLICATION_RATE_PER_MINUTE),
    webhookRetrySeconds: parseWebhookRetry(env.WEBHOOK_RETRY_SECONDS),
  };
}

/** A port variable: unset (or empty) gives undefined; anything but a whole number 1–65535 is refused in one line. */
function portOf(env: NodeJS.ProcessEnv, name: 'PORT' | 'EMBEDDED_PG_PORT'): number | undefined {
  const text = env[name]?.trim();
  if (!text) return undefined;
  const value = Number(text);
  if (!/^\d+$/.test(text) || value < 1 || value > 65535)
    throw new StartupError(`${name} must be a port number from 1 to 65535, not "${env[name]}"`);
  return value;
}

/** `APPLICATION_RATE_PER_MINUTE`: 1–100 000 calls, 600 when unset. */
export function parseApplicationRate(value: string | undefined): number {
  const text = value?.trim() ?? '';
  if (text === '') return 600;
  const calls = Number(text);
  if (!Number.isInteger(calls) || calls < 1 || calls > 100_000) {
    throw new StartupError(`APPLICATION_RATE_PER_MINUTE must be a whole number of calls from 1 to 100000, not "${text}"`);
  }
  return calls;
}

/** `WEBHOOK_RETRY_SECONDS`: 0.05–3600 seconds, 30 when unset (the tests shorten it). */
export function parseWebhookRetry(value: string | undefined): number {
  const text = value?.trim() ?? '';
  if (text === '') return 30;
  const seconds = Number(text);
  if (!Number.isFinite(seconds) || seconds < 0.05 || seconds > 3600) {
    throw new StartupError(`WEBHOOK_RETRY_SECONDS must be a number of seconds from 0.05 to 3600, not "${text}"`);
  }
  return seconds;
}

/** `AUTH_CACHE_SECONDS`: 0–300 whole seconds, 10 when unset. */
export function parseAuthCacheSeconds(value: string | undefined): number {
  const text = value?.trim() ?? '';
  if (text === '') return 10;
  const seconds = Number(text);
  if (!Number.isInteger(seconds) || seconds < 0 || seconds > 300) {
    throw new StartupError(`AUTH_CACHE_SECONDS must be a whole number of seconds from 0 to 300, not "${text}"`);
  }
  return seconds;
}
