import { and, eq, getTableName, inArray, not, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../db/connection';
import type { FieldError } from '../http/envelope';
import type { EngineRegistry, ResourceRuntime } from './resource-registry';
import type { WriteSet } from './record.validate';
import { scopeConditions, type Scope } from './scope';
import { tableOwner, type PickableRecords } from '../../resources/define';
import { pick } from '../../resources/messages/bilingual';
import { shownStateIn } from './state-timeline';
import { claimUploads } from '../modules/uploads/upload.store';

/**
 * The checks of a write that need the database: every referenced record must exist for the
 * caller (same tenant, same centre when the target is centre-scoped, inside the target's row
 * filter), and a tree parent must exist, must not be the record or one of its descendants, and
 * must keep the tree within its maximum depth.
 *
 * They run inside the write's transaction and lock every referenced row FOR KEY SHARE until it
 * commits: a delete of that record (which locks it FOR UPDATE, inbound-references.ts) waits for
 * the write and then sees the reference, or the write waits for the delete and finds the record
 * gone. KEY SHARE conflicts with nothing but deletes and key changes, so writes referring to
 * one record never wait for each other, nor for edits of that record.
 */

/** Guard against corrupt data (a cycle already stored): no walk goes deeper than this. */
const WALK_LIMIT = 100;

async function checkReference(args: { db: DbOrTx; target: ResourceRuntime; scope: Scope; ids: readonly number[] }): Promise<boolean> {
  const t = args.target.table;
  // The target's own scope: a centre-scoped target is checked in the caller's centre.
  const scope: Scope = {
    ...args.scope,
    marketingCenterId: args.target.resource.scope === 'marketingCenter' ? args.scope.actor.marketingCenter : null,
  };
  const rows = await args.db
    .select({ id: t.id })
    .from(t)
    .where(and(...scopeConditions({ runtime: args.target, scope, db: args.db, operation: 'reference' }), inArray(t.id, [...args.ids])))
    .for('key share');
  return rows.length === new Set(args.ids).size;
}

/**
 * The records a relation may choose (`RelationField.pickable`): its enum field among the listed
 * values, a state that follows time as shown at `now`. Used by the options route and the check below.
 */
export function pickableCondition(args: { target: ResourceRuntime; pickable: PickableRecords; now: Date }): SQL {
  const { target, pickable } = args;
  const resource = target.resource;
  const t = target.table;
  if (resource.states?.field === pickable.field) return shownStateIn({ t, resource, states: pickable.in, now: args.now })!;
  return inArray(t[pickable.field], [...pickable.in]);
}

/** The first chosen record a relation may not choose, as `{ title, allowed }` for the message; null when all may. */
async function unpickable(args: {
  db: DbOrTx;
  target: ResourceRuntime;
  scope: Scope;
  ids: readonly number[];
  pickable: PickableRecords;
}): Promise<{ title: string; allowed: string } | null> {
  const { target, scope, pickable } = args;
  const t = target.table;
  const [row] = await args.db
    .select({ title: t[target.resource.titleField] })
    .from(t)
    .where(and(eq(t.tenantId, scope.tenantId), inArray(t.id, [...args.ids]), not(pickableCondition({ target, pickable, now: scope.now }))))
    .limit(1);
  if (!row) return null;
  const f = target.resource.fields[pickable.field];
  const labelOf = (value: string) => (f?.kind === 'enum' && f.options[value] ? pick(f.options[value].label, scope.actor.locale) : value);
  return { title: String(row.title ?? ''), allowed: pickable.in.map(labelOf).join(scope.actor.locale === 'en_US' ? ', ' : '、') };
}

/** Ancestors of a node, nearest first, including the node itself; empty when it does not exist. */
async function ancestors(args: {
  db: DbOrTx;
  runtime: ResourceRuntime;
  tenantId: number;
  id: number;
  parentColumn: string;
}): Promise<number[]> {
  const table = sql.identifier(getTableName(args.runtime.table));
  const parent = sql.identifier(args.parentColumn);
  const result = await args.db.execute<{ id: number }>(sql`
    with recursive up(id, parent, depth) as (
      select id, ${parent}, 1 from ${table} where tenant_id = ${args.tenantId} and id = ${args.id}
      union all
      select t.id, t.${parent}, up.depth + 1 from ${table} t join up on t.id = up.parent
      where t.tenant_id = ${args.tenantId} and up.depth < ${WALK_LIMIT}
    ) select id from up order by depth`);
  return result.rows.map((r) => Number(r.id));
}

/** Levels below a node (0 for a leaf). */
async function heightBelow(args: {
  db: DbOrTx;
  runtime: ResourceRuntime;
  tenantId: number;
  id: number;
  parentColumn: string;
}): Promise<number> {
  const table = sql.identifier(getTableName(args.runtime.table));
  const parent = sql.identifier(args.parentColumn);
  const result = await args.db.execute<{ height: number | null }>(sql`
    with recursive down(id, depth) as (
      select id, 0 from ${table} where tenant_id = ${args.tenantId} and id = ${args.id}
      union all
      select t.id, down.depth + 1 from ${table} t join down on t.${parent} = down.id
      where t.tenant_id = ${args.tenantId} and down.depth < ${WALK_LIMIT}
    ) select max(depth) as height from down`);
  return Number(result.rows[0]?.height ?? 0);
}

async function checkParent(args: {
  db: DbOrTx;
  runtime: ResourceRuntime;
  scope: Scope;
  parent: NonNullable<WriteSet['parent']>;
  currentId: number | null;
}): Promise<FieldError | null> {
  const { parent, runtime, scope, db } = args;
  if (parent.id === null) return null;
  const values = { label: parent.label };
  const exists = await checkReference({ db, target: runtime, scope, ids: [parent.id] });
  if (!exists) return { field: parent.field, key: 'validation.reference', values };
  const parentColumn = runtime.table[parent.field].name;
  const chain = await ancestors({ db, runtime, tenantId: scope.tenantId, id: parent.id, parentColumn });
  if (args.currentId !== null && chain.includes(args.currentId)) return { field: parent.field, key: 'validation.treeCycle', values };
  const below =
    args.currentId === null ? 0 : await heightBelow({ db, runtime, tenantId: scope.tenantId, id: args.currentId, parentColumn });
  // The parent sits at level chain.length; the record one deeper, its deepest descendant `below` more.
  if (chain.length + 1 + below > parent.maxDepth) {
    return { field: parent.field, key: 'validation.treeDepth', values: { ...values, max: parent.maxDepth } };
  }
  return null;
}

/** Field errors of the database checks of a write; empty when everything holds. */
export async function checkReferences(args: {
  db: DbOrTx;
  registry: EngineRegistry;
  runtime: ResourceRuntime;
  scope: Scope;
  set: WriteSet;
  currentId: number | null;
}): Promise<FieldError[]> {
  const issues: FieldError[] = [];
  for (const ref of args.set.references) {
    if (ref.upload !== undefined) {
      // A `file` field keeps the id of an upload of this tenant, made for this resource and field.
      const owner = { tenantId: args.scope.tenantId, resource: tableOwner(args.runtime.resource).name };
      if (!(await claimUploads({ db: args.db, owner, field: ref.upload, ids: ref.ids }))) {
        issues.push({ field: ref.field, key: 'uploads.error.unknown', values: { label: ref.label } });
      }
      continue;
    }
    const target = args.registry.get(ref.resource);
    if (!(await checkReference({ db: args.db, target, scope: args.scope, ids: ref.ids }))) {
      issues.push({ field: ref.field, key: 'validation.reference', values: { label: ref.label } });
      continue;
    }
    const refused = ref.pickable && (await unpickable({ db: args.db, target, scope: args.scope, ids: ref.ids, pickable: ref.pickable }));
    if (refused) issues.push({ field: ref.field, key: 'validation.notPickable', values: { label: ref.label, ...refused } });
  }
  if (args.set.parent) {
    const problem = await checkParent({
      db: args.db,
      runtime: args.runtime,
      scope: args.scope,
      parent: args.set.parent,
      currentId: args.currentId,
    });
    if (problem) issues.push(problem);
  }
  return issues;
}
