import { sql } from 'drizzle-orm';

/**
 * A value entry's payment offer discount, for the histories that list value entries aliased `e`
 * (a member's stored value, a card's balance): the payment (`value_payments`) or refund
 * (`value_refunds`) the entry posted is found by its unique number, the entry's source id.
 * `PAYMENT_DISCOUNT_JOINS` goes after the history's `from`; `PAYMENT_DISCOUNT` is the column: the
 * payment's discount, or the share a refund took back (negative); null for any other entry.
 */
export const PAYMENT_DISCOUNT_JOINS = sql`left join value_payments p on e.kind = 'pay' and p.tenant_id = e.tenant_id and p.request_no = e.source_id
    left join value_refunds r on e.kind = 'refund' and r.tenant_id = e.tenant_id and r.refund_no = e.source_id`;

export const PAYMENT_DISCOUNT = sql`nullif(coalesce(p.discount, -r.discount), 0)`;
