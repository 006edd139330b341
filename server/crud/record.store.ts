import { and, asc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../db/connection';
import type { ResourceRuntime } from './resource-registry';
import { recordConditions, type Scope } from './scope';
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
export async function findRecord(args: {
  db: DbOrTx;
  runtime: ResourceRuntime;
  scope: Scope;
  id: number;
  operation: RowOperation;
  forUpdate?: boolean;
  written?: boolean;
}): Promise<StoredRecord | null> {
  const t = args.runtime.table;
  const runtime = args.written ? { ...args.runtime, hooks: { ...args.runtime.hooks, rowFilter: undefined } } : args.runtime;
  const query = args.db
    .select()
    .from(t)
    .where(recordConditions({ ...args, runtime }));
  const [row] = (args.forUpdate ? await query.for('update') : await query) as StoredRecord[];
  if (!row) return null;
  const lines = await loadLines({ db: args.db, runtime: args.runtime, tenantId: args.scope.tenantId, parentIds: [args.id] });
  for (const [field, byParent] of lines) row[field] = byParent.get(args.id) ?? [];
  return row;
}

/** Replaces the lines of the given fields of one record (numbered 1..n). */
export async function replaceLines(args: {
  db: DbOrTx;
  runtime: ResourceRuntime;
  tenantId: number;
  parentId: number;
  lines: ReadonlyMap<string, StoredRecord[]>;
}): Promise<void> {
  for (const [field, rows] of args.lines) {
    const t = args.runtime.lineTables.get(field);
    if (!t) continue;
    await args.db.delete(t).where(and(eq(t.tenantId, args.tenantId), eq(t.parentId, args.parentId)));
    if (rows.length === 0) continue;
    await args.db.insert(t).values(rows.map((row, i) => ({ ...row, tenantId: args.tenantId, parentId: args.parentId, lineNo: i + 1 })));
  }
}

/** Deletes every line of one record. */
export async function deleteLines(args: { db: DbOrTx; runtime: ResourceRuntime; tenantId: number; parentId: number }): Promise<void> {
  for (const t of args.runtime.lineTables.values()) {
    await args.db.delete(t).where(and(eq(t.tenantId, args.tenantId), eq(t.parentId, args.parentId)));
  }
}
