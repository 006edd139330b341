import { sql } from 'drizzle-orm';
import { pointsEntriesView } from '../../../resources/score/points-entries.query-view';
import type { Actor } from '../../crud/actor';
import { defineViewSource } from '../../crud/query-view.source';
import { STORES_TABLE } from '../reads/store-lookup';
import { MEMBERS_TABLE, pointsScopeOf, scopeCondition } from './points.scope';

/**
 * The source of the points ledger (resources/score/points-entries.query-view.ts): the members'
 * points entries (`points_entries`, points.ledger.ts) with the member and store named, an
 * adjustment's reason (its document line's, found by the entry's idempotency key
 * `adjust:<document>:<line>`) and the document behind an adjustment or a batch entry. The scope
 * is the caller's points read scope (a centre reader: the centre's members only).
 */
const ADJUST_KEY = sql`e.source_type = 'adjustment' and e.idempotency_key ~ '^adjust:[0-9]+:[0-9]+$'`;
const keyPart = (n: number) => sql`split_part(e.idempotency_key, ':', ${sql.raw(String(n))})::bigint`;

const scope = (actor: Actor, member: ReturnType<typeof sql>) =>
  scopeCondition({ scope: pointsScopeOf(actor), tenantId: actor.tenantId, memberId: member });

export const pointsEntriesSource = defineViewSource({
  view: pointsEntriesView,
  from: sql`points_entries e
    left join ${MEMBERS_TABLE} m on m.tenant_id = e.tenant_id and m.id = e.member_id
    left join ${STORES_TABLE} s on s.tenant_id = e.tenant_id and s.id = e.store_id`,
  scope: (actor) => sql`e.tenant_id = ${actor.tenantId} and ${scope(actor, sql`e.member_id`)}`,
  columns: {
    id: sql`e.id`,
    occurredAt: sql`e.occurred_at`,
    memberId: sql`e.member_id`,
    memberNumber: sql`m.member_number`,
    memberName: sql`m.name`,
    kind: sql`e.kind`,
    sourceType: sql`e.source_type`,
    sourceId: sql`e.source_id`,
    documentId: sql`case when ${ADJUST_KEY} then ${keyPart(2)}
      when e.source_type = 'batch' then (select b.id from batch_operations b where b.tenant_id = e.tenant_id and b.number = e.source_id)
      end`,
    reason: sql`case when ${ADJUST_KEY} then (select r.name from score_adjusts_lines l
      join score_adjust_reasons r on r.tenant_id = l.tenant_id and r.id = l.reason
      where l.tenant_id = e.tenant_id and l.parent_id = ${keyPart(2)} and l.line_no = ${keyPart(3)}) end`,
    storeId: sql`e.store_id`,
    storeName: sql`s.name`,
    operatorId: sql`e.operator_id`,
    channel: sql`e.channel`,
    delta: sql`e.delta`,
    balanceAfter: sql`e.balance_after`,
    expiresAt: sql`e.expires_at`,
    remark: sql`e.remark`,
  },
  filters: {},
  measures: {
    earned: sql`coalesce(sum(e.delta) filter (where e.delta > 0), 0)`,
    spent: sql`coalesce(-sum(e.delta) filter (where e.delta < 0), 0)`,
  },
  // A member's account row keeps the count and sums of its entries with every posting and expiry
  // (points.ledger.ts), so a member with 50,000 entries is not summed again on every page.
  summary: {
    filter: 'memberId',
    read: (memberId, actor) => sql`select a.entry_count as n, a.total_earned as m_earned, a.total_spent + a.total_expired as m_spent
      from points_accounts a where a.tenant_id = ${actor.tenantId} and a.member_id = ${Number(memberId)}
        and ${scope(actor, sql`a.member_id`)}`,
  },
});
