import { createHmac } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { openSecret } from '../../crud/secret-box';
import type { Db } from '../../db/connection';

/** The signature scheme's version, the prefix of each signature in `Webhook-Signature`. */
export const SIGNATURE_VERSION = 'v1';
/** How long a receiver has to answer one attempt. */
const TIMEOUT_MS = 10_000;
/** The longest wait between two attempts. */
const MAX_WAIT_SECONDS = 3600;
/** At most this much of a receiver's answer is kept as the error. */
const ERROR_LENGTH = 300;

/** The hex HMAC-SHA-256 of `<timestamp>.<body>` under a secret (README.md, "Signatures"). */
export const signature = (secret: string, timestamp: number, body: string): string =>
  createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');

/** A delivery that may be attempted now, with where to and with what to sign. */
type Due = {
  readonly id: number;
  readonly event_id: string;
  readonly event: string;
  readonly member_id: number | null;
  readonly data: unknown;
  readonly occurred_at: Date;
  readonly attempts: number;
  readonly give_up: boolean;
  readonly url: string | null;
  readonly sealed: string | null;
  readonly previous_sealed: string | null;
};

/** What one attempt came to. */
interface Outcome {
  readonly status: number | null;
  readonly error: string | null;
}

/** The job of one delivery: which row. */
export interface DeliveryJob {
  readonly tenantId: number;
  readonly id: number;
}

/**
 * The earliest PENDING delivery of each (application, member) lane that is due now: what the
 * sweep hands to the queue. A delivery behind an earlier PENDING one of its member waits for it.
 */
export async function dueHeads(db: Db, limit = 500): Promise<DeliveryJob[]> {
  const { rows } = await db.execute<{ tenant_id: number; id: number }>(sql`
    select d.tenant_id, d.id from webhook_deliveries d
    where d.state = 'PENDING' and d.next_at <= now() and not exists (${earlierPending})
    order by d.id limit ${limit}`);
  return rows.map((row) => ({ tenantId: Number(row.tenant_id), id: Number(row.id) }));
}

// An earlier delivery of the same member to the same application that is still PENDING.
const earlierPending = sql`select 1 from webhook_deliveries e
  where e.tenant_id = d.tenant_id and e.application_id = d.application_id and e.member_id = d.member_id
    and e.state = 'PENDING' and e.id < d.id`;

/** POSTs the event, signed; never throws (a failure is an outcome). */
async function post(due: Due, now: Date): Promise<Outcome> {
  if (!due.url || !due.sealed) return { status: null, error: 'the webhook has no URL or no signing secret' };
  const secrets = [due.sealed, due.previous_sealed].flatMap((sealed) => (sealed ? [openSecret(sealed)] : []));
  if (secrets[0] === null || secrets[0] === undefined)
    return { status: null, error: 'the signing secret cannot be opened (SECRET_KEY changed?)' };
  const body = JSON.stringify({ id: due.event_id, type: due.event, occurredAt: new Date(due.occurred_at).toISOString(), data: due.data });
  const timestamp = Math.floor(now.getTime() / 1000);
  const signatures = secrets.flatMap((secret) => (secret === null ? [] : [`${SIGNATURE_VERSION}=${signature(secret, timestamp, body)}`]));
  try {
    const response = await fetch(due.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'webhook-id': due.event_id,
        'webhook-timestamp': String(timestamp),
        'webhook-signature': signatures.join(' '),
        'user-agent': 'loyalty-console-webhooks',
      },
      body,
      redirect: 'manual',
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    const text = await response.text().catch(() => '');
    if (response.status >= 200 && response.status < 300) return { status: response.status, error: null };
    return { status: response.status, error: `HTTP ${response.status} ${text}`.trim().slice(0, ERROR_LENGTH) };
  } catch (error) {
    const cause = error instanceof Error ? ((error.cause as Error | undefined)?.message ?? error.message) : String(error);
    return { status: null, error: cause.slice(0, ERROR_LENGTH) };
  }
}

/**
 * Attempts one delivery: the row is locked for the attempt (`skip locked`: another process
 * attempting it leaves it), and is attempted only while it is PENDING, due, and the earliest
 * PENDING one of its member. Answers what to queue next: the delivery's retry after its wait,
 * or, once it is settled (delivered or given up), the next of its member.
 */
export async function attempt(input: {
  db: Db;
  job: DeliveryJob;
  retrySeconds: number;
}): Promise<{ retryIn: number; job: DeliveryJob } | { next: DeliveryJob | null } | null> {
  const { db, job } = input;
  return db.transaction(async (tx) => {
    const { rows } = await tx.execute<Due>(sql`
      select d.id, d.event_id, d.event, d.member_id, d.data, d.occurred_at, d.attempts, d.give_up_at <= now() as give_up,
        a.webhook_url as url, s.sealed, case when s.previous_until > now() then s.previous_sealed end as previous_sealed
      from webhook_deliveries d
      left join applications a on a.tenant_id = d.tenant_id and a.id = d.application_id
      left join webhook_secrets s on s.tenant_id = d.tenant_id and s.application_id = d.application_id
      where d.tenant_id = ${job.tenantId} and d.id = ${job.id} and d.state = 'PENDING' and d.next_at <= now()
        and not exists (${earlierPending})
      for update of d skip locked`);
    const due = rows[0];
    if (!due) return null;
    const outcome = await post(due, new Date());
    const attempts = due.attempts + 1;
    const wait = Math.min(input.retrySeconds * 2 ** (attempts - 1), MAX_WAIT_SECONDS);
    const state = outcome.error === null ? 'DELIVERED' : due.give_up ? 'FAILED' : 'PENDING';
    await tx.execute(sql`update webhook_deliveries set state = ${state}, attempts = ${attempts}, last_status = ${outcome.status},
      last_error = ${outcome.error}, last_attempt_at = now(),
      next_at = case when ${state} = 'PENDING' then clock_timestamp() + make_interval(secs => ${wait}) else next_at end
      where tenant_id = ${job.tenantId} and id = ${job.id}`);
    if (state === 'PENDING') return { retryIn: wait, job };
    if (due.member_id === null) return { next: null };
    const next = await tx.execute<{ id: number }>(sql`select e.id from webhook_deliveries e, webhook_deliveries d
      where d.tenant_id = ${job.tenantId} and d.id = ${job.id} and e.tenant_id = d.tenant_id and e.application_id = d.application_id
        and e.member_id = d.member_id and e.state = 'PENDING' and e.id > d.id
      order by e.id limit 1`);
    return { next: next.rows[0] ? { tenantId: job.tenantId, id: Number(next.rows[0].id) } : null };
  });
}
