import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { attempt, dueHeads, type DeliveryJob } from './delivery';
import { OUTBOX_CHANNEL } from './outbox';

/** The queue's job: attempt one delivery. */
export const DELIVERY_JOB = 'webhooks.deliver';
/** The safety sweep's period: what a lost notification or a killed process waits at most. */
const SWEEP_MS = 15_000;

/**
 * The deliverer of every process that has a queue (README.md, "Delivery"): a job per delivery
 * on the queue; the heads of the members' lanes are queued by a sweep when the outbox announces
 * a commit (LISTEN), at start (what a killed process left), and every 15 s; a settled delivery
 * queues the next of its member, a failed one its own retry after the wait.
 */
export async function deliveryWorker(app: FastifyInstance): Promise<void> {
  const jobs = app.jobs;
  if (!jobs) return;
  const db = app.database.db;
  const retrySeconds = app.config.webhookRetrySeconds;
  const queue = (job: DeliveryJob, startAfter?: number) => jobs.send(DELIVERY_JOB, job, startAfter ? { startAfter } : undefined);

  await jobs.work(DELIVERY_JOB, async (data) => {
    const job = data as DeliveryJob;
    const result = await attempt({ db, job, retrySeconds }).catch((error: unknown) => {
      app.log.error({ err: error, delivery: job.id }, 'webhook delivery failed to run');
      return null;
    });
    if (!result) return;
    if ('retryIn' in result) await queue(result.job, result.retryIn);
    else if (result.next) await queue(result.next);
  });

  let sweeping: Promise<void> | null = null;
  let again = false;
  let closed = false;
  const sweep = (): void => {
    if (closed) return;
    if (sweeping) {
      again = true;
      return;
    }
    sweeping = (async () => {
      do {
        again = false;
        for (const job of await dueHeads(db)) await queue(job);
      } while (again && !closed);
    })()
      .catch((error: unknown) => app.log.error({ err: error }, 'webhook sweep failed'))
      .finally(() => {
        sweeping = null;
      });
  };

  const listener = new pg.Client({ connectionString: app.database.url });
  listener.on('notification', sweep);
  listener.on('error', () => undefined);
  const timer = setInterval(sweep, SWEEP_MS);
  timer.unref();
  app.addHook('onReady', async () => {
    await listener.connect();
    await listener.query(`LISTEN ${OUTBOX_CHANNEL}`);
    sweep();
  });
  app.addHook('onClose', async () => {
    closed = true;
    clearInterval(timer);
    await listener.end().catch(() => undefined);
    await sweeping;
  });
}
