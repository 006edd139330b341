import { sql } from 'drizzle-orm';
import { memberAnalysisView } from '../../../resources/data-table/member-analysis.query-view';
import { defineViewSource } from '../../crud/query-view.source';
import { MEMBERS_TABLE } from '../points/points.scope';
import { STORES_TABLE } from '../reads/store-lookup';
import { membersDaily } from '../reports/daily-totals';

/**
 * The source of store member growth (resources/data-table/member-analysis.query-view.ts): the
 * members with their registration store; the time is the registration. The `(tenant,
 * register_store, id)` index serves a store's members; the report is read tenant-wide under its
 * own grant. Its totals and chart count the members by registration day (members_daily, and
 * members_monthly for a range's whole months; server/modules/reports).
 */
export const memberAnalysisSource = defineViewSource({
  view: memberAnalysisView,
  from: sql`${MEMBERS_TABLE} m left join ${STORES_TABLE} s on s.tenant_id = m.tenant_id and s.id = m.register_store`,
  scope: (actor) => sql`m.tenant_id = ${actor.tenantId}`,
  columns: {
    id: sql`m.id`,
    registeredAt: sql`m.registered_at`,
    memberNumber: sql`m.member_number`,
    name: sql`m.name`,
    storeId: sql`m.register_store`,
    storeName: sql`s.name`,
    channel: sql`m.channel`,
    profile: sql`m.profile`,
    state: sql`m.state`,
  },
  filters: { areaId: sql`s.area` },
  measures: {
    newMembers: sql`count(*)`,
    invited: sql`count(*) filter (where m.invited_by is not null)`,
    petrol: sql`count(*) filter (where m.profile = 'petrol')`,
    inUse: sql`count(*) filter (where lower(m.state) = 'using')`,
  },
  dimensions: { storeId: sql`m.register_store`, channel: sql`m.channel` },
  daily: membersDaily({
    filters: ['storeId', 'areaId', 'channel', 'profile'],
    dimensions: ['storeId', 'channel'],
    measures: {
      newMembers: sql`coalesce(sum(m.entries), 0)`,
      invited: sql`coalesce(sum(m.invited_entries), 0)`,
      petrol: sql`coalesce(sum(m.entries) filter (where m.profile = 'petrol'), 0)`,
      inUse: sql`coalesce(sum(m.in_use_entries), 0)`,
    },
  }),
});
