import { sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { tableOwner, type ResourceDef } from '../../resources/define';
import { fillSlots, pick, type Bilingual, type Locale } from '../../resources/messages/bilingual';
import { crudMessages } from '../../resources/messages/crud.messages';
import type { DbOrTx } from '../db/connection';
import { conflict } from '../http/envelope';
import type { StoredRecord } from './server-hooks.define';
import { containing, objectRelations, type ObjectRelation } from './object-relations';
import type { DerivedTable } from './table.derive';

/**
 * Safe deletes: a record that other records point to is never deleted (409 naming what points
 * to it). What may point to a resource's records is derived from the declarations of every
 * served resource: relation fields (`multiple` ones stored as bigint[]), relations inside
 * `lines` child tables (counted by document), relation members of object fields (jsonb
 * containment on the object's column, served by its GIN index: index.derive.ts), and the tree parent of the resource itself; a
 * view shares its base's table, so it is looked at once, through its base. Hand-written platform
 * tables that point at declared records (a member's level history, the points ledger's store)
 * add themselves with {@link definePlatformReference} in `platform-references.ts`.
 *
 * The check runs inside the delete's transaction after the target row is locked FOR UPDATE;
 * every engine write that references a record locks it FOR KEY SHARE first
 * (references.validate.ts), so a referencing row written at the same time either commits before
 * the delete counts (and the delete is refused) or waits and then finds the target gone (400).
 */

/** A hand-written table whose column points at the records of a declared resource. */
export interface PlatformReference {
  /** API name of the resource pointed at (a view stands for its base's table). */
  readonly resource: string;
  /** How a refusal names these rows: `['积分流水', 'Points entry']` ("3 条积分流水"). */
  readonly title: Bilingual;
  readonly table: PgTable;
  /** The table's tenant column: references are counted within the tenant. */
  readonly tenantId: PgColumn;
  /** The column holding the id (bigint), or the ids (bigint[] with `multiple`). */
  readonly column: PgColumn;
  readonly multiple?: boolean;
}

/** Declares a platform table's reference (listed in platform-references.ts). */
export function definePlatformReference(reference: PlatformReference): PlatformReference {
  return reference;
}

/** Where one referrer's references are stored: a table and the columns that may hold the id. */
export interface ReferenceSource {
  readonly table: PgTable | DerivedTable;
  readonly tenantId: PgColumn;
  /**
   * The columns holding the id (bigint) or ids (bigint[], `multiple`); any of them counts. A
   * relation member of an object field is its jsonb column with the member's `relation`: the
   * column contains the id at the member's path (`rule @> '{"giftGoods": 7}'`).
   */
  readonly columns: readonly { readonly column: PgColumn; readonly multiple: boolean; readonly relation?: ObjectRelation }[];
  /**
   * The referring record's id in this table (`id`, or `parent_id` of a lines table): referring
   * records are counted once however many of their columns and lines point. Null for a
   * platform table, whose rows are counted.
   */
  readonly key: PgColumn | null;
  /** Leave the record itself out (a resource pointing at its own records). */
  readonly self: boolean;
}

/** One kind of record that may point at the records of a table. */
export interface Referrer {
  /** How a refusal names them: the referring resource's title, or the platform table's. */
  readonly title: Bilingual;
  /** The referring resource (the owner of its table), or null for a platform table. */
  readonly resource: string | null;
  /** The fields holding the reference (`brand`, `lines.reason`), or the platform column's name. */
  readonly paths: readonly string[];
  /** The resource's own tree parent: the refusal then says the record has children. */
  readonly tree: boolean;
  readonly sources: readonly ReferenceSource[];
}

/** What the registry lends this derivation: one served resource with its derived tables. */
interface Served {
  readonly resource: ResourceDef;
  readonly table: DerivedTable;
  readonly lineTables: ReadonlyMap<string, DerivedTable>;
}

/**
 * Every referrer of every table, by the name of the table's owner (the resource, or a view's
 * base). Only table owners are read, so the rows of a table several views share count once;
 * one referring resource is one referrer, whichever of its fields and lines point.
 */
export function deriveReferrers(args: { served: readonly Served[]; platform: readonly PlatformReference[] }): Map<string, Referrer[]> {
  const byName = new Map(args.served.map((s) => [s.resource.name, s.resource]));
  const ownerOf = (name: string) => {
    const resource = byName.get(name);
    if (!resource) throw new Error(`Reference to unknown resource ${name}`);
    return tableOwner(resource).name;
  };
  const out = new Map<string, Referrer[]>();
  const add = (target: string, referrer: Referrer) => out.set(target, [...(out.get(target) ?? []), referrer]);
  for (const { resource, table, lineTables } of args.served) {
    if (resource.viewOf !== undefined) continue;
    // target -> the fields and sources of this resource pointing at it
    const mine = new Map<string, { paths: string[]; sources: Map<DerivedTable, ReferenceSource> }>();
    const point = (
      target: string,
      path: string,
      source: { table: DerivedTable; key: PgColumn; column: PgColumn; multiple: boolean; relation?: ObjectRelation },
    ) => {
      const entry = mine.get(target) ?? { paths: [] as string[], sources: new Map<DerivedTable, ReferenceSource>() };
      mine.set(target, entry);
      entry.paths.push(path);
      const known = entry.sources.get(source.table);
      const columns = [...(known?.columns ?? []), { column: source.column, multiple: source.multiple, relation: source.relation }];
      entry.sources.set(source.table, {
        table: source.table,
        tenantId: source.table.tenantId,
        columns,
        key: source.key,
        self: target === resource.name,
      });
    };
    for (const [name, f] of Object.entries(resource.fields)) {
      if (f.kind === 'relation') {
        point(ownerOf(f.resource), name, { table, key: table.id, column: table[name], multiple: f.multiple === true });
      } else if (f.kind === 'object') {
        for (const relation of objectRelations(f)) {
          point(ownerOf(relation.field.resource), [name, ...relation.path].join('.'), {
            table,
            key: table.id,
            column: table[name],
            multiple: relation.field.multiple === true,
            relation,
          });
        }
      } else if (f.kind === 'tree') {
        add(resource.name, {
          title: resource.title,
          resource: resource.name,
          paths: [name],
          tree: true,
          sources: [{ table, tenantId: table.tenantId, columns: [{ column: table[name], multiple: false }], key: table.id, self: true }],
        });
      } else if (f.kind === 'lines') {
        const lines = lineTables.get(name);
        if (!lines) continue;
        for (const [inner, lf] of Object.entries(f.fields)) {
          if (lf.kind !== 'relation') continue;
          point(ownerOf(lf.resource), `${name}.${inner}`, {
            table: lines,
            key: lines.parentId,
            column: lines[inner],
            multiple: lf.multiple === true,
          });
        }
      }
    }
    for (const [target, { paths, sources }] of mine) {
      add(target, { title: resource.title, resource: resource.name, paths, tree: false, sources: [...sources.values()] });
    }
  }
  for (const p of args.platform) {
    add(ownerOf(p.resource), {
      title: p.title,
      resource: null,
      paths: [p.column.name],
      tree: false,
      sources: [
        { table: p.table, tenantId: p.tenantId, columns: [{ column: p.column, multiple: p.multiple === true }], key: null, self: false },
      ],
    });
  }
  return out;
}

/** Referring records are counted up to this many; more is shown as `1000+`. */
export const REFERRER_COUNT_LIMIT = 1000;

function sourceSelect(source: ReferenceSource, tenantId: number, id: number): SQL {
  const matches = source.columns.map(({ column, multiple, relation }) => {
    if (relation) return sql`${column} @> ${containing(relation, id)}::jsonb`;
    return multiple ? sql`${column} @> array[${id}]::bigint[]` : sql`${column} = ${id}`;
  });
  const conditions = [sql`${source.tenantId} = ${tenantId}`, sql`(${sql.join(matches, sql` or `)})`];
  if (source.self && source.key) conditions.push(sql`${source.key} <> ${id}`);
  const where = sql.join(conditions, sql` and `);
  // A referring record counts once, however many of its lines point (a table's own id is unique).
  if (!source.key) return sql`select 1 as k from ${source.table} where ${where}`;
  return source.key.name === 'id'
    ? sql`select ${source.key} as k from ${source.table} where ${where}`
    : sql`select distinct ${source.key} as k from ${source.table} where ${where}`;
}

/**
 * How many records (a platform table: rows) of one referrer point at a record, counting at most
 * the limit + 1. Sources of one resource are united by the referring record's id.
 */
export async function countReferrer(args: { db: DbOrTx; referrer: Referrer; tenantId: number; id: number }): Promise<number> {
  const { db, referrer, tenantId, id } = args;
  const selects = referrer.sources.map((source) => sourceSelect(source, tenantId, id));
  const rows = referrer.sources.every((s) => s.key === null) ? sql.join(selects, sql` union all `) : sql.join(selects, sql` union `);
  const result = await db.execute<{ n: number }>(sql`select count(*)::int as n from (${rows} limit ${REFERRER_COUNT_LIMIT + 1}) hits`);
  return Number(result.rows[0]?.n ?? 0);
}

const shown = (count: number): string | number => (count > REFERRER_COUNT_LIMIT ? `${REFERRER_COUNT_LIMIT}+` : count);

/**
 * Refuses (409) to delete a record that something points to: its children first
 * (`crud.hasChildren`), otherwise every kind of referring row with its count (`crud.inUse`:
 * "品牌「X」被 3 条商品引用，不能删除"). Counts every row of the tenant, whatever centre, view
 * or row filter the caller works in: a reference the caller cannot see still holds the record.
 */
export async function refuseIfReferenced(args: {
  db: DbOrTx;
  resource: ResourceDef;
  referrers: readonly Referrer[];
  tenantId: number;
  record: StoredRecord;
  locale: Locale;
}): Promise<void> {
  const { resource, locale } = args;
  const id = Number(args.record.id);
  const found: { referrer: Referrer; count: number }[] = [];
  for (const referrer of args.referrers) {
    const count = await countReferrer({ db: args.db, referrer, tenantId: args.tenantId, id });
    if (count > 0) found.push({ referrer, count });
  }
  if (found.length === 0) return;
  const titleValue = args.record[resource.titleField];
  const values = {
    resource: pick(resource.title, locale),
    title: titleValue === null || titleValue === undefined ? `#${id}` : String(titleValue),
  };
  const children = found.find((f) => f.referrer.tree);
  if (children) throw conflict('crud.hasChildren', { ...values, count: shown(children.count) });
  const text = (key: keyof typeof crudMessages, slots: Record<string, string | number> = {}) =>
    fillSlots(pick(crudMessages[key], locale), slots);
  const uses = found.map(({ referrer, count }) =>
    text(count === 1 ? 'crud.inUse.one' : 'crud.inUse.many', {
      count: shown(count),
      referrer: pick(referrer.title, locale),
    }),
  );
  throw conflict('crud.inUse', { ...values, uses: uses.join(text('crud.inUse.separator')) });
}
