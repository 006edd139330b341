import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../db/connection';

/** One call made with an application's key, as the application's detail lists it. */
interface CallRow {
  readonly tenantId: number;
  readonly applicationId: number;
  readonly keyPrefix: string;
  readonly method: string;
  readonly operation: string;
  readonly status: number;
  readonly durationMs: number;
  readonly calledAt: Date;
}

/** Rows written at once, at most; a busier moment writes several statements. */
const BATCH = 200;
/** How long a recorded call waits for others to share its insert. */
const FLUSH_AFTER_MS = 250;

/**
 * Records every call made with an application's key (issue 31 §1): the application, the key's
 * prefix, the operation (the route as declared, `/v1/member/info/:id`, not the values), the
 * status and the time. Written in batches a quarter of a second after the answer, off the
 * call's own path; the server's close writes what is pending. A process killed outright loses
 * at most that quarter second of log, never a call's effect.
 */
export class ApplicationCallLog {
  private pending: CallRow[] = [];
  private timer: NodeJS.Timeout | null = null;
  private writing: Promise<void> = Promise.resolve();

  constructor(private readonly db: Db) {}

  record(row: CallRow): void {
    this.pending.push(row);
    if (this.pending.length >= BATCH) this.flush();
    else this.timer ??= setTimeout(() => this.flush(), FLUSH_AFTER_MS);
  }

  /** Writes what is pending; resolves once everything recorded so far is in the table. */
  flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const rows = this.pending;
    this.pending = [];
    if (rows.length > 0) this.writing = this.writing.then(() => this.write(rows));
    return this.writing;
  }

  private async write(rows: readonly CallRow[]): Promise<void> {
    const values = sql.join(
      rows.map(
        (r) =>
          sql`(${r.tenantId}, ${r.applicationId}, ${r.keyPrefix}, ${r.method}, ${r.operation}, ${r.status}, ${r.durationMs}, ${r.calledAt.toISOString()}::timestamptz)`,
      ),
      sql`, `,
    );
    // A log that cannot be written must not fail the calls it describes.
    await this.db
      .execute(
        sql`insert into application_calls (tenant_id, application_id, key_prefix, method, operation, status, duration_ms, called_at) values ${values}`,
      )
      .catch(() => undefined);
  }
}

/** Adds the log's hook: every answered call made with a key is recorded. */
export function recordApplicationCalls(app: FastifyInstance): ApplicationCallLog {
  const log = new ApplicationCallLog(app.database.db);
  app.addHook('onResponse', async (request: FastifyRequest, reply: FastifyReply) => {
    const caller = request.auth?.application;
    if (!caller || !request.auth) return;
    log.record({
      tenantId: request.auth.tenantId,
      applicationId: caller.id,
      keyPrefix: caller.keyPrefix,
      method: request.method,
      operation: request.routeOptions.url ?? request.url.split('?')[0],
      status: reply.statusCode,
      durationMs: Math.round(reply.elapsedTime),
      calledAt: new Date(Date.now() - reply.elapsedTime),
    });
  });
  app.addHook('onClose', () => log.flush());
  return log;
}
