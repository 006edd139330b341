import PgBoss from 'pg-boss';

/**
 * The PostgreSQL-backed background queue (imports, exports, batch operations, scheduled state
 * changes). Several API processes share one queue through the database, and a job survives a
 * restart. Handlers register by name; `send` enqueues.
 */
export interface JobQueue {
  /** `startAfter`: the job waits that many seconds before a worker may take it (a retry's backoff). */
  send(name: string, data: object, options?: { singletonKey?: string; startAfter?: number }): Promise<string | null>;
  work(name: string, handler: (data: object) => Promise<void>): Promise<void>;
  /** Runs the job `name` on a cron schedule (UTC); one schedule per name, shared by every process. */
  schedule(name: string, cron: string, data?: object): Promise<void>;
  stop(): Promise<void>;
}

export async function startJobQueue(url: string): Promise<JobQueue> {
  const boss = new PgBoss({ connectionString: url, schema: 'pgboss' });
  boss.on('error', () => undefined);
  await boss.start();
  const created = new Set<string>();
  const ensureQueue = async (name: string) => {
    if (created.has(name)) return;
    await boss.createQueue(name).catch(() => undefined);
    created.add(name);
  };
  return {
    async send(name, data, options) {
      await ensureQueue(name);
      return boss.send(name, data, {
        ...(options?.singletonKey ? { singletonKey: options.singletonKey } : {}),
        // pg-boss counts whole seconds; a shorter wait (the tests') is a date.
        ...(options?.startAfter ? { startAfter: new Date(Date.now() + options.startAfter * 1000) } : {}),
      });
    },
    async work(name, handler) {
      await ensureQueue(name);
      await boss.work<object>(name, { pollingIntervalSeconds: 0.5 }, async (jobs) => {
        for (const job of jobs) await handler(job.data as object);
      });
    },
    async schedule(name, cron, data) {
      await ensureQueue(name);
      await boss.schedule(name, cron, data ?? {}, { tz: 'UTC' });
    },
    stop: () => boss.stop({ graceful: true, wait: true }),
  };
}
