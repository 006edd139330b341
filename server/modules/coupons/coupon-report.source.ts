import { getTableName, sql } from 'drizzle-orm';
import { couponResource } from '../../../resources/coupons/coupon.resource';
import { couponTemplateResource } from '../../../resources/coupons/coupon-template.resource';
import { couponReportView } from '../../../resources/data-table/coupon-report.query-view';
import { defineViewSource } from '../../crud/query-view.source';
import { deriveTable } from '../../crud/table.derive';
import { DAILY_TOTALS_ZONE } from '../../db/schema/daily-totals.schema';
import { MEMBERS_TABLE } from '../points/points.scope';
import { STORES_TABLE } from '../reads/store-lookup';

/**
 * The source of the coupon report (resources/data-table/coupon-report.query-view.ts): the events
 * of the coupons, one row each, keyed `coupon id * 4 + event` (0 issued, 1 used, 2 expired):
 * every coupon's issue; its use while it is USED (an undone redemption puts it back to ISSUED
 * and clears the use); its expiry when it is still ISSUED and its validity ended before now
 * (coupons expire by their window, with no job: server/modules/coupons/README.md). Its totals
 * and chart sum the coupons' daily totals (coupon_daily, server/modules/reports).
 */
const COUPONS = sql.identifier(getTableName(deriveTable(couponResource)));
const TEMPLATES = sql.identifier(getTableName(deriveTable(couponTemplateResource)));

const EVENTS = sql`(
    select x.tenant_id, x.id * 4 as key, 'issued' as event, x.issued_at as at, null::bigint as store_id, x.id as coupon_id,
        x.template, x.source, x.face_value, null::numeric as discount
      from ${COUPONS} x
    union all
    select x.tenant_id, x.id * 4 + 1, 'used', x.used_at, x.used_store, x.id, x.template, x.source, x.face_value, x.discount
      from ${COUPONS} x where x.state = 'USED' and x.used_at is not null
    union all
    select x.tenant_id, x.id * 4 + 2, 'expired', x.valid_to, null::bigint, x.id, x.template, x.source, x.face_value, null::numeric
      from ${COUPONS} x where x.state = 'ISSUED' and x.valid_to <= now()
  )`;

/** Today, a day of the daily totals' zone. */
const TODAY = sql`(now() at time zone ${sql.raw(`'${DAILY_TOTALS_ZONE}'`)})::date`;

/**
 * The coupons' daily totals (coupon_daily, server/modules/reports) as the events `e`: issues and
 * uses as kept, expiries of days before today as kept, and today's expiries from the coupons
 * themselves, those whose validity has ended by now (a day's rows cannot tell).
 */
const DAILY_EVENTS = sql`(
    select d.tenant_id, d.day, d.event, d.template, d.source, d.store_id, d.entries, d.face_value, d.discount
      from coupon_daily d where d.event <> 'expired' or d.day < ${TODAY}
    union all
    select x.tenant_id, (x.valid_to at time zone ${sql.raw(`'${DAILY_TOTALS_ZONE}'`)})::date, 'expired', x.template, x.source,
        null::bigint, 1, coalesce(x.face_value, 0), 0
      from ${COUPONS} x
      where x.state = 'ISSUED' and x.valid_to <= now()
        and x.valid_to >= ${TODAY}::timestamp at time zone ${sql.raw(`'${DAILY_TOTALS_ZONE}'`)}
  )`;

const JOINS = sql`left join ${TEMPLATES} t on t.tenant_id = e.tenant_id and t.id = e.template
    left join ${STORES_TABLE} s on s.tenant_id = e.tenant_id and s.id = e.store_id`;

/** How many events of a kind: rows over the coupons, the daily totals' `entries` over the days. */
const isEvent = (event: string) => sql.raw(`e.event = '${event}'`);
const counted = (event: string) => sql`count(*) filter (where ${isEvent(event)})`;
const summed = (event: string) => sql`coalesce(sum(e.entries) filter (where ${isEvent(event)}), 0)`;

export const couponReportSource = defineViewSource({
  view: couponReportView,
  from: sql`${EVENTS} e
    join ${COUPONS} c on c.tenant_id = e.tenant_id and c.id = e.coupon_id
    left join ${MEMBERS_TABLE} m on m.tenant_id = c.tenant_id and m.id = c.member
    ${JOINS}`,
  scope: (actor) => sql`e.tenant_id = ${actor.tenantId}`,
  columns: {
    id: sql`e.key`,
    occurredAt: sql`e.at`,
    event: sql`e.event`,
    code: sql`c.code`,
    templateId: sql`e.template`,
    templateName: sql`t.name`,
    lineType: sql`c.line_type`,
    source: sql`e.source`,
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
    issued: counted('issued'),
    used: counted('used'),
    expired: counted('expired'),
    issuedValue: sql`coalesce(sum(e.face_value) filter (where e.event = 'issued'), 0)`,
    discount: sql`coalesce(sum(e.discount) filter (where e.event = 'used'), 0)`,
  },
  dimensions: { templateId: sql`e.template`, storeId: sql`e.store_id`, event: sql`e.event` },
  dimensionTitles: { templateId: sql`t.name` },
  daily: {
    zone: DAILY_TOTALS_ZONE,
    day: sql`e.day`,
    count: sql`e.entries`,
    from: sql`${DAILY_EVENTS} e ${JOINS}`,
    scope: (actor) => sql`e.tenant_id = ${actor.tenantId}`,
    filters: ['storeId', 'areaId', 'event', 'template', 'templateId', 'source'],
    dimensions: ['templateId', 'storeId', 'event'],
    measures: {
      issued: summed('issued'),
      used: summed('used'),
      expired: summed('expired'),
    },
  },
});
