import { sql } from 'drizzle-orm';
import { thirdPartyCancelCouponsView } from '../../../../resources/promotion/third-party-cancel-coupons.query-view';
import { thirdPartyCancelsView } from '../../../../resources/promotion/third-party-cancels.query-view';
import { defineViewSource } from '../../../crud/query-view.source';

/**
 * The sources of the partners' cancellations (resources/promotion/third-party-cancels.query-view.ts,
 * third-party-cancel-coupons.query-view.ts): the rows the cancel wrote (`third_party_cancels`),
 * with the campaign, the application and the member named; the detail one row per coupon voided.
 */
const COUPONS = sql`jsonb_array_length(x.coupon_ids)`;

export const thirdPartyCancelsSource = defineViewSource({
  view: thirdPartyCancelsView,
  from: sql`third_party_cancels x
    join activities act on act.tenant_id = x.tenant_id and act.id = x.activity_id
    left join applications app on app.tenant_id = x.tenant_id and app.id = x.application_id
    join members m on m.tenant_id = x.tenant_id and m.id = x.member_id`,
  scope: (actor) => sql`x.tenant_id = ${actor.tenantId}`,
  columns: {
    id: sql`x.id`,
    activityId: sql`x.activity_id`,
    requestNo: sql`x.request_no`,
    issueRequestNo: sql`x.issue_request_no`,
    activityName: sql`act.name`,
    applicationName: sql`app.name`,
    memberNumber: sql`m.member_number`,
    memberName: sql`m.name`,
    coupons: COUPONS,
    reason: sql`x.reason`,
    cancelledAt: sql`x.cancelled_at`,
  },
  filters: {
    keyword: { prefix: [sql`x.request_no`, sql`x.issue_request_no`, sql`m.mobile`, sql`m.member_number`], contains: [sql`m.name`] },
  },
  measures: {
    cancels: sql`count(*)`,
    coupons: sql`coalesce(sum(${COUPONS}), 0)`,
  },
});

export const thirdPartyCancelCouponsSource = defineViewSource({
  view: thirdPartyCancelCouponsView,
  from: sql`third_party_cancels x
    cross join lateral jsonb_array_elements_text(x.coupon_ids) as voided(coupon_id)
    join coupons c on c.tenant_id = x.tenant_id and c.id = voided.coupon_id::bigint
    left join coupon_templates tpl on tpl.tenant_id = c.tenant_id and tpl.id = c.template
    join members m on m.tenant_id = x.tenant_id and m.id = x.member_id`,
  scope: (actor) => sql`x.tenant_id = ${actor.tenantId}`,
  columns: {
    id: sql`c.id`,
    cancelId: sql`x.id`,
    code: sql`c.code`,
    templateName: sql`tpl.name`,
    memberNumber: sql`m.member_number`,
    memberName: sql`m.name`,
    requestNo: sql`x.request_no`,
    issueRequestNo: sql`x.issue_request_no`,
    reason: sql`x.reason`,
    cancelledAt: sql`x.cancelled_at`,
  },
  filters: {
    keyword: { prefix: [sql`c.code`, sql`x.request_no`, sql`x.issue_request_no`] },
  },
  measures: {
    coupons: sql`count(*)`,
  },
});
