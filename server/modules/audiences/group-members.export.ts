import { sql } from 'drizzle-orm';
import { audienceMessages } from '../../../resources/messages/audience.messages';
import { pick, type Bilingual } from '../../../resources/messages/bilingual';
import type { DbOrTx } from '../../db/connection';
import type { ModuleExport } from '../files/module-export';
import type { TaskRequester } from '../files/task-requester';
import { groupSelection } from './audience.compute';

/** The export's query: the group. */
interface GroupQuery {
  readonly id?: number;
}

const BATCH = 1000;
const COLUMNS: readonly { label: Bilingual; width: number }[] = [
  { label: ['会员编号', 'Member number'], width: 18 },
  { label: ['姓名', 'Name'], width: 14 },
  // Unmasked, as the member list shows it to whoever reads the group.
  { label: ['手机号', 'Mobile'], width: 14 },
  { label: ['会员等级', 'Level'], width: 14 },
  { label: ['积分余额', 'Points balance'], width: 12 },
];

/** The group's members as a subquery of ids, in the requester's tenant; null when the group is not the tenant's. */
const membersOf = (db: DbOrTx, requester: TaskRequester, query: GroupQuery) =>
  groupSelection({
    db,
    tenantId: requester.tenantId,
    groupId: Number(query.id),
    ctx: { now: requester.now ?? new Date(), timeZone: requester.timeZone },
  });

/**
 * A customer group's members (the group's detail, `POST /v1/customer-group/members`) as a
 * file-centre export: the members its conditions select when the export runs, newest first as
 * the detail lists them, in the requester's tenant only (another tenant's group gives no rows).
 */
export const groupMembersExport: ModuleExport = {
  name: 'customer-group-members',
  module: 'members',
  path: 'customer-group/members/export',
  requires: [{ resourceId: '营销/客群', action: '客群查看' }],
  body: {
    type: 'object',
    additionalProperties: false,
    required: ['id'],
    properties: { id: { type: 'integer', minimum: 1, maximum: 9007199254740991 } },
  },
  check: () => undefined,
  title: (requester) => pick(audienceMessages['res.customer-group-members'], requester.locale),
  columns: (requester) => COLUMNS.map((c) => ({ header: pick(c.label, requester.locale), width: c.width })),
  async count({ database, requester, query }) {
    const matched = await membersOf(database.db, requester, query as GroupQuery);
    if (!matched) return 0;
    const counted = await database.db.execute(sql`select count(*)::int as n from (${matched}) sel`);
    return Number((counted.rows[0] as { n: number }).n);
  },
  async *rows({ database, requester, query }) {
    const matched = await membersOf(database.db, requester, query as GroupQuery);
    if (!matched) return;
    const tenantId = requester.tenantId;
    let before: number | null = null;
    for (;;) {
      // Keyset paging by id: a batch never re-reads the rows before it.
      const page = await database.db.execute(sql`select m.id, m.member_number, m.name, m.mobile, l.name as level_name,
          coalesce(p.balance, 0) as balance
        from members m
        left join member_levels l on l.tenant_id = m.tenant_id and l.id = m.level
        left join points_accounts p on p.tenant_id = m.tenant_id and p.member_id = m.id
        where m.tenant_id = ${tenantId} and m.id in (${matched})${before === null ? sql`` : sql` and m.id < ${before}`}
        order by m.id desc limit ${BATCH}`);
      const rows = page.rows as {
        id: string | number;
        member_number: string;
        name: string;
        mobile: string | null;
        level_name: string | null;
        balance: string | number;
      }[];
      if (rows.length === 0) return;
      yield rows.map((r) => [r.member_number, r.name, r.mobile ?? '', r.level_name ?? '', Number(r.balance)]);
      if (rows.length < BATCH) return;
      before = Number(rows[rows.length - 1].id);
    }
  },
};
