import { and, eq, getTableName, inArray, sql, type SQL } from 'drizzle-orm';
import { alias, type PgTable } from 'drizzle-orm/pg-core';
import type { FieldDef, ResourceDef } from '../../resources/define';
import type { DbOrTx } from '../db/connection';
import { users } from '../db/schema/core.schema';
import type { EngineRegistry, ResourceRuntime } from './resource-registry';
import type { StoredRecord } from './server-hooks.define';
import { objectRelations, valueAt } from './object-relations';
import { placeholder, prepareNamed, preparedOnce } from './prepared';

/**
 * The display names of the records a page of records points at (DESIGN.md §3, "names, not
 * numbers"): for every relation field (inside lines too) and for `createdBy` / `updatedBy`, the
 * title of each id the page holds, answered with the records as `_titles: { <field>: { <id>:
 * <title> } }`. A reader of the list sees names whatever their rights on the related screens.
 *
 * A list page and a record read carry the names of what the record itself points at in the same
 * statement (`titleFields`): one subquery per relation field on the related table's primary key,
 * run for the rows the page returns only, so paging, keyset cursors and the page's plan are
 * untouched. Names inside lines, and those of a record a write has just saved, are looked up
 * after the rows are read (`recordTitles`): one batched `select id, title … where tenant_id = ?
 * and id = any(?)` per related resource. Only the caller's tenant is read (the record's own,
 * which every statement of the engine is limited to); centre, view and row filters of the
 * related resource do not hide a name the record already holds.
 */

/** `_titles` of one record: field -> id -> title. */
export type RecordTitles = Record<string, Record<string, string>>;

/** A relation field's target, wherever it sits (`level`, `lines.reason`). */
interface RelationSlot {
  readonly field: string;
  readonly resource: string;
  /** The related field that names the record (the relation's `shownAs`, else the title field). */
  readonly shownAs?: string;
  readonly line?: string;
  /** For a relation member of an object field: the object field and the members on the way (`['rule', 'giftGoods']`). */
  readonly member?: readonly string[];
  /** A multiple relation (an array of ids). */
  readonly multiple: boolean;
}

const slotsKept = new WeakMap<ResourceDef, readonly RelationSlot[]>();

/** The relation slots of a resource, in declaration order (worked out once per declaration). */
function relationSlots(resource: ResourceDef): readonly RelationSlot[] {
  const kept = slotsKept.get(resource);
  if (kept) return kept;
  const slots: RelationSlot[] = [];
  const visit = (fields: Readonly<Record<string, FieldDef>>, line?: string) => {
    for (const [name, f] of Object.entries(fields)) {
      if (f.kind === 'relation') slots.push({ field: name, resource: f.resource, shownAs: f.shownAs, line, multiple: f.multiple === true });
      if (f.kind === 'lines') visit(f.fields, name);
      if (f.kind === 'object' && !line) {
        for (const relation of objectRelations(f)) {
          const member = [name, ...relation.path];
          const r = relation.field;
          slots.push({ field: member.join('.'), resource: r.resource, shownAs: r.shownAs, member, multiple: r.multiple === true });
        }
      }
    }
  };
  visit(resource.fields);
  slotsKept.set(resource, slots);
  return slots;
}

/**
 * The SQL text that names a record of `resource` where another refers to it: its `referredAs`
 * fields joined with ' · ' (a member's name and number), else the relation's `shownAs`, else
 * the title field.
 */
export function referredName(table: PgTable, resource: ResourceDef, shownAs: string | undefined): SQL {
  const columns = table as unknown as Record<string, SQL>;
  const parts = resource.referredAs ?? [shownAs ?? resource.titleField];
  if (parts.length === 1) return sql`${columns[parts[0]]}::text`;
  return sql`concat_ws(' · ', ${sql.join(
    parts.map((part) => sql`nullif(${columns[part]}::text, '')`),
    sql`, `,
  )})`;
}

const idsIn = (value: unknown): number[] =>
  (Array.isArray(value) ? value : [value]).filter((v) => v !== null && v !== undefined).map((v) => Number(v));

/** A relation column of the record itself (named in the same statement), not inside lines or an object. */
const ownColumn = (slot: RelationSlot) => !slot.line && !slot.member;

/** The values a slot holds in one record (its lines' values for a slot inside lines). */
function slotValues(row: StoredRecord, slot: RelationSlot): number[] {
  if (slot.member) return idsIn(valueAt(row, slot.member));
  if (!slot.line) return idsIn(row[slot.field]);
  const lines = (row[slot.line] as StoredRecord[] | undefined) ?? [];
  return lines.flatMap((line) => idsIn(line[slot.field]));
}

/** The key of a slot in `_titles`: the field, `<lines>.<field>`, or `<object>.<member>`. */
const slotKey = (slot: RelationSlot) => (slot.line ? `${slot.line}.${slot.field}` : slot.field);

async function titlesOf(args: {
  db: DbOrTx;
  registry: EngineRegistry;
  resource: string;
  shownAs: string | undefined;
  tenantId: number;
  ids: readonly number[];
}): Promise<Map<number, string>> {
  const out = new Map<number, string>();
  const target = args.registry.runtimes.find((r) => r.resource.name === args.resource);
  if (!target || args.ids.length === 0) return out;
  const t = target.table;
  const title = referredName(t, target.resource, args.shownAs);
  const select = (db: DbOrTx) => db.select({ id: t.id, title: sql<string | null>`${title}` }).from(t);
  // Built once per related resource and field (prepared.ts): the ids travel as one array.
  const statement = preparedOnce(args.db, `titles:${target.resource.name}:${args.shownAs ?? ''}`, () =>
    prepareNamed(select(args.db).where(and(eq(t.tenantId, placeholder('tenantId')), sql`${t.id} = any(${placeholder('ids')})`))),
  );
  const rows = statement
    ? await statement.execute({ tenantId: args.tenantId, ids: args.ids })
    : await select(args.db).where(and(eq(t.tenantId, args.tenantId), inArray(t.id, [...args.ids])));
  for (const row of rows) out.set(Number(row.id), row.title ?? '');
  return out;
}

/** The names of users (creator, last modifier), by id. */
async function userNames(db: DbOrTx, tenantId: number, ids: readonly number[]): Promise<Map<number, string>> {
  const names = new Map<number, string>();
  if (ids.length === 0) return names;
  const select = (on: DbOrTx) => on.select({ id: users.id, name: users.name }).from(users);
  const statement = preparedOnce(db, 'titles:users', () =>
    prepareNamed(select(db).where(and(eq(users.tenantId, placeholder('tenantId')), sql`${users.id} = any(${placeholder('ids')})`))),
  );
  const rows = statement
    ? await statement.execute({ tenantId, ids })
    : await select(db).where(and(eq(users.tenantId, tenantId), inArray(users.id, [...ids])));
  for (const row of rows) names.set(Number(row.id), row.name);
  return names;
}

/** The names found for a record: by slot and id, and users by id. */
export interface FoundNames {
  title(slot: RelationSlot, id: number): string | undefined;
  user(id: number): string | undefined;
}

/** `_titles` of one record, the slots in declaration order, then creator and modifier. */
function titlesOfRow(row: StoredRecord, slots: readonly RelationSlot[], found: FoundNames): RecordTitles {
  const titles: RecordTitles = {};
  for (const slot of slots) {
    for (const id of slotValues(row, slot)) {
      const title = found.title(slot, id);
      if (title === undefined) continue;
      (titles[slotKey(slot)] ??= {})[String(id)] = title;
    }
  }
  for (const field of ['createdBy', 'updatedBy'] as const) {
    for (const id of idsIn(row[field])) {
      const name = found.user(id);
      if (name !== undefined) (titles[field] ??= {})[String(id)] = name;
    }
  }
  return titles;
}

/**
 * The lookups of the names the rows' slots hold (all slots, or those inside lines when the
 * record's own names came with it), at once: on separate connections of the pool, or one after
 * the other in a transaction.
 */
async function lookUpNames(args: {
  db: DbOrTx;
  registry: EngineRegistry;
  slots: readonly RelationSlot[];
  tenantId: number;
  rows: readonly StoredRecord[];
  withUsers: boolean;
}): Promise<FoundNames> {
  const { db, registry, rows, tenantId } = args;
  // One lookup per related resource (and field shown), whatever number of fields point at it.
  const source = (slot: RelationSlot) => `${slot.resource}\u0000${slot.shownAs ?? ''}`;
  const wanted = new Map<string, { slot: RelationSlot; ids: Set<number> }>();
  for (const slot of args.slots) {
    const entry = wanted.get(source(slot)) ?? { slot, ids: new Set<number>() };
    for (const row of rows) for (const id of slotValues(row, slot)) entry.ids.add(id);
    wanted.set(source(slot), entry);
  }
  const people = new Set<number>();
  if (args.withUsers) for (const row of rows) for (const id of [...idsIn(row.createdBy), ...idsIn(row.updatedBy)]) people.add(id);
  const [names, ...lookups] = await Promise.all([
    userNames(db, tenantId, [...people]),
    ...[...wanted].map(async ([key, { slot, ids }]) => {
      const titles = await titlesOf({ db, registry, resource: slot.resource, shownAs: slot.shownAs, tenantId, ids: [...ids] });
      return [key, titles] as const;
    }),
  ]);
  const found = new Map<string, Map<number, string>>(lookups);
  return { title: (slot, id) => found.get(source(slot))?.get(id), user: (id) => names.get(id) };
}

/**
 * The `_titles` of each record, in the rows' order. `carried` holds, per row, the names of the
 * record's own fields that came with it (`takeTitles`): then only the slots inside lines are
 * looked up, and none when the resource has no relation in its lines.
 */
export async function recordTitles(args: {
  db: DbOrTx;
  registry: EngineRegistry;
  resource: ResourceDef;
  tenantId: number;
  rows: readonly StoredRecord[];
  carried?: readonly FoundNames[];
}): Promise<RecordTitles[]> {
  const slots = relationSlots(args.resource);
  const { carried } = args;
  const lookedUp = carried ? slots.filter((slot) => !ownColumn(slot)) : slots;
  const found =
    carried && lookedUp.length === 0
      ? null
      : await lookUpNames({
          db: args.db,
          registry: args.registry,
          slots: lookedUp,
          tenantId: args.tenantId,
          rows: args.rows,
          withUsers: !carried,
        });
  return args.rows.map((row, i) => {
    const own = carried?.[i];
    const names: FoundNames = own
      ? { title: (slot, id) => (ownColumn(slot) ? own.title(slot, id) : found?.title(slot, id)), user: (id) => own.user(id) }
      : found!;
    return titlesOfRow(row, slots, names);
  });
}

/** The select fields that bring a record's own names with it, built once per resource and registry. */
export interface TitleFields {
  /** By relation field (outside lines), and `createdBy`, `updatedBy`. */
  readonly fields: Record<string, SQL>;
  /** Tells these fields from those of another registry, for statements kept per key (prepared.ts). */
  readonly key: string;
}

const titleFieldsKept = new WeakMap<EngineRegistry, Map<string, TitleFields>>();
let registriesSeen = 0;
const registryKeys = new WeakMap<EngineRegistry, string>();

/**
 * Fields to add to a select of the resource's table (a page, a record by id) that carry the
 * names its rows point at: per relation field outside lines, the related record's title
 * (`coalesce(title::text, '')`, null when no record of the tenant has that id; for a multiple
 * relation a JSON object id -> title of those found), and the names of the creator and the last
 * modifier. Each is a subquery on the related table's primary key, correlated with the row:
 * PostgreSQL runs it for the rows the statement returns, after its limit.
 */
export function titleFields(registry: EngineRegistry, runtime: ResourceRuntime): TitleFields {
  let byResource = titleFieldsKept.get(registry);
  if (!byResource) titleFieldsKept.set(registry, (byResource = new Map()));
  const name = runtime.resource.name;
  const kept = byResource.get(name);
  if (kept) return kept;
  const t = runtime.table;
  const fields: Record<string, SQL> = {};
  // The subquery is wrapped in one more `sql`: Drizzle writes the columns at the top of a
  // single-table select's field without their table, which here would name the related table.
  const subquery = (inner: SQL) => sql`${sql`(${inner})`}`;
  // `<table> <alias>` (an alias in a template writes its alias alone).
  const from = (table: PgTable, name: string) => sql`${sql.identifier(getTableName(table))} ${sql.identifier(name)}`;
  relationSlots(runtime.resource)
    .filter(ownColumn)
    .forEach((slot, i) => {
      const target = registry.runtimes.find((r) => r.resource.name === slot.resource);
      if (!target) return;
      // An alias of its own: the related table may be this one (a member invited by a member).
      const name = `title_${i}`;
      const r = alias(target.table, name);
      const title = sql`coalesce(${referredName(r, target.resource, slot.shownAs)}, '')`;
      fields[slot.field] = slot.multiple
        ? subquery(
            sql`select jsonb_object_agg(${r.id}, ${title}) from ${from(target.table, name)} where ${r.tenantId} = ${t.tenantId} and ${r.id} = any(${t[slot.field]})`,
          )
        : subquery(
            sql`select ${title} from ${from(target.table, name)} where ${r.tenantId} = ${t.tenantId} and ${r.id} = ${t[slot.field]}`,
          );
    });
  (['createdBy', 'updatedBy'] as const).forEach((field) => {
    const name = `title_${field}`;
    const u = alias(users, name);
    fields[field] = subquery(sql`select ${u.name} from ${from(users, name)} where ${u.tenantId} = ${t.tenantId} and ${u.id} = ${t[field]}`);
  });
  let registryKey = registryKeys.get(registry);
  if (!registryKey) registryKeys.set(registry, (registryKey = `registry${(registriesSeen += 1)}`));
  const made = { fields, key: `${registryKey}:${name}` };
  byResource.set(name, made);
  return made;
}

/** The names a record's own fields point at, from the values of `titleFields` read with it. */
export function namesFound(record: StoredRecord, names: Record<string, unknown>): FoundNames {
  return {
    // A single relation's field holds the one title of the id the record holds.
    title: (slot, id) => {
      const value = names[slot.field];
      if (typeof value === 'string') return value;
      return value !== null && typeof value === 'object' ? (value as Record<string, string>)[String(id)] : undefined;
    },
    user: (id) => {
      if (record.createdBy === id && typeof names.createdBy === 'string') return names.createdBy;
      if (record.updatedBy === id && typeof names.updatedBy === 'string') return names.updatedBy;
      return undefined;
    },
  };
}
