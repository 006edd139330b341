import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FieldDef, ResourceDef } from '../../resources/define';
import type { DbOrTx } from '../db/connection';
import { users } from '../db/schema/core.schema';
import type { EngineRegistry } from './resource-registry';
import type { StoredRecord } from './server-hooks.define';
import { placeholder, prepareNamed, preparedOnce } from './prepared';

/**
 * The display names of the records a page of records points at (DESIGN.md §3, "names, not
 * numbers"): for every relation field (inside lines too) and for `createdBy` / `updatedBy`, the
 * title of each id the page holds, answered with the records as `_titles: { <field>: { <id>:
 * <title> } }`. A reader of the list sees names whatever their rights on the related screens.
 *
 * One batched lookup per related resource after the page is read (so paging, keyset cursors and
 * the page's plan are untouched): `select id, title … where tenant_id = ? and id = any(?)`, on
 * the primary key. Only the caller's tenant is read; centre, view and row filters of the related
 * resource do not hide a name the record already holds.
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
}

function relationSlots(resource: ResourceDef): RelationSlot[] {
  const slots: RelationSlot[] = [];
  const visit = (fields: Readonly<Record<string, FieldDef>>, line?: string) => {
    for (const [name, f] of Object.entries(fields)) {
      if (f.kind === 'relation') slots.push({ field: name, resource: f.resource, shownAs: f.shownAs, line });
      if (f.kind === 'lines') visit(f.fields, name);
    }
  };
  visit(resource.fields);
  return slots;
}

const idsIn = (value: unknown): number[] =>
  (Array.isArray(value) ? value : [value]).filter((v) => v !== null && v !== undefined).map((v) => Number(v));

/** The values a slot holds in one record (its lines' values for a slot inside lines). */
function slotValues(row: StoredRecord, slot: RelationSlot): number[] {
  if (!slot.line) return idsIn(row[slot.field]);
  const lines = (row[slot.line] as StoredRecord[] | undefined) ?? [];
  return lines.flatMap((line) => idsIn(line[slot.field]));
}

/** The key of a slot in `_titles`: the field, or `<lines>.<field>`. */
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
  const title = t[args.shownAs ?? target.resource.titleField];
  const select = (db: DbOrTx) => db.select({ id: t.id, title: sql<string | null>`${title}::text` }).from(t);
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

/** The `_titles` of each record of a page, in the page's order. */
export async function recordTitles(args: {
  db: DbOrTx;
  registry: EngineRegistry;
  resource: ResourceDef;
  tenantId: number;
  rows: readonly StoredRecord[];
}): Promise<RecordTitles[]> {
  const { db, registry, rows, tenantId } = args;
  const slots = relationSlots(args.resource);
  // One lookup per related resource (and field shown), whatever number of fields point at it.
  const source = (slot: RelationSlot) => `${slot.resource}\u0000${slot.shownAs ?? ''}`;
  const wanted = new Map<string, { slot: RelationSlot; ids: Set<number> }>();
  for (const slot of slots) {
    const entry = wanted.get(source(slot)) ?? { slot, ids: new Set<number>() };
    for (const row of rows) for (const id of slotValues(row, slot)) entry.ids.add(id);
    wanted.set(source(slot), entry);
  }
  const people = new Set<number>();
  for (const row of rows) for (const id of [...idsIn(row.createdBy), ...idsIn(row.updatedBy)]) people.add(id);
  // The lookups at once (on separate connections of the pool, or one after the other in a transaction).
  const [names, ...lookups] = await Promise.all([
    userNames(db, tenantId, [...people]),
    ...[...wanted].map(async ([key, { slot, ids }]) => {
      const titles = await titlesOf({ db, registry, resource: slot.resource, shownAs: slot.shownAs, tenantId, ids: [...ids] });
      return [key, titles] as const;
    }),
  ]);
  const found = new Map<string, Map<number, string>>(lookups);
  return rows.map((row) => {
    const titles: RecordTitles = {};
    for (const slot of slots) {
      const map = found.get(source(slot))!;
      for (const id of slotValues(row, slot)) {
        const title = map.get(id);
        if (title === undefined) continue;
        (titles[slotKey(slot)] ??= {})[String(id)] = title;
      }
    }
    for (const field of ['createdBy', 'updatedBy'] as const) {
      for (const id of idsIn(row[field])) {
        const name = names.get(id);
        if (name !== undefined) (titles[field] ??= {})[String(id)] = name;
      }
    }
    return titles;
  });
}
