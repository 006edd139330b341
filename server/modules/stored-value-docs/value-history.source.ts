import { sql } from 'drizzle-orm';
import { storeValueHistoryView } from '../../../resources/deposit/store-value-hst-detail.query-view';
import { defineViewSource } from '../../crud/query-view.source';
import { users } from '../../db/schema/core.schema';
import { PAYMENT_DISCOUNT, PAYMENT_DISCOUNT_JOINS } from '../ledger';
import { MEMBERS_TABLE } from '../points/points.scope';
import { STORES_TABLE } from '../reads/store-lookup';

/**
 * The source of the stored-value history (resources/deposit/store-value-hst-detail.query-view.ts):
 * the members' entries of the value ledger (`value_entries`, server/modules/ledger/README.md)
 * with the member, store and operator named, and a payment's offer discount (a refund's share of
 * it taken back, negative) from the payment or refund the entry posted (by their unique numbers,
 * the entry's source id). Its key is the entry id, which grows with time, so
 * "newest first" is the id's order and the (tenant, id) key serves paging.
 */
const amount = sql`(e.principal_delta + e.gift_delta)`;

export const valueHistorySource = defineViewSource({
  view: storeValueHistoryView,
  from: sql`value_entries e
    left join ${MEMBERS_TABLE} m on m.tenant_id = e.tenant_id and m.id = e.member_id
    left join ${STORES_TABLE} s on s.tenant_id = e.tenant_id and s.id = e.store_id
    left join ${users} u on u.tenant_id = e.tenant_id and u.id = e.operator_id
    ${PAYMENT_DISCOUNT_JOINS}`,
  scope: (actor) => sql`e.tenant_id = ${actor.tenantId} and e.holder_kind = 'member'`,
  columns: {
    id: sql`e.id`,
    occurredAt: sql`e.occurred_at`,
    memberId: sql`e.member_id`,
    memberNumber: sql`m.member_number`,
    memberName: sql`m.name`,
    kind: sql`e.kind`,
    channel: sql`e.channel`,
    sourceType: sql`e.source_type`,
    sourceId: sql`e.source_id`,
    principalDelta: sql`e.principal_delta`,
    giftDelta: sql`e.gift_delta`,
    amount,
    balanceAfter: sql`e.balance_after`,
    discount: PAYMENT_DISCOUNT,
    storeId: sql`e.store_id`,
    storeName: sql`s.name`,
    operatorName: sql`u.name`,
    remark: sql`e.remark`,
  },
  filters: {},
  measures: {
    entries: sql`count(*)`,
    amountIn: sql`coalesce(sum(${amount}) filter (where ${amount} > 0), 0)`,
    amountOut: sql`coalesce(-sum(${amount}) filter (where ${amount} < 0), 0)`,
    principal: sql`coalesce(sum(e.principal_delta), 0)`,
    gift: sql`coalesce(sum(e.gift_delta), 0)`,
    amount: sql`coalesce(sum(${amount}), 0)`,
  },
  dimensions: { kind: sql`e.kind`, channel: sql`e.channel`, storeId: sql`e.store_id` },
});
