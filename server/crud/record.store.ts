import { and, asc, count, eq, getTableColumns, inArray } from 'drizzle-orm';
import type { LineField, LinesField } from '../../resources/define';
import type { DbOrTx } from '../db/connection';
import { rangeKeys } from './column.derive';
import { sameValue } from './field-states';
import type { EngineRegistry, ResourceRuntime } from './resource-registry';
import { carriedNames, titleFields, type FoundNames, type TitleFields } from './record.titles';
import { allowedRowsCondition, declaredScope, recordConditions, type Scope } from './scope';
import { placeholder, prepareNamed, preparedOnce } from './prepared';
import type { RowOperation, StoredRecord } from './server-hooks.define';

/**
 * Reading and writing stored records and their lines. A stored record is the Drizzle row
 * (property-keyed columns) plus one array per `lines` field.
 */

/** Loads the lines of some parents, grouped by lines field and parent id, in line order. */
export async function loadLines(args: {
  db: DbOrTx;
  runtime: ResourceRuntime;
  tenantId: number;
  parentIds: readonly number[];
}): Promise<Map<string, Map<number, StoredRecord[]>>> {
  const out = new Map<string, Map<number, StoredRecord[]>>();
  for (const [field, t] of args.runtime.lineTables) {
    const byParent = new Map<number, StoredRecord[]>();
    out.set(field, byParent);
    if (args.parentIds.length === 0) continue;
    const rows = await args.db
      .select()
      .from(t)
      .where(and(eq(t.tenantId, args.tenantId), inArray(t.parentId, [...args.parentIds])))
      .orderBy(asc(t.parentId), asc(t.lineNo));
    for (const row of rows as StoredRecord[]) {
      const list = byParent.get(row.parentId as number) ?? [];
      list.push(row);
      byParent.set(row.parentId as number, list);
    }
  }
  return out;
}

/**
 * One record with its lines, or null when it is not there for this scope. `written` re-reads a
 * record the operation has just written: by tenant, centre and id only, since a row filter
 * (which decides what a caller may touch) was already applied before the write.
 */
export async function findRecord(args: RecordLookup): Promise<StoredRecord | null> {
  return (await findRecordRow(args))?.row ?? null;
}

/** What names one stored record: where, whose, which, and why it is read. */
interface RecordLookup {
  db: DbOrTx;
  runtime: ResourceRuntime;
  scope: Scope;
  id: number;
  operation: RowOperation;
  forUpdate?: boolean;
  written?: boolean;
}

/**
 * One record as the info route answers it: with its lines and, in the same statement, the names
 * its own fields point at (record.titles.ts `titleFields`), or null.
 */
export async function findNamedRecord(args: {
  db: DbOrTx;
  runtime: ResourceRuntime;
  scope: Scope;
  id: number;
  registry: EngineRegistry;
}): Promise<{ row: StoredRecord; carried: FoundNames } | null> {
  const found = await findRecordRow({ ...args, operation: 'info', titles: args.registry });
  return found && { row: found.row, carried: found.carried! };
}

async function findRecordRow(
  args: RecordLookup & { titles?: EngineRegistry },
): Promise<{ row: StoredRecord; carried?: FoundNames } | null> {
  const t = args.runtime.table;
  const runtime = args.written ? { ...args.runtime, hooks: { ...args.runtime.hooks, rowFilter: undefined } } : args.runtime;
  const named = args.titles ? titleFields(args.titles, runtime) : null;
  // A user limited to some centres carries their condition (scope.ts): not the prepared statement.
  const limited = allowedRowsCondition(runtime, args.scope.actor) !== null;
  const prepared = limited ? null : recordById({ db: args.db, runtime, scope: args.scope, id: args.id, forUpdate: args.forUpdate, named });
  const [found] = (await (prepared ??
    (async () => {
      const query = args.db
        .select(recordSelection(t, named))
        .from(t)
        .where(recordConditions({ ...args, runtime }));
      return args.forUpdate ? query.for('update') : query;
    })())) as StoredRecord[];
  if (!found) return null;
  // With the names, the record is nested beside them (a plain select's row, untouched).
  const row = named ? (found.record as StoredRecord) : found;
  const carried = named
    ? (
        await carriedNames({
          db: args.db,
          registry: args.titles!,
          resource: runtime.resource,
          tenantId: args.scope.tenantId,
          rows: [{ record: row, names: found.names as Record<string, unknown> }],
        })
      )[0]
    : undefined;
  const lines = await loadLines({ db: args.db, runtime: args.runtime, tenantId: args.scope.tenantId, parentIds: [args.id] });
  for (const [field, byParent] of lines) row[field] = byParent.get(args.id) ?? [];
  return { row, carried };
}

/** The columns of a record, or the record nested beside the names it points at. */
const recordSelection = (t: ResourceRuntime['table'], named: TitleFields | null) =>
  named ? { record: getTableColumns(t), names: named.fields } : getTableColumns(t);

/**
 * The statement of one record by id (with the names' fields when given), built once per resource
 * (prepared.ts): for a plain read outside a transaction of a resource without a row filter (a
 * hook's filter depends on the caller); null otherwise, and the caller builds it.
 */
function recordById(args: {
  db: DbOrTx;
  runtime: ResourceRuntime;
  scope: Scope;
  id: number;
  forUpdate?: boolean;
  named: TitleFields | null;
}): Promise<unknown[]> | null {
  const { db, runtime, named } = args;
  if (args.forUpdate || runtime.hooks.rowFilter) return null;
  const statement = preparedOnce(db, `record:${runtime.resource.name}${named ? `:${named.key}` : ''}`, () => {
    const t = runtime.table;
    const where = and(
      ...declaredScope(runtime, { tenantId: placeholder('tenantId'), marketingCenterId: placeholder('centre') }),
      eq(t.id, placeholder('id')),
    );
    return prepareNamed(db.select(recordSelection(t, named)).from(t).where(where));
  });
  return statement?.execute({ tenantId: args.scope.tenantId, centre: args.scope.marketingCenterId, id: args.id }) ?? null;
}

/** The line columns a client writes (not server-managed): both columns of a date range. */
function writableLineColumns(f: LinesField): { name: string; f: LineField; keys: string[] }[] {
  return Object.entries(f.fields)
    .filter(([, lf]) => !lf.serverManaged)
    .map(([name, lf]) => ({ name, f: lf, keys: lf.kind === 'dateRange' ? Object.values(rangeKeys(name)) : [name] }));
}

/**
 * Saves the lines of the given fields of one record by difference with the stored ones
 * (`current`, null on create): a line whose `lineNo` names a stored line is that line (its
 * client-written columns updated when they changed; its server-written ones, a card number or a
 * per-line result, stay); a stored line the body no longer lists is deleted; a line without a
 * stored `lineNo` is inserted after the highest number. When no line of the body names a stored
 * line (a first save, a full replacement such as a hook's fresh lines), the lines are numbered
 * 1..n again.
 */
export async function saveLines(args: {
  db: DbOrTx;
  runtime: ResourceRuntime;
  tenantId: number;
  parentId: number;
  lines: ReadonlyMap<string, StoredRecord[]>;
  current: StoredRecord | null;
}): Promise<void> {
  for (const [field, rows] of args.lines) {
    const t = args.runtime.lineTables.get(field);
    const def = args.runtime.resource.fields[field];
    if (!t || def.kind !== 'lines') continue;
    const ofParent = and(eq(t.tenantId, args.tenantId), eq(t.parentId, args.parentId));
    const stored = new Map(((args.current?.[field] ?? []) as StoredRecord[]).map((line) => [Number(line.lineNo), line]));
    const kept = new Map<number, StoredRecord>();
    const added: StoredRecord[] = [];
    for (const row of rows) {
      const no = typeof row.lineNo === 'number' ? row.lineNo : null;
      if (no !== null && stored.has(no) && !kept.has(no)) kept.set(no, row);
      else added.push(row);
    }
    const strip = (row: StoredRecord) => Object.fromEntries(Object.entries(row).filter(([key]) => key !== 'lineNo'));
    if (kept.size === 0) {
      // A full replacement: numbered 1..n again.
      await args.db.delete(t).where(ofParent);
      if (rows.length > 0) {
        await args.db
          .insert(t)
          .values(rows.map((row, i) => ({ ...strip(row), tenantId: args.tenantId, parentId: args.parentId, lineNo: i + 1 })));
      }
      continue;
    }
    const removed = [...stored.keys()].filter((no) => !kept.has(no));
    if (removed.length > 0) await args.db.delete(t).where(and(ofParent, inArray(t.lineNo, removed)));
    const columns = writableLineColumns(def);
    for (const [no, row] of kept) {
      const before = stored.get(no) as StoredRecord;
      const changed: StoredRecord = {};
      for (const column of columns) {
        for (const key of column.keys) {
          if (Object.hasOwn(row, key) && !sameValue(column.f, row[key], before[key])) changed[key] = row[key];
        }
      }
      if (Object.keys(changed).length > 0)
        await args.db
          .update(t)
          .set(changed)
          .where(and(ofParent, eq(t.lineNo, no)));
    }
    if (added.length > 0) {
      const next = Math.max(0, ...stored.keys()) + 1;
      await args.db
        .insert(t)
        .values(added.map((row, i) => ({ ...strip(row), tenantId: args.tenantId, parentId: args.parentId, lineNo: next + i })));
    }
  }
}

/**
 * One page of one lines field of a record, in line order, and how many lines it has. The caller
 * has checked the record is in scope.
 */
export async function pageLines(args: {
  db: DbOrTx;
  runtime: ResourceRuntime;
  tenantId: number;
  parentId: number;
  field: string;
  page: number;
  pageSize: number;
}): Promise<{ total: number; lines: StoredRecord[] }> {
  const t = args.runtime.lineTables.get(args.field);
  if (!t) return { total: 0, lines: [] };
  const where = and(eq(t.tenantId, args.tenantId), eq(t.parentId, args.parentId));
  const [{ total }] = await args.db.select({ total: count() }).from(t).where(where);
  const lines = (await args.db
    .select()
    .from(t)
    .where(where)
    .orderBy(asc(t.lineNo))
    .limit(args.pageSize)
    .offset((args.page - 1) * args.pageSize)) as StoredRecord[];
  return { total: Number(total), lines };
}

/** Deletes every line of one record. */
export async function deleteLines(args: { db: DbOrTx; runtime: ResourceRuntime; tenantId: number; parentId: number }): Promise<void> {
  for (const t of args.runtime.lineTables.values()) {
    await args.db.delete(t).where(and(eq(t.tenantId, args.tenantId), eq(t.parentId, args.parentId)));
  }
}
