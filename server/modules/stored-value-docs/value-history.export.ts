import { sql } from 'drizzle-orm';
import { pick, type Bilingual } from '../../../resources/messages/bilingual';
import { ledgerMessages } from '../../../resources/messages/ledger.messages';
import { storedValueDocsMessages } from '../../../resources/messages/stored-value-docs.messages';
import type { ModuleExport } from '../files/module-export';
import type { TaskRequester } from '../files/task-requester';
import { EXPORT_BATCH, keysetBatches } from '../reads/keyset-batches';
import { STORED_VALUE_READ } from '../stored-value/stored-value.routes';
import { HISTORY_FILTERS_SCHEMA, historyConditions, readEntries, type HistoryEntry, type HistoryFilters } from './value-history.query';

/**
 * The stored-value history (POST /v1/store-value-hst-detail/query) as a file-centre export: the
 * same filters and grants, newest first, under the stored-value file module; kinds, channels and
 * sources in the requester's language, money as numbers.
 */

const m = storedValueDocsMessages;
const COLUMNS: ReadonlyArray<{ label: Bilingual; width: number; cell: (e: HistoryEntry, r: TaskRequester) => unknown }> = [
  { label: m['storedValue.history.occurredAt'], width: 20, cell: (e) => e.occurredAt },
  { label: m['storedValue.history.memberNumber'], width: 14, cell: (e) => e.memberNumber },
  { label: m['storedValue.history.memberName'], width: 12, cell: (e) => e.memberName },
  { label: m['storedValue.history.kind'], width: 10, cell: (e, r) => labelOf('ledger.kind', e.kind, r) },
  { label: m['storedValue.history.channel'], width: 12, cell: (e, r) => labelOf('ledger.channel', e.channel, r) },
  { label: m['storedValue.history.source'], width: 14, cell: (e, r) => labelOf('storedValue.source', e.sourceType, r) },
  { label: m['storedValue.history.sourceId'], width: 22, cell: (e) => e.sourceId },
  { label: m['storedValue.history.principalDelta'], width: 12, cell: (e) => e.principalDelta },
  { label: m['storedValue.history.giftDelta'], width: 12, cell: (e) => e.giftDelta },
  { label: m['storedValue.history.amount'], width: 12, cell: (e) => e.amount },
  { label: m['storedValue.history.balanceAfter'], width: 12, cell: (e) => e.balanceAfter },
  { label: m['storedValue.history.store'], width: 16, cell: (e) => e.storeName },
  { label: m['storedValue.history.operator'], width: 12, cell: (e) => e.operatorName },
  { label: m['storedValue.history.remark'], width: 30, cell: (e) => e.remark },
];

const labels: Readonly<Record<string, Bilingual>> = { ...ledgerMessages, ...storedValueDocsMessages };
function labelOf(prefix: string, value: string | null, requester: TaskRequester): string | null {
  if (value === null) return null;
  const label = labels[`${prefix}.${value}`];
  return label ? pick(label, requester.locale) : value;
}

const whereOf = (requester: TaskRequester, query: unknown) =>
  historyConditions({
    tenantId: requester.tenantId,
    filters: ((query ?? {}) as { filters?: HistoryFilters }).filters ?? {},
    timeZone: requester.timeZone,
  });

export const valueHistoryExport: ModuleExport = {
  name: 'store-value-entries',
  module: 'storedValue',
  path: 'store-value-hst-detail/export',
  requires: STORED_VALUE_READ,
  body: { type: 'object', additionalProperties: false, properties: { filters: HISTORY_FILTERS_SCHEMA } },
  check: () => undefined,
  title: (requester) => pick(m['res.store-value-entries'], requester.locale),
  columns: (requester) => COLUMNS.map((c) => ({ header: pick(c.label, requester.locale), width: c.width })),
  async count({ database, requester, query }) {
    const result = await database.db.execute<{ total: number }>(
      sql`select count(*) as total from value_entries e where ${whereOf(requester, query)}`,
    );
    return Number(result.rows[0].total);
  },
  async *rows({ database, requester, query }) {
    const where = whereOf(requester, query);
    const batches = keysetBatches({
      idOf: (entry: HistoryEntry) => entry.id,
      read: (before) => readEntries({ db: database.db, where, limit: EXPORT_BATCH, before, timeZone: requester.timeZone }),
    });
    for await (const entries of batches) yield entries.map((entry) => COLUMNS.map((c) => c.cell(entry, requester)));
  },
};
