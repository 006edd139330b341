import { sql } from 'drizzle-orm';
import { thirdPartyIssuesView } from '../../../../resources/promotion/third-party-issues.query-view';
import { defineViewSource } from '../../../crud/query-view.source';

/**
 * The source of a third-party issuing campaign's reconciliation
 * (resources/promotion/third-party-issues.query-view.ts): the campaign's awards given to its
 * application's requests (`activity_awards`, source `third-party`), each with its member, the
 * states of its coupons now and the settlement (coupons not voided × the rule's settlement price).
 */
const USED = sql`(select count(*) from coupons c where c.tenant_id = a.tenant_id
  and c.id in (select jsonb_array_elements_text(a.coupon_ids)::bigint) and c.state = 'USED')`;
const SETTLEMENT = sql`((a.coupons - a.voided_coupons) * coalesce((act.rule->>'thirdSettlementPrice')::numeric, 0))::numeric(16, 2)`;

export const thirdPartyIssuesSource = defineViewSource({
  view: thirdPartyIssuesView,
  from: sql`activity_awards a
    join activities act on act.tenant_id = a.tenant_id and act.id = a.activity_id
    join members m on m.tenant_id = a.tenant_id and m.id = a.member_id`,
  scope: (actor) => sql`a.tenant_id = ${actor.tenantId} and a.source_type = 'third-party'`,
  columns: {
    id: sql`a.id`,
    activityId: sql`a.activity_id`,
    requestNo: sql`a.source_no`,
    memberNumber: sql`m.member_number`,
    memberName: sql`m.name`,
    coupons: sql`a.coupons`,
    used: USED,
    cancelled: sql`a.voided_coupons`,
    settlement: SETTLEMENT,
    issuedAt: sql`a.occurred_at`,
  },
  filters: {
    keyword: { prefix: [sql`a.source_no`, sql`m.mobile`, sql`m.member_number`], contains: [sql`m.name`] },
  },
  measures: {
    issues: sql`count(*)`,
    coupons: sql`coalesce(sum(a.coupons), 0)`,
    used: sql`coalesce(sum(${USED}), 0)`,
    cancelled: sql`coalesce(sum(a.voided_coupons), 0)`,
    settlement: sql`coalesce(sum(${SETTLEMENT}), 0)`,
  },
});
