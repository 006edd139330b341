import { sql, type SQL } from 'drizzle-orm';
import { MEMBERS_TABLE } from '../points/points.scope';
import { DAY_RANGE_SCHEMA, dayRangeCondition } from '../reads/day-range';
import { STORES_TABLE } from '../reads/store-lookup';
import { VALUE_CHANNELS, VALUE_ENTRY_KINDS } from '../ledger';
import { formatDateTime } from '../../crud/zoned-time';
import type { DbOrTx } from '../../db/connection';
import { users } from '../../db/schema/core.schema';

/**
 * The stored-value history (储值流水, store-value-hst-detail): the members' entries of the value
 * ledger (`value_entries`, server/modules/ledger/README.md), filtered by member, days, kind,
 * channel, store and source, newest first, with the member, store and operator named. Shared by
 * the list route (value-history.routes.ts) and its export (value-history.export.ts), so the file
 * holds exactly what the list shows.
 */

export interface HistoryFilters {
  memberId?: number;
  /** Two `yyyy-MM-dd` days, whole days of the caller's zone. */
  occurredAt?: [string, string];
  kind?: string;
  channel?: string;
  storeId?: number;
  sourceType?: string;
}

/** The JSON schema of the filters. */
export const HISTORY_FILTERS_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  properties: {
    memberId: { type: 'integer', minimum: 1 },
    occurredAt: DAY_RANGE_SCHEMA,
    kind: { type: 'string', enum: [...VALUE_ENTRY_KINDS] },
    channel: { type: 'string', enum: [...VALUE_CHANNELS] },
    storeId: { type: 'integer', minimum: 1 },
    sourceType: { type: 'string', maxLength: 32 },
  },
} as const;

/** The WHERE of the filters over `value_entries e`: the tenant's members' entries only. */
export function historyConditions(args: { tenantId: number; filters: HistoryFilters; timeZone: string }): SQL {
  const { filters } = args;
  const parts: SQL[] = [sql`e.tenant_id = ${args.tenantId}`, sql`e.holder_kind = 'member'`];
  if (filters.memberId) parts.push(sql`e.member_id = ${filters.memberId}`);
  if (filters.occurredAt) parts.push(dayRangeCondition(sql`e.occurred_at`, filters.occurredAt, args.timeZone));
  if (filters.kind) parts.push(sql`e.kind = ${filters.kind}`);
  if (filters.channel) parts.push(sql`e.channel = ${filters.channel}`);
  if (filters.storeId) parts.push(sql`e.store_id = ${filters.storeId}`);
  if (filters.sourceType) parts.push(sql`e.source_type = ${filters.sourceType}`);
  return sql.join(parts, sql` and `);
}

interface EntryRow extends Record<string, unknown> {
  id: number;
  member_id: number;
  member_name: string | null;
  member_number: string | null;
  principal_delta: string;
  gift_delta: string;
  amount: string;
  principal_after: string;
  gift_after: string;
  balance_after: string;
  kind: string;
  channel: string | null;
  source_type: string;
  source_id: string | null;
  store_id: number | null;
  store_name: string | null;
  operator_name: string | null;
  occurred_at: string;
  remark: string | null;
}

/** One entry as the list answers it (money as exact JSON numbers of at most 2 decimals). */
export interface HistoryEntry {
  readonly id: number;
  readonly memberId: number;
  readonly memberName: string | null;
  readonly memberNumber: string | null;
  readonly principalDelta: number;
  readonly giftDelta: number;
  readonly amount: number;
  readonly principalAfter: number;
  readonly giftAfter: number;
  readonly balanceAfter: number;
  readonly kind: string;
  readonly channel: string | null;
  readonly sourceType: string;
  readonly sourceId: string | null;
  readonly storeId: number | null;
  readonly storeName: string | null;
  readonly operatorName: string | null;
  readonly occurredAt: string;
  readonly remark: string | null;
}

/** Entries of the filter, newest first: `limit` after the keyset `before` (an id) or `offset` rows. */
export async function readEntries(args: {
  db: DbOrTx;
  where: SQL;
  limit: number;
  before?: number | null;
  offset?: number;
  timeZone: string;
}): Promise<HistoryEntry[]> {
  const keyset = args.before ? sql` and e.id < ${args.before}` : sql``;
  const result = await args.db.execute<EntryRow>(sql`select e.id, e.member_id, m.name as member_name,
      m.member_number, e.principal_delta, e.gift_delta, e.principal_delta + e.gift_delta as amount, e.principal_after, e.gift_after, e.balance_after, e.kind, e.channel,
      e.source_type, e.source_id, e.store_id, s.name as store_name, u.name as operator_name, e.occurred_at, e.remark
    from value_entries e
    left join ${MEMBERS_TABLE} m on m.tenant_id = e.tenant_id and m.id = e.member_id
    left join ${STORES_TABLE} s on s.tenant_id = e.tenant_id and s.id = e.store_id
    left join ${users} u on u.tenant_id = e.tenant_id and u.id = e.operator_id
    where ${args.where}${keyset}
    order by e.id desc limit ${args.limit} offset ${args.offset ?? 0}`);
  return result.rows.map((r) => ({
    id: Number(r.id),
    memberId: Number(r.member_id),
    memberName: r.member_name,
    memberNumber: r.member_number,
    principalDelta: Number(r.principal_delta),
    giftDelta: Number(r.gift_delta),
    amount: Number(r.amount),
    principalAfter: Number(r.principal_after),
    giftAfter: Number(r.gift_after),
    balanceAfter: Number(r.balance_after),
    kind: r.kind,
    channel: r.channel,
    sourceType: r.source_type,
    sourceId: r.source_id,
    storeId: r.store_id === null ? null : Number(r.store_id),
    storeName: r.store_name,
    operatorName: r.operator_name,
    occurredAt: formatDateTime(new Date(r.occurred_at), args.timeZone) ?? '',
    remark: r.remark,
  }));
}
