import { and, asc, desc, eq, gt, isNotNull, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { StoredRecord } from './server-hooks.define';
import { numberProblem, textProblem } from '../http/input-guard';
import { isDateText } from './zoned-time';

/**
 * Sorting and keyset paging. The order is the asked sorters, then the default sort, then id
 * (in the direction of the last key, so one b-tree on (tenant, col, id) serves it forwards or
 * backwards). PostgreSQL's default null placement (last ascending, first descending) is kept,
 * which makes NULL "greater than everything" in both directions.
 *
 * A cursor carries the sort keys' values of the last row sent. The next page is "rows after
 * that one": a plain row comparison when every key is NOT NULL and all go the same way (what
 * an index serves best, the member list's case), otherwise the expanded form
 * `k1 after v1 OR (k1 = v1 AND k2 after v2) …`.
 */

/** One key of the order. */
export interface SortKey {
  /** Property key of the column (`createdAt`, `code`, `validPeriodFrom`). */
  readonly key: string;
  readonly column: PgColumn;
  readonly order: 'asc' | 'desc';
  /** Values of this key are instants (cursor values travel as ISO text). */
  readonly instant: boolean;
  /**
   * Orders by this never-null integer expression instead of the column (a state that follows
   * time sorts by its shown state's rank), and `rowValue` gives a row's value of it for cursors.
   */
  readonly expression?: SQL;
  readonly rowValue?: (row: StoredRecord) => number;
}

const sortTerm = (k: SortKey): SQL | PgColumn => k.expression ?? k.column;

/** ORDER BY terms of the keys. */
export function orderBy(keys: readonly SortKey[]): SQL[] {
  return keys.map((k) => (k.order === 'asc' ? asc(sortTerm(k)) : desc(sortTerm(k))));
}

/** A signature of the order, so a cursor is only accepted by the order that made it. */
export function sortSignature(keys: readonly SortKey[]): string {
  return keys.map((k) => `${k.key}:${k.order}`).join(',');
}

/** The values of the sort keys of a row (a computed key's by its `rowValue`), for `afterCursor`. */
export function keyValues(keys: readonly SortKey[], row: StoredRecord): unknown[] {
  return keys.map((k) => (k.rowValue ? k.rowValue(row) : (row[k.key] ?? null)));
}

/** The cursor after a row. */
export function encodeCursor(keys: readonly SortKey[], row: StoredRecord): string {
  const values = keyValues(keys, row).map((v) => (v instanceof Date ? v.toISOString() : (v ?? null)));
  return Buffer.from(JSON.stringify({ s: sortSignature(keys), v: values })).toString('base64url');
}

// Instants PostgreSQL and JS both hold: years 1 to 9999.
const FIRST_INSTANT = new Date('0001-01-01T00:00:00Z').getTime();
const LAST_INSTANT = new Date('9999-12-31T23:59:59.999Z').getTime();

/**
 * True when a cursor value can be compared with its key's column: a cursor comes back from the
 * client, so its values are input like any other (a string for an integer key, a NUL in a
 * text key or an instant in year 300 000 would otherwise reach PostgreSQL).
 */
function fitsColumn(k: SortKey, v: unknown): boolean {
  if (k.expression) return typeof v === 'number' && Number.isSafeInteger(v) && Math.abs(v) <= 2_147_483_647;
  switch (k.column.columnType) {
    case 'PgBigInt53':
      return typeof v === 'number' && Number.isSafeInteger(v);
    case 'PgInteger':
    case 'PgSmallInt':
      return typeof v === 'number' && Number.isSafeInteger(v) && Math.abs(v) <= 2_147_483_647;
    case 'PgNumeric':
      return (typeof v === 'string' && /^-?\d{1,14}(\.\d{1,14})?$/.test(v)) || (typeof v === 'number' && numberProblem(v) === null);
    case 'PgDateString':
      return isDateText(v);
    case 'PgBoolean':
      return typeof v === 'boolean';
    case 'PgText':
    case 'PgVarchar':
      return typeof v === 'string' && textProblem(v) === null;
    default:
      return false;
  }
}

/** The key values a cursor carries, or null when it is not a cursor of this order. */
export function decodeCursor(keys: readonly SortKey[], cursor: string): unknown[] | null {
  try {
    const parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as { s?: unknown; v?: unknown };
    if (parsed.s !== sortSignature(keys) || !Array.isArray(parsed.v) || parsed.v.length !== keys.length) return null;
    const values = parsed.v.map((v, i) => {
      if (v === null) return null;
      if (keys[i].instant) {
        const d = new Date(String(v));
        const time = d.getTime();
        if (Number.isNaN(time) || time < FIRST_INSTANT || time > LAST_INSTANT) throw new Error('bad instant');
        return d;
      }
      if (!fitsColumn(keys[i], v)) throw new Error('bad value');
      return v;
    });
    return values;
  } catch {
    return null;
  }
}

function after(k: SortKey, v: unknown): SQL {
  if (k.expression) return k.order === 'asc' ? sql`${k.expression} > ${v}` : sql`${k.expression} < ${v}`;
  if (v === null) return k.order === 'asc' ? sql`false` : isNotNull(k.column);
  return (k.order === 'asc' ? or(gt(k.column, v), isNull(k.column)) : lt(k.column, v)) as SQL;
}

function same(k: SortKey, v: unknown): SQL {
  if (k.expression) return sql`${k.expression} = ${v}`;
  return v === null ? isNull(k.column) : eq(k.column, v);
}

/** The condition "after the cursor's row". */
export function afterCursor(keys: readonly SortKey[], values: readonly unknown[]): SQL {
  const uniform = keys.every((k) => k.order === keys[0].order && k.expression === undefined && (k.column.notNull || k.key === 'id'));
  if (uniform && values.every((v) => v !== null)) {
    const cols = sql.join(
      keys.map((k) => k.column),
      sql`, `,
    );
    const vals = sql.join(
      keys.map((k, i) => sql.param(values[i], k.column)),
      sql`, `,
    );
    return keys[0].order === 'asc' ? sql`(${cols}) > (${vals})` : sql`(${cols}) < (${vals})`;
  }
  const branches = keys.map((k, i) => and(...keys.slice(0, i).map((p, j) => same(p, values[j])), after(k, values[i])) as SQL);
  return or(...branches) as SQL;
}
