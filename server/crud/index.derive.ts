import { index, uniqueIndex, type ExtraConfigColumn, type IndexBuilder } from 'drizzle-orm/pg-core';
import type { FieldDef, LineField, ResourceDef } from '../../resources/define';
import { fieldKeys, isArrayField, isFilterable, isTextual } from './field-kinds';
import { identifier, snakeCase } from './naming';
import { objectRelations } from './object-relations';

/**
 * Indexes derived from what the declaration says a field is used for. Every index leads with
 * tenant_id (then marketing_center_id for centre-scoped resources), so each tenant's rows are
 * one contiguous range and the table can be sharded by tenant (DESIGN.md §5):
 *
 * - `unique` -> unique b-tree on (tenant[, centre], col);
 * - `contains` filter or keyword search on text -> GIN (tenant[, centre], col gin_trgm_ops):
 *   pg_trgm serves `ILIKE '%x%'`, btree_gin lets the tenant lead a GIN index;
 * - `prefix` filter -> b-tree with text_pattern_ops, which serves `LIKE 'x%'` in any collation;
 * - filters on array columns (multiple enum / relation, weekdays) -> GIN for `&&` and `@>`;
 * - `sortable`, eq / range / in filters, the default sort and tree parents -> b-tree on
 *   (tenant[, centre], col, id): the trailing id makes it serve keyset paging too;
 *   A `hotCounter` field gets none: its every update would otherwise touch every index of the
 *   table (the member's growth value, moved by every sale);
 * - a state that follows time -> b-tree (tenant[, centre], state, window start, window end),
 *   for the filter on a shown state (UNSTART / PROCESSING / STOPED by the window);
 * - an object field with relation members -> GIN (tenant_id, col jsonb_path_ops) for the
 *   delete check's containment query;
 * - relations the above leaves without an index reachable by (tenant_id, col) -> b-tree
 *   (tenant_id, col), GIN for a `multiple` one: deleting the referenced record counts the
 *   tenant's rows that point at it (inbound-references.ts), like an index on a foreign key.
 *
 * Only indexes that serve a distinct query shape are derived. A `unique` field that is also
 * `required` gets no sort index: its unique b-tree (tenant[, centre], col) already serves
 * equality, ranges, its order and keyset paging, since a unique NOT NULL key needs no id
 * tiebreak (query.builder.ts `sortKeysOf` ends the order there). A `prefix` index
 * (text_pattern_ops, byte order) and a trigram GIN (substrings) serve shapes the unique b-tree
 * cannot in a linguistic collation, so a searchable, prefix-filtered unique code keeps three.
 */

type Columns = Record<string, ExtraConfigColumn>;

/**
 * A unique NOT NULL field: its value alone orders the rows totally, so its unique index serves
 * every b-tree shape of the column (query.builder.ts stops the sort keys there).
 */
export function isUniqueKey(f: FieldDef): boolean {
  return f.unique === true && f.required === true && !isArrayField(f) && fieldKeys('', f).length === 1 && isFilterable(f);
}

function sortsOrFilters(f: FieldDef): boolean {
  if (f.sortable) return true;
  if (f.kind === 'tree') return true;
  return f.filter === 'eq' || f.filter === 'range' || f.filter === 'in' || (f.searchable === true && !isTextual(f));
}

/** The indexes of a resource table. */
export function resourceIndexes(args: { resource: ResourceDef; t: Columns }): IndexBuilder[] {
  const { resource, t } = args;
  const table = resource.table;
  const scoped = resource.scope === 'marketingCenter';
  const lead: [ExtraConfigColumn, ...ExtraConfigColumn[]] = scoped ? [t.tenantId, t.marketingCenterId] : [t.tenantId];
  const out: IndexBuilder[] = [];
  const name = (col: string, suffix: string) => identifier([table, col, suffix]);

  for (const [field, f] of Object.entries(resource.fields)) {
    // An object naming records (a rule's coupon template): GIN (tenant_id, col jsonb_path_ops)
    // serves the delete check's containment query (`rule @> '{"giftGoods": 7}'`).
    if (f.kind === 'object' && objectRelations(f).length > 0) {
      out.push(index(name(snakeCase(field), 'ref')).using('gin', t.tenantId, t[field].op('jsonb_path_ops')));
    }
    // Lines (a child table), other objects and secrets are never indexed.
    if (!isFilterable(f)) continue;
    const col = snakeCase(field);
    const keys = fieldKeys(field, f);
    if (keys.length > 1) {
      // A date range: both ends, in the order overlap filters and sorts read them.
      if (f.sortable || f.filter) out.push(index(name(col, 'idx')).on(...lead, ...keys.map((key) => t[key]), t.id));
      continue;
    }
    const c = t[field];
    if (f.unique && !isArrayField(f)) out.push(uniqueIndex(name(col, 'uq')).on(...lead, c));
    if (isTextual(f) && (f.filter === 'contains' || f.searchable)) {
      out.push(index(name(col, 'trgm')).using('gin', ...lead, c.op('gin_trgm_ops')));
    }
    if (f.filter === 'prefix') out.push(index(name(col, 'prefix')).on(...lead, c.op('text_pattern_ops'), t.id));
    // Whether an index above or below already starts (tenant_id, col), as a delete check needs.
    let reachable: boolean;
    if (isArrayField(f)) {
      if (f.filter) out.push(index(name(col, 'gin')).using('gin', ...lead, c));
      reachable = !scoped && f.filter !== undefined;
    } else {
      const isDefaultSort = resource.list.defaultSort.field === field;
      const sorted = (sortsOrFilters(f) || isDefaultSort) && !isUniqueKey(f) && f.hotCounter !== true;
      if (sorted) out.push(index(name(col, 'idx')).on(...lead, c, t.id));
      reachable = !scoped && (sorted || f.unique === true);
    }
    if (f.kind === 'relation' && !reachable) {
      out.push(f.multiple ? index(name(col, 'ref')).using('gin', t.tenantId, c) : index(name(col, 'ref')).on(t.tenantId, c));
    }
  }

  // States that follow time: a filter on a shown state is `state = 'AUDITED' AND start <= now
  // AND end > now` (state-timeline.ts), a range over the window's start within one state.
  const timeline = resource.states?.timeline;
  if (timeline) {
    const state = resource.states!.field;
    out.push(index(name(snakeCase(state), 'window')).on(...lead, t[state], t[timeline.window.start], t[timeline.window.end]));
  }

  const sortField = resource.list.defaultSort.field;
  if (sortField === 'createdAt' || sortField === 'updatedAt') {
    out.push(index(name(snakeCase(sortField), 'idx')).on(...lead, t[sortField], t.id));
  }
  // The primary key (tenant_id, id) already serves unscoped id order; a scoped list needs the
  // centre between them.
  if (scoped) out.push(index(name('centre_scope', 'idx')).on(t.tenantId, t.marketingCenterId, t.id));
  // A settings object holds one record per tenant (or centre): the index is what guarantees it.
  if (resource.singleton) out.push(uniqueIndex(name('singleton', 'uq')).on(...lead));
  return out;
}

/** The indexes of a line table: relation columns, so "documents touching member X" stays fast. */
export function linesIndexes(args: { table: string; fields: Readonly<Record<string, LineField>>; t: Columns }): IndexBuilder[] {
  const out: IndexBuilder[] = [];
  for (const [field, f] of Object.entries(args.fields)) {
    if (f.kind !== 'relation') continue;
    const c = args.t[field];
    out.push(
      f.multiple
        ? index(identifier([args.table, snakeCase(field), 'gin'])).using('gin', args.t.tenantId, c)
        : index(identifier([args.table, snakeCase(field), 'idx'])).on(args.t.tenantId, c),
    );
  }
  return out;
}
