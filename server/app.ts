import fs from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import type { ServerConfig } from './config';
import { connectDatabase, type Database } from './db/connection';
import { requestContext } from './http/request-context';
import { frameworkErrors, installErrorHandler } from './http/error-handler';
import { installInputGuard } from './http/input-guard';
import { installEmptyBodyDefault, installJsonBodyParser } from './http/json-body';
import { CONSOLE_SECURITY_HEADERS, installSecurityHeaders } from './http/security-headers';
import { registerOpenApi } from './http/openapi.plugin';
import { lazySchemaCompilers } from './http/schema-compilers';
import { DOMAIN_WIRING, MODULES, OPENAPI_TAGS } from './modules/index';
import { configurePasswordHashing } from './modules/auth/password.hasher';
import { registerIndexPage } from './modules/i18n/index-page';
import { refuseForgedRequest } from './modules/auth/request-origin.guard';
import { SessionCache } from './modules/auth/session.cache';
import type { JobQueue } from './jobs/queue';
import './http/auth-types';

declare module 'fastify' {
  interface FastifyInstance {
    database: Database;
    /** The database the reports read: the replica of `REPORTS_DATABASE_URL`, else `database`. */
    reportsDatabase: Database;
    config: ServerConfig;
    /** Background job queue; absent in processes that only serve requests in tests. */
    jobs: JobQueue | null;
    /**
     * The instant now, for rules that follow time (states with a timeline): the system clock;
     * tests pass their own to `buildApp` to stand at any second. Read once per request
     * (server/crud/state-timeline.ts `requestInstant`).
     */
    clock: () => Date;
    /** Sessions and grants the access hook has loaded (modules/auth/session.cache.ts). */
    sessionCache: SessionCache;
    /**
     * Compiles every route schema not compiled yet (they compile on a route's first call,
     * http/schema-compilers.ts); returns how many. Tests use it to prove every schema compiles.
     */
    compileAllSchemas: () => number;
    /**
     * Compiles the schemas not compiled yet in the background, one per turn of the event loop
     * (server/main.ts starts it once the server listens): the first visit of a screen then does
     * not pay for its routes' compilation (1.3 s for the fuel-station member list's query under
     * load). Closing the app stops it.
     */
    warmUpSchemas: () => void;
  }
}

/**
 * Answers of 1 KiB or more go out with brotli (quality 4: most of the gain for a fraction of
 * level 11's CPU) or gzip, as the client accepts. Only text: JSON answers, the OpenAPI page, files
 * of the build that have no precompressed copy. Workbooks are zip files already, uploads are sent
 * byte for byte, and an event stream must not be buffered by a compressor.
 */
const COMPRESSION = {
  encodings: ['br', 'gzip'] as ('br' | 'gzip')[],
  threshold: 1024,
  customTypes: /^text\/(?!event-stream)|[+/]json(?:;|$)|javascript/,
};

/** `TRUST_PROXY` as Fastify takes it: a hop count trusts the nearest that many hops. */
function trustProxyOption(value: ServerConfig['trustProxy']): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof value !== 'number') return value;
  return (_address, hop) => hop < value;
}

/** Builds the whole server (API under the service base, browser app at `/`) without listening. */
export async function buildApp(options: {
  database: Database;
  config: ServerConfig;
  jobs?: JobQueue | null;
  logger?: boolean;
  /** The clock (default: the system's); tests set one to check rules at exact instants. */
  clock?: () => Date;
}): Promise<FastifyInstance> {
  const { config } = options;
  configurePasswordHashing(config.passwordHashCost);
  const compilers = lazySchemaCompilers();
  const app = Fastify({
    logger: options.logger ? { level: 'info' } : false,
    // The client address (rate limits, sign-in locks) and protocol (Secure cookie) come from
    // X-Forwarded-* only when a proxy is configured; otherwise anyone could name any address.
    trustProxy: trustProxyOption(config.trustProxy),
    bodyLimit: 20 * 1024 * 1024,
    // Array query parameters repeat the key (§7): `?id=1&id=2`; Fastify's default parser keeps
    // repeats as arrays.
    routerOptions: { ignoreTrailingSlash: true },
    ajv: { customOptions: { coerceTypes: 'array', removeAdditional: false, allErrors: true, allowUnionTypes: true } },
    // A URL that does not decode gets the envelope too (400 naming `url`).
    frameworkErrors,
    // Each route's request and answer schemas compile on its first call (http/schema-compilers.ts).
    schemaController: { compilersFactory: { buildValidator: compilers.buildValidator, buildSerializer: compilers.buildSerializer } },
  });
  app.decorate('compileAllSchemas', compilers.compileAll);
  let stopWarmUp: () => void = () => undefined;
  app.decorate('warmUpSchemas', () => {
    stopWarmUp();
    stopWarmUp = compilers.warmUp();
  });
  app.addHook('onClose', async () => stopWarmUp());
  app.decorate('database', options.database);
  const reportsDatabase = config.reportsDatabaseUrl ? connectDatabase(config.reportsDatabaseUrl, { max: 10 }) : options.database;
  app.decorate('reportsDatabase', reportsDatabase);
  if (reportsDatabase !== options.database) app.addHook('onClose', async () => reportsDatabase.close());
  app.decorate('config', config);
  app.decorate('jobs', options.jobs ?? null);
  app.decorate('clock', options.clock ?? (() => new Date()));
  const sessionCache = new SessionCache({ database: options.database, ttlMs: config.authCacheSeconds * 1000 });
  await sessionCache.start();
  app.decorate('sessionCache', sessionCache);
  app.addHook('onClose', () => sessionCache.close());
  app.decorateRequest('auth', null);

  await installSecurityHeaders(app, CONSOLE_SECURITY_HEADERS);
  await app.register(cookie);
  // Before any route: it hooks each route as it is added (and must run after every other
  // onSend, so the tests' response check still reads the answer as written).
  await app.register(compress, COMPRESSION);
  await app.register(rateLimit, { global: false });
  await app.register(requestContext);
  installErrorHandler(app);
  // Before any module adds a route: bounds every route schema and refuses unstorable input.
  installInputGuard(app);
  // A body naming a key twice is refused, not read by its last value (http/json-body.ts).
  installJsonBodyParser(app);
  // A call without a body to a route whose body requires nothing is read as `{}`.
  installEmptyBodyDefault(app);

  const underServiceBase = (url: string) =>
    url === config.serviceBase || url.startsWith(`${config.serviceBase}/`) || url.startsWith(`${config.serviceBase}?`);
  // Forged cross-site calls are refused before anything else reads them (request-origin.guard).
  app.addHook('onRequest', async (request) => {
    if (!underServiceBase(request.url)) return;
    const refusal = refuseForgedRequest({ request, allowedOrigins: config.allowedOrigins });
    if (refusal) throw refusal;
  });
  // Member data must not stay in a browser's or a proxy's cache: no API answer is stored, unless
  // its route says otherwise (the translation table: no-cache with an ETag, i18n.routes.ts).
  app.addHook('onSend', (request, reply, payload, done) => {
    if (underServiceBase(request.url) && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    done(null, payload);
  });

  await registerOpenApi(app, { config, tags: OPENAPI_TAGS });

  await app.register(
    async (api) => {
      for (const module of MODULES) await api.register(module.plugin, DOMAIN_WIRING);
    },
    { prefix: config.serviceBase },
  );

  if (fs.existsSync(config.webDir)) {
    // index.html with the login page's labels in it (modules/i18n/index-page.ts); the rest as built.
    registerIndexPage(app, config.webDir);
    await app.register(fastifyStatic, {
      root: config.webDir,
      prefix: '/',
      wildcard: false,
      index: false,
      globIgnore: ['index.html', 'index.html.br', 'index.html.gz'],
      // The build writes .br and .gz beside each asset (vite.config.ts): sent as they are.
      preCompressed: true,
      cacheControl: false,
      setHeaders: (res, file) => {
        res.setHeader('vary', 'accept-encoding');
        // Hashed file names change with their content: cached for a year. index.html names the
        // current ones, so it is checked on every load.
        const hashed = file.includes(`${path.sep}assets${path.sep}`);
        res.setHeader('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  return app;
}
