import fs from 'node:fs';
import Fastify, { type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import type { ServerConfig } from './config';
import type { Database } from './db/connection';
import { requestContext } from './http/request-context';
import { installErrorHandler } from './http/error-handler';
import { registerOpenApi } from './http/openapi.plugin';
import { cachingSerializerFactory } from './http/serializer.cache';
import { MODULES } from './modules/index';
import type { JobQueue } from './jobs/queue';
import './http/auth-types';

declare module 'fastify' {
  interface FastifyInstance {
    database: Database;
    config: ServerConfig;
    /** Background job queue; absent in processes that only serve requests in tests. */
    jobs: JobQueue | null;
  }
}

/** Builds the whole server (API under the service base, browser app at `/`) without listening. */
export async function buildApp(options: {
  database: Database;
  config: ServerConfig;
  jobs?: JobQueue | null;
  logger?: boolean;
}): Promise<FastifyInstance> {
  const { config } = options;
  const app = Fastify({
    logger: options.logger ? { level: 'info' } : false,
    trustProxy: true,
    bodyLimit: 20 * 1024 * 1024,
    // Array query parameters repeat the key (§7): `?id=1&id=2`; Fastify's default parser keeps
    // repeats as arrays.
    routerOptions: { ignoreTrailingSlash: true },
    ajv: { customOptions: { coerceTypes: 'array', removeAdditional: false, allErrors: true, allowUnionTypes: true } },
    schemaController: { compilersFactory: { buildSerializer: cachingSerializerFactory() } },
  });
  app.decorate('database', options.database);
  app.decorate('config', config);
  app.decorate('jobs', options.jobs ?? null);
  app.decorateRequest('auth', null);

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"], // antd injects its CSS-in-JS styles at run time
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: ["'self'"],
      },
    },
  });
  await app.register(cookie);
  await app.register(rateLimit, { global: false });
  await app.register(requestContext);
  installErrorHandler(app);

  await registerOpenApi(app, config);

  await app.register(async (api) => {
    for (const module of MODULES) await api.register(module.plugin);
  }, { prefix: config.serviceBase });

  if (fs.existsSync(config.webDir)) {
    await app.register(fastifyStatic, { root: config.webDir, prefix: '/', wildcard: false, index: 'index.html' });
  }
  return app;
}
