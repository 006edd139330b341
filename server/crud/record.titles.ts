import { and, eq, getTableName, inArray, is, sql, type SQL } from 'drizzle-orm';
import { alias, PgTransaction, type PgTable } from 'drizzle-orm/pg-core';
import type { FieldDef, ResourceDef } from '../../resources/define';
import type { DbOrTx } from '../db/connection';
import { titleVersions, users } from '../db/schema/core.schema';
import { keptCopy, type KeptCopy } from './kept-titles';
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
 * untouched. Users and the resources declaring `titlesKept` are named from the process's copy
 * instead (kept-titles.ts), the statement reading only the tenant's counter of their changes. Names inside lines, and those of a record a write has just saved, are looked up
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

/** A related resource named one way (`resource\0shownAs`): one lookup, one part of a kept copy. */
const sourceKey = (slot: Pick<RelationSlot, 'resource' | 'shownAs'>) => `${slot.resource}\u0000${slot.shownAs ?? ''}`;

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
  const source = sourceKey;
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
      if (!target || target.resource.titlesKept) return;
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
  // The users' names and the kept resources' come from the process's copy at this counter.
  const v = alias(titleVersions, 'title_versions_read');
  fields[VERSION_FIELD] = subquery(
    sql`select ${v.version} from ${from(titleVersions, 'title_versions_read')} where ${v.tenantId} = ${t.tenantId}`,
  );
  let registryKey = registryKeys.get(registry);
  if (!registryKey) registryKeys.set(registry, (registryKey = `registry${(registriesSeen += 1)}`));
  const made = { fields, key: `${registryKey}:${name}` };
  byResource.set(name, made);
  return made;
}

/**
 * The names a record's own fields point at: from the values of `titleFields` read with it, and
 * for users and kept resources (no value read) from `kept`.
 */
function namesFound(names: Record<string, unknown>, kept: FoundNames): FoundNames {
  return {
    // A single relation's field holds the one title of the id the record holds.
    title: (slot, id) => {
      if (!(slot.field in names)) return kept.title(slot, id);
      const value = names[slot.field];
      if (typeof value === 'string') return value;
      return value !== null && typeof value === 'object' ? (value as Record<string, string>)[String(id)] : undefined;
    },
    user: (id) => kept.user(id),
  };
}

/** The key `titleFields` reads the tenant's counter of kept names' changes under. */
const VERSION_FIELD = '#titlesVersion';

const keptSourcesOf = new WeakMap<EngineRegistry, readonly RelationSlot[]>();

/** Every way a record's own field names a kept resource, one slot per source. */
function keptSources(registry: EngineRegistry): readonly RelationSlot[] {
  const found = keptSourcesOf.get(registry);
  if (found) return found;
  const sources = new Map<string, RelationSlot>();
  for (const runtime of registry.runtimes) {
    for (const slot of relationSlots(runtime.resource).filter(ownColumn)) {
      if (registry.runtimes.find((r) => r.resource.name === slot.resource)?.resource.titlesKept) sources.set(sourceKey(slot), slot);
    }
  }
  const made = [...sources.values()];
  keptSourcesOf.set(registry, made);
  return made;
}

/** A tenant's kept names and users, with the counter they reflect, in one statement (one snapshot). */
async function loadKeptCopy(db: DbOrTx, registry: EngineRegistry, tenantId: number): Promise<KeptCopy> {
  const sources = keptSources(registry);
  const named = (table: PgTable, name: string, title: SQL, id: SQL) =>
    sql`(select coalesce(jsonb_object_agg(${id}, coalesce(${title}, '')), '{}'::jsonb) from ${sql.identifier(getTableName(table))} ${sql.identifier(name)} where ${sql.identifier(name)}.tenant_id = ${tenantId})`;
  const parts = sources.map((slot, i) => {
    const target = registry.get(slot.resource);
    const r = alias(target.table, `kept_${i}`);
    return named(target.table, `kept_${i}`, referredName(r, target.resource, slot.shownAs), sql`${r.id}`);
  });
  const u = alias(users, 'kept_users');
  const { rows } = await db.execute(
    sql`select coalesce((select ${titleVersions.version} from ${titleVersions} where ${titleVersions.tenantId} = ${tenantId}), 0) as version, ${named(users, 'kept_users', sql`${u.name}`, sql`${u.id}`)} as users${sql.join(
      parts.map((part, i) => sql`, ${part} as ${sql.identifier(`s${i}`)}`),
      sql``,
    )}`,
  );
  const row = rows[0] as Record<string, unknown>;
  const byId = (value: unknown) =>
    new Map(Object.entries((value ?? {}) as Record<string, string>).map(([id, title]) => [Number(id), title]));
  return {
    version: Number(row.version),
    users: byId(row.users),
    titles: new Map(sources.map((slot, i) => [sourceKey(slot), byId(row[`s${i}`])])),
  };
}

/**
 * The names each listed or read record's own fields point at, given the values `titleFields`
 * read with it: those of users and kept resources from the process's copy at least as new as
 * the rows (looked up for these rows when inside a transaction).
 */
export async function carriedNames(args: {
  db: DbOrTx;
  registry: EngineRegistry;
  resource: ResourceDef;
  tenantId: number;
  rows: readonly { readonly record: StoredRecord; readonly names: Record<string, unknown> }[];
}): Promise<FoundNames[]> {
  const { db, registry, tenantId, rows } = args;
  if (rows.length === 0) return [];
  let kept: FoundNames;
  if (is(db, PgTransaction)) {
    const slots = relationSlots(args.resource).filter((slot) => ownColumn(slot) && !(slot.field in rows[0].names));
    kept = await lookUpNames({ db, registry, slots, tenantId, rows: rows.map((row) => row.record), withUsers: true });
  } else {
    const atLeast = Math.max(...rows.map((row) => Number(row.names[VERSION_FIELD] ?? 0)));
    const copy = await keptCopy({ database: db, registry, tenantId, atLeast, load: () => loadKeptCopy(db, registry, tenantId) });
    kept = { title: (slot, id) => copy.titles.get(sourceKey(slot))?.get(id), user: (id) => copy.users.get(id) };
  }
  return rows.map((row) => namesFound(row.names, kept));
}
