import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { GroupSendJob } from './group-send.runs';
import { serveRun } from './group-send.serve';

/**
 * The queue of send runs (pg-boss queue `activities.group-send`): a started or resumed run is
 * enqueued once its transaction has committed; each delivery serves a slice of the recipients and
 * enqueues the next one, so a long run shares the workers. Without a queue (tests built with
 * `jobs: null`) the run is served in this process in the background, and closing the app waits
 * for it. Once the app is ready, the runs a stopped process left RUNNING are enqueued again: a
 * run resumes from its pending recipients.
 */

export const GROUP_SEND_QUEUE = 'activities.group-send';
/** Recipients one delivery serves before it hands over to the next. */
export const GROUP_SEND_SLICE = 4000;

type App = Pick<FastifyInstance, 'jobs' | 'database' | 'clock' | 'log'>;

/** Serving in this process without a queue, per app. */
const inline = new WeakMap<object, Set<Promise<void>>>();
/** Deliveries waiting in this process without a queue (a held push plan), cleared when the app closes. */
const waiting = new WeakMap<object, Set<NodeJS.Timeout>>();

/**
 * Enqueues a delivery of the run (or, without a queue, serves it here in the background); with
 * `at`, not before then (a held run: pg-boss's `startAfter`, or a timer in this process).
 */
export async function dispatchRun(app: App, job: GroupSendJob, at?: Date): Promise<void> {
  const delayMs = at === undefined ? 0 : Math.max(0, at.getTime() - app.clock().getTime());
  if (app.jobs) {
    // No singleton key: a delivery enqueues the next from inside itself, and a duplicate delivery
    // costs only time (each recipient is served once whatever delivers it).
    await app.jobs.send(GROUP_SEND_QUEUE, job, delayMs > 0 ? { startAfter: Math.ceil(delayMs / 1000) } : undefined);
    return;
  }
  if (delayMs > 0) {
    const timers = waiting.get(app) ?? new Set<NodeJS.Timeout>();
    waiting.set(app, timers);
    const timer = setTimeout(() => {
      timers.delete(timer);
      void dispatchRun(app, job);
    }, delayMs);
    timers.add(timer);
    return;
  }
  const running = inline.get(app) ?? new Set<Promise<void>>();
  inline.set(app, running);
  const served = deliver(app, job).catch((error: unknown) => app.log.error({ err: error, ...job }, 'group send run failed'));
  running.add(served);
  void served.finally(() => running.delete(served));
}

/** One delivery, then the next while recipients are left. */
async function deliver(app: App, job: GroupSendJob): Promise<void> {
  const outcome = await serveRun({ db: app.database.db, job, clock: app.clock, slice: GROUP_SEND_SLICE });
  if (outcome.more) await dispatchRun(app, job);
  else if (outcome.waitUntil) await dispatchRun(app, job, outcome.waitUntil);
}

/** Works the queue in this process and re-enqueues the runs left RUNNING; closing the app waits for inline runs. */
export async function groupSendJobs(app: FastifyInstance): Promise<void> {
  app.addHook('onClose', async () => {
    // A held run left waiting stays RUNNING with its members pending: a process with a queue takes it up.
    for (const timer of waiting.get(app) ?? []) clearTimeout(timer);
    await Promise.allSettled([...(inline.get(app) ?? [])]);
  });
  const jobs = app.jobs;
  if (!jobs) return;
  await jobs.work(GROUP_SEND_QUEUE, (data) => deliver(app, data as GroupSendJob));
  app.addHook('onReady', async () => {
    const left = await app.database.db.execute<{ tenant_id: string; id: string }>(
      sql`select tenant_id, id from group_send_runs where state = 'RUNNING'`,
    );
    for (const row of left.rows) await dispatchRun(app, { tenantId: Number(row.tenant_id), runId: Number(row.id) });
  });
}
