import { sql } from 'drizzle-orm';
import { prepayCardHistoryView } from '../../../resources/deposit/prepay-card-history.query-view';
import { defineViewSource } from '../../crud/query-view.source';
import { PAYMENT_DISCOUNT, PAYMENT_DISCOUNT_JOINS } from '../ledger';
import { STORES_TABLE } from '../reads/store-lookup';

/**
 * The source of a card's balance history (resources/deposit/prepay-card-history.query-view.ts):
 * the cards' entries of the value ledger (`value_entries`, holder `card`; server/modules/ledger)
 * with the store named and a payment's offer discount (card-balance-promotion). The card filter is served by `value_entries_card_idx`.
 */
export const prepayCardHistorySource = defineViewSource({
  view: prepayCardHistoryView,
  from: sql`value_entries e left join ${STORES_TABLE} s on s.tenant_id = e.tenant_id and s.id = e.store_id
    ${PAYMENT_DISCOUNT_JOINS}`,
  scope: (actor) => sql`e.tenant_id = ${actor.tenantId} and e.holder_kind = 'card'`,
  columns: {
    id: sql`e.id`,
    cardId: sql`e.card_id`,
    occurredAt: sql`e.occurred_at`,
    kind: sql`e.kind`,
    sourceId: sql`e.source_id`,
    principalDelta: sql`e.principal_delta`,
    giftDelta: sql`e.gift_delta`,
    balanceAfter: sql`e.balance_after`,
    discount: PAYMENT_DISCOUNT,
    storeName: sql`s.name`,
    remark: sql`e.remark`,
  },
  filters: {},
  measures: {
    entries: sql`count(*)`,
    principal: sql`coalesce(sum(e.principal_delta), 0)`,
    gift: sql`coalesce(sum(e.gift_delta), 0)`,
    amount: sql`coalesce(sum(e.principal_delta + e.gift_delta), 0)`,
  },
});
