import type { FastifyInstance } from 'fastify';

/**
 * Runs a benchmark's server in its child process: listens on a free local port, prints
 * `PORT <n>` for the parent to read, and on SIGTERM / SIGINT closes the app, then `release`
 * (its database), and exits.
 */
export async function serveChild(app: FastifyInstance, release: () => Promise<unknown>): Promise<void> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  console.log(`PORT ${typeof address === 'object' && address ? address.port : 0}`);
  const stop = async () => {
    await app.close().catch(() => undefined);
    await release().catch(() => undefined);
    process.exit(0);
  };
  process.once('SIGTERM', () => void stop());
  process.once('SIGINT', () => void stop());
}
