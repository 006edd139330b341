import { getTableName, sql } from 'drizzle-orm';
import { couponResource } from '../../../resources/coupons/coupon.resource';
import { couponTemplateResource } from '../../../resources/coupons/coupon-template.resource';
import { couponReportView } from '../../../resources/data-table/coupon-report.query-view';
import { defineViewSource } from '../../crud/query-view.source';
import { deriveTable } from '../../crud/table.derive';
import { MEMBERS_TABLE } from '../points/points.scope';
import { STORES_TABLE } from '../reads/store-lookup';

/**
 * The source of the coupon report (resources/data-table/coupon-report.query-view.ts): the events
 * of the coupons, one row each, keyed `coupon id * 4 + event` (0 issued, 1 used, 2 expired):
 * every coupon's issue; its use while it is USED (an undone redemption puts it back to ISSUED
 * and clears the use); its expiry when it is still ISSUED and its validity ended before now
 * (coupons expire by their window, with no job: server/modules/coupons/README.md).
 */
const COUPONS = sql.identifier(getTableName(deriveTable(couponResource)));
const TEMPLATES = sql.identifier(getTableName(deriveTable(couponTemplateResource)));

const EVENTS = sql`(
    select x.tenant_id, x.id * 4 as key, 'issued' as event, x.issued_at as at, null::bigint as store_id, x.id as coupon_id
      from ${COUPONS} x
    union all
    select x.tenant_id, x.id * 4 + 1, 'used', x.used_at, x.used_store, x.id
      from ${COUPONS} x where x.state = 'USED' and x.used_at is not null
    union all
    select x.tenant_id, x.id * 4 + 2, 'expired', x.valid_to, null::bigint, x.id
      from ${COUPONS} x where x.state = 'ISSUED' and x.valid_to <= now()
  )`;

export const couponReportSource = defineViewSource({
  view: couponReportView,
  from: sql`${EVENTS} e
    join ${COUPONS} c on c.tenant_id = e.tenant_id and c.id = e.coupon_id
    left join ${TEMPLATES} t on t.tenant_id = c.tenant_id and t.id = c.template
    left join ${MEMBERS_TABLE} m on m.tenant_id = c.tenant_id and m.id = c.member
    left join ${STORES_TABLE} s on s.tenant_id = e.tenant_id and s.id = e.store_id`,
  scope: (actor) => sql`e.tenant_id = ${actor.tenantId}`,
  columns: {
    id: sql`e.key`,
    occurredAt: sql`e.at`,
    event: sql`e.event`,
    code: sql`c.code`,
    templateId: sql`c.template`,
    templateName: sql`t.name`,
    lineType: sql`c.line_type`,
    source: sql`c.source`,
    storeId: sql`e.store_id`,
    storeName: sql`s.name`,
    memberNumber: sql`m.member_number`,
    memberName: sql`m.name`,
    faceValue: sql`c.face_value`,
    discount: sql`case when e.event = 'used' then c.discount end`,
    orderNo: sql`case when e.event = 'used' then c.order_no end`,
  },
  filters: {
    areaId: sql`s.area`,
    template: { prefix: [], contains: [sql`t.name`] },
  },
  measures: {
    issued: sql`count(*) filter (where e.event = 'issued')`,
    used: sql`count(*) filter (where e.event = 'used')`,
    expired: sql`count(*) filter (where e.event = 'expired')`,
    issuedValue: sql`coalesce(sum(c.face_value) filter (where e.event = 'issued'), 0)`,
    discount: sql`coalesce(sum(c.discount) filter (where e.event = 'used'), 0)`,
  },
  dimensions: { templateId: sql`c.template`, storeId: sql`e.store_id`, event: sql`e.event` },
  dimensionTitles: { templateId: sql`t.name` },
});
