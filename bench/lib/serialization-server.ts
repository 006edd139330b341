import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { connectDatabase } from '../../server/db/connection';
import { serveChild } from './serve-child';

/**
 * The API server of `npm run bench:serialization`, run as its own process so the client's loop
 * does not share its event loop: `tsx bench/lib/serialization-server.ts <databaseUrl> <mode>`,
 * prints `PORT <n>` once it listens on 127.0.0.1, stops on SIGTERM.
 *
 * `schema` is the app as it ships: Fastify writes every answer with the route's response
 * schema (fast-json-stringify). `plain` writes every answer with JSON.stringify instead, which
 * is what Fastify did before routes declared their answers.
 */
async function main(): Promise<void> {
  const [databaseUrl, mode] = process.argv.slice(2);
  if (!databaseUrl || (mode !== 'schema' && mode !== 'plain')) throw new Error('usage: serialization-server.ts <databaseUrl> schema|plain');
  const database = connectDatabase(databaseUrl, { max: 10 });
  const app = await buildApp({
    database,
    config: { ...loadConfig({}), seedDemo: false },
    jobs: null,
    logger: process.env.BENCH_SERVER_LOG === '1',
  });
  if (mode === 'plain') {
    app.addHook('onRequest', async (_request, reply) => {
      reply.serializer((payload: unknown) => JSON.stringify(payload));
    });
  }
  await serveChild(app, () => database.close());
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
