import { sql } from 'drizzle-orm';
import { pointsAccountsView } from '../../../resources/score/points-accounts.query-view';
import { defineViewSource } from '../../crud/query-view.source';
import { MEMBERS_TABLE, pointsScopeOf, scopeCondition } from './points.scope';

/**
 * The source of the points inquiry (resources/score/points-accounts.query-view.ts): the points
 * accounts (`points_accounts`, one per member who ever had points) with the member's name,
 * mobile and numbers, within the caller's points read scope. The keyword's prefixes are served
 * by the members' prefix indexes, the name by its trigram index.
 */
export const pointsAccountsSource = defineViewSource({
  view: pointsAccountsView,
  from: sql`points_accounts a left join ${MEMBERS_TABLE} m on m.tenant_id = a.tenant_id and m.id = a.member_id`,
  scope: (actor) =>
    sql`a.tenant_id = ${actor.tenantId} and ${scopeCondition({ scope: pointsScopeOf(actor), tenantId: actor.tenantId, memberId: sql`a.member_id` })}`,
  columns: {
    memberId: sql`a.member_id`,
    memberName: sql`m.name`,
    memberNumber: sql`m.member_number`,
    mobile: sql`m.mobile`,
    balance: sql`a.balance`,
    totalEarned: sql`a.total_earned`,
    totalSpent: sql`a.total_spent`,
    updatedAt: sql`a.updated_at`,
  },
  filters: {
    keyword: { prefix: [sql`m.mobile`, sql`m.member_number`, sql`m.card_number`], contains: [sql`m.name`] },
  },
  measures: {
    accounts: sql`count(*)`,
    balance: sql`coalesce(sum(a.balance), 0)`,
  },
});
