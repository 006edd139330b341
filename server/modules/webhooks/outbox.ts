import { randomUUID } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import type { WebhookEventType } from '../../../resources/setting/webhook-events';
import type { DbOrTx } from '../../db/connection';

/** The channel a committed outbox row is announced on (every process's deliverer listens). */
export const OUTBOX_CHANNEL = 'webhook_outbox';

/** One event as the place of the change describes it. */
export interface WebhookEvent {
  readonly type: WebhookEventType;
  /** The member it concerns (its events keep their order); null: none. */
  readonly memberId: number | null;
  /** What the receiver reads under `data` (ids, amounts as decimal text, codes). */
  readonly data: Readonly<Record<string, unknown>>;
}

/**
 * Writes events to the outbox in the caller's transaction (`tx`), one row per event and
 * enabled application whose webhook subscribes to it and has a signing secret; nothing when
 * none does (one indexed read). The rows commit or roll back with the change; at commit the
 * notification wakes the deliverers (server/modules/webhooks/delivery.job.ts).
 */
export async function recordEvents(tx: DbOrTx, input: { tenantId: number; events: readonly WebhookEvent[] }): Promise<void> {
  if (input.events.length === 0) return;
  // Many events at once (a group send's batch): one indexed read first spares building and sending them when nobody subscribes.
  if (input.events.length >= MANY_EVENTS && !(await anySubscriber(tx, input.tenantId, [...new Set(input.events.map((e) => e.type))])))
    return;
  const rows = input.events.map((event, ord) => ({
    ord,
    type: event.type,
    member_id: event.memberId,
    data: event.data,
    event_id: randomUUID(),
  }));
  await insertEvents(
    tx,
    sql`select ${input.tenantId}::bigint as tenant_id, x.*
      from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as x(ord int, type text, member_id bigint, data jsonb, event_id uuid)`,
  );
}

/** From this many events on, `recordEvents` asks first whether any application subscribes to them. */
const MANY_EVENTS = 50;

/** Whether an enabled application of the tenant with a URL and a secret subscribes to any of `types` (the outbox statement's join). */
async function anySubscriber(tx: DbOrTx, tenantId: number, types: readonly string[]): Promise<boolean> {
  const found = await tx.execute(sql`select 1 from applications a
    join webhook_secrets s on s.tenant_id = a.tenant_id and s.application_id = a.id
    where a.tenant_id = ${tenantId} and a.state = 'ENABLED' and a.webhook_url is not null
      and a.webhook_events && ${`{${types.join(',')}}`}::text[] limit 1`);
  return found.rows.length > 0;
}

/**
 * The one statement that writes the outbox: `events` selects `tenant_id, ord, type, member_id,
 * data, event_id`; each goes to every enabled application of its tenant subscribed to its type
 * with a URL and a secret, in `ord` order; a commit with rows notifies the deliverers.
 */
export async function insertEvents(tx: DbOrTx, events: SQL): Promise<void> {
  await tx.execute(sql`with e as (${events}), ins as (
      insert into webhook_deliveries (tenant_id, application_id, event_id, event, member_id, data, give_up_at)
      select a.tenant_id, a.id, e.event_id, e.type, e.member_id, e.data, now() + interval '1 day'
      from e join applications a on a.tenant_id = e.tenant_id and a.state = 'ENABLED'
        and a.webhook_url is not null and e.type = any(a.webhook_events)
      join webhook_secrets s on s.tenant_id = a.tenant_id and s.application_id = a.id
      order by e.ord, a.id
      returning 1
    )
    select pg_notify(${OUTBOX_CHANNEL}, '') from (select 1 from ins limit 1) x`);
}

/** One event: {@link recordEvents} with a list of one. */
export const recordEvent = (tx: DbOrTx, input: { tenantId: number } & WebhookEvent): Promise<void> =>
  recordEvents(tx, { tenantId: input.tenantId, events: [{ type: input.type, memberId: input.memberId, data: input.data }] });
