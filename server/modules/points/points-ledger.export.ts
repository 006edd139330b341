import { sql, type SQL } from 'drizzle-orm';
import { pick, type Bilingual } from '../../../resources/messages/bilingual';
import { pointsMessages } from '../../../resources/messages/points.messages';
import { ledgerMessages } from '../../../resources/messages/ledger.messages';
import { scoreMessages } from '../../../resources/messages/score.messages';
import { formatDateTime } from '../../crud/zoned-time';
import type { ModuleExport } from '../files/module-export';
import type { TaskRequester } from '../files/task-requester';
import { entriesSchema, entryConditions, type EntryFilters } from './points.routes';
import { POINTS_READ, pointsScopeOf, scopeCondition } from './points.scope';
import { EXPORT_BATCH, keysetBatches } from '../reads/keyset-batches';

const COLUMNS: ReadonlyArray<{ label: Bilingual; width: number }> = [
  { label: scoreMessages['score.history.occurredAt'], width: 20 },
  { label: scoreMessages['score.history.member'], width: 12 },
  { label: scoreMessages['score.history.kind'], width: 10 },
  { label: scoreMessages['score.history.source'], width: 14 },
  { label: scoreMessages['score.history.sourceId'], width: 22 },
  { label: scoreMessages['score.history.channel'], width: 14 },
  { label: scoreMessages['score.history.delta'], width: 12 },
  { label: scoreMessages['score.history.balanceAfter'], width: 12 },
  { label: scoreMessages['score.history.expiresAt'], width: 20 },
  { label: scoreMessages['score.history.remark'], width: 30 },
];

const labels = { ...pointsMessages, ...ledgerMessages } as Readonly<Record<string, Bilingual>>;
const labelOf = (key: string, value: unknown, requester: TaskRequester) =>
  value === null ? null : labels[`${key}.${String(value)}`] ? pick(labels[`${key}.${String(value)}`], requester.locale) : String(value);

function whereOf(requester: TaskRequester, query: unknown) {
  const filters = ((query ?? {}) as { filters?: EntryFilters }).filters ?? {};
  const scope = scopeCondition({ scope: pointsScopeOf(requester), tenantId: requester.tenantId, memberId: sql`member_id` });
  return entryConditions({ tenantId: requester.tenantId, filters, timeZone: requester.timeZone, scope });
}

/**
 * The points ledger (POST /v1/points/entries/query) as a file-centre export: the same filters,
 * grants and member scope as the list, newest first, under the points file module.
 */
export const pointsLedgerExport: ModuleExport = {
  name: 'points-entries',
  module: 'points',
  path: 'points/entries/export',
  requires: POINTS_READ,
  body: { type: 'object', additionalProperties: false, properties: { filters: entriesSchema.body.properties.filters } },
  check: (requester) => void pointsScopeOf(requester),
  title: (requester) => pick(scoreMessages['res.points-entries'], requester.locale),
  columns: (requester) => COLUMNS.map((c) => ({ header: pick(c.label, requester.locale), width: c.width })),
  async count({ database, requester, query }) {
    const result = await database.db.execute<{ total: number }>(
      sql`select count(*) as total from points_entries where ${whereOf(requester, query)}`,
    );
    return Number(result.rows[0].total);
  },
  async *rows({ database, requester, query }) {
    const where = whereOf(requester, query);
    const zone = requester.timeZone;
    const batches = keysetBatches({
      idOf: (row: Record<string, unknown>) => Number(row.id),
      read: async (before) => {
        const keyset: SQL = before === null ? sql`` : sql` and id < ${before}`;
        const result = await database.db.execute<Record<string, unknown>>(sql`select id, member_id, delta, balance_after, kind,
          source_type, source_id, channel, occurred_at, expires_at, remark
        from points_entries where ${where}${keyset} order by id desc limit ${EXPORT_BATCH}`);
        return result.rows;
      },
    });
    for await (const rows of batches) {
      yield rows.map((r) => [
        formatDateTime(new Date(r.occurred_at as string), zone),
        Number(r.member_id),
        labelOf('points.kind', r.kind, requester),
        labelOf('points.source', r.source_type, requester),
        r.source_id ?? null,
        labelOf('ledger.channel', r.channel, requester),
        Number(r.delta),
        Number(r.balance_after),
        formatDateTime(r.expires_at ? new Date(r.expires_at as string) : null, zone),
        r.remark ?? null,
      ]);
    }
  },
};
