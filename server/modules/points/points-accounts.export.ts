import { pick, type Bilingual } from '../../../resources/messages/bilingual';
import { scoreMessages } from '../../../resources/messages/score.messages';
import type { ModuleExport } from '../files/module-export';
import type { TaskRequester } from '../files/task-requester';
import {
  ACCOUNT_QUERY_SCHEMA,
  accountRecord,
  accountsCount,
  accountsStatement,
  type AccountFilters,
  type AccountRow,
  type AccountSorters,
} from './points-report.routes';
import { POINTS_READ, pointsScopeOf } from './points.scope';

/** Accounts read per statement. */
const BATCH = 1000;
/** No cap on the count: the progress wants the real number. */
const NO_CAP = Number.MAX_SAFE_INTEGER - 1;

const COLUMNS: ReadonlyArray<{ label: Bilingual; width: number }> = [
  { label: scoreMessages['score.accounts.member'], width: 16 },
  { label: scoreMessages['score.accounts.memberNumber'], width: 16 },
  { label: scoreMessages['score.accounts.mobile'], width: 16 },
  { label: scoreMessages['score.accounts.balance'], width: 12 },
  { label: scoreMessages['score.accounts.totalEarned'], width: 12 },
  { label: scoreMessages['score.accounts.totalSpent'], width: 12 },
  { label: scoreMessages['score.accounts.updatedAt'], width: 20 },
];

function queryOf(requester: TaskRequester, query: unknown) {
  const { filters = {}, sorters = [] } = (query ?? {}) as { filters?: AccountFilters; sorters?: AccountSorters };
  return { tenantId: requester.tenantId, scope: pointsScopeOf(requester), filters, sorters };
}

/**
 * The points accounts list (POST /v1/points/accounts/query, score-query-list) as a file-centre
 * export: the same filters, order, grants and member scope as the list, every row (not one page),
 * read in keyset batches, under the points file module.
 */
export const pointsAccountsExport: ModuleExport = {
  name: 'points-accounts',
  module: 'points',
  path: 'points/accounts/export',
  requires: POINTS_READ,
  body: { type: 'object', additionalProperties: false, properties: ACCOUNT_QUERY_SCHEMA },
  check: (requester) => void pointsScopeOf(requester),
  title: (requester) => pick(scoreMessages['res.points-accounts'], requester.locale),
  columns: (requester) => COLUMNS.map((c) => ({ header: pick(c.label, requester.locale), width: c.width })),
  async count({ database, requester, query }) {
    const result = await database.db.execute<{ n: number }>(accountsCount({ ...queryOf(requester, query), cap: NO_CAP }));
    return Number(result.rows[0]?.n ?? 0);
  },
  async *rows({ database, requester, query }) {
    const base = queryOf(requester, query);
    let after: { sortKey: string; memberId: number } | undefined;
    for (;;) {
      const result = await database.db.execute<AccountRow>(accountsStatement({ ...base, limit: BATCH, after }));
      const rows = result.rows;
      if (rows.length === 0) return;
      yield rows.map((row) => {
        const r = accountRecord(row, requester.timeZone);
        return [r.memberName, r.memberNumber, r.mobile, r.balance, r.totalEarned, r.totalSpent, r.updatedAt];
      });
      if (rows.length < BATCH) return;
      const last = rows[rows.length - 1];
      after = { sortKey: String(last.sort_key), memberId: Number(last.member_id) };
    }
  },
};
