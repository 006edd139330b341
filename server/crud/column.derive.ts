import { bigint, boolean, date, integer, numeric, smallint, text, timestamp, type PgColumnBuilderBase } from 'drizzle-orm/pg-core';
import type { FieldDef, IntegerField, ScalarField, TreeField } from '../../resources/define';
import { snakeCase } from './naming';

/**
 * One field's columns. Most kinds map to one column named like the field; a `dateRange` maps to
 * two (`<col>_from`, `<col>_to`); `lines` maps to none here (it gets a child table).
 * Property keys stay camelCase so Drizzle rows read like the declaration.
 */
export type ColumnBuilders = Record<string, PgColumnBuilderBase>;

/** PostgreSQL `integer` bounds: an integer field declared beyond them is stored as bigint. */
export const INT4_MIN = -2147483648;
export const INT4_MAX = 2147483647;

/** Total digits of money and decimal columns: 12 integer digits stay exact through a double. */
export const NUMERIC_PRECISION = 14;

/** Decimals kept by a decimal field (default 2). */
export function decimalsOf(f: FieldDef): number {
  if (f.kind === 'money') return 2;
  if (f.kind === 'decimal') return f.decimals ?? 2;
  return 0;
}

/** True when an integer field's declared range needs a bigint column. */
export function needsBigint(f: IntegerField): boolean {
  return (f.min !== undefined && f.min < INT4_MIN) || (f.max !== undefined && f.max > INT4_MAX);
}

/** The property keys of a dateRange field's two columns. */
export function rangeKeys(fieldName: string): { from: string; to: string } {
  return { from: `${fieldName}From`, to: `${fieldName}To` };
}

/**
 * The database DEFAULT of a field's declared `defaultValue` (undefined when none): what the
 * validator writes for an absent value is also what PostgreSQL writes for rows that predate the
 * column, so adding a required field with a default to a table that has rows is a safe
 * `ADD COLUMN … DEFAULT … NOT NULL`. Money and decimals as exact text; an instant has no
 * zone-free default, so a datetime gets none.
 */
export function columnDefault(f: FieldDef, value: unknown = f.defaultValue): unknown {
  if (value === undefined || value === null || f.kind === 'lines' || f.kind === 'datetime') return undefined;
  return f.kind === 'money' || f.kind === 'decimal' ? String(value) : value;
}

// A required field is NOT NULL in the database too: the validator already refuses an empty
// value, and NOT NULL lets keyset paging use a plain row comparison on it. A declared default
// becomes the column's DEFAULT.
function finish<T extends { notNull(): unknown; default(value: never): unknown }>(
  builder: T,
  f: FieldDef,
  value: unknown = f.defaultValue,
): PgColumnBuilderBase {
  const fallback = columnDefault(f, value);
  const withDefault = (fallback === undefined ? builder : builder.default(fallback as never)) as T;
  return (f.required ? withDefault.notNull() : withDefault) as PgColumnBuilderBase;
}

function scalarColumn(name: string, f: ScalarField | TreeField): PgColumnBuilderBase {
  const col = snakeCase(name);
  switch (f.kind) {
    case 'text':
    case 'longText':
    case 'file':
    case 'time': // 'HH:mm' text: compares and sorts correctly and needs no time zone
      return finish(text(col), f);
    case 'integer':
      return finish(needsBigint(f) ? bigint(col, { mode: 'number' }) : integer(col), f);
    case 'money':
    case 'decimal':
      // Decimal strings in and out: a numeric column never rounds through a float.
      return finish(numeric(col, { precision: NUMERIC_PRECISION, scale: decimalsOf(f) }), f);
    case 'boolean':
      return finish(boolean(col), f);
    case 'enum':
      return finish(f.multiple ? text(col).array() : text(col), f);
    case 'date':
      return finish(date(col, { mode: 'string' }), f);
    case 'datetime':
      // Millisecond precision: a JS Date round-trips it exactly, so keyset cursors are exact.
      return finish(timestamp(col, { withTimezone: true, precision: 3 }), f);
    case 'weekdays':
      return finish(smallint(col).array(), f);
    case 'relation':
      return finish(f.multiple ? bigint(col, { mode: 'number' }).array() : bigint(col, { mode: 'number' }), f);
    case 'tree':
      return finish(bigint(col, { mode: 'number' }), f);
    case 'dateRange':
      throw new Error('dateRange has two columns; use fieldColumns');
  }
}

/** The columns of one field, keyed by property name. */
export function fieldColumns(name: string, f: FieldDef): ColumnBuilders {
  if (f.kind === 'lines') return {};
  if (f.kind === 'dateRange') {
    const keys = rangeKeys(name);
    const [from, to] = Array.isArray(f.defaultValue) ? (f.defaultValue as unknown[]) : [undefined, undefined];
    return {
      [keys.from]: finish(date(`${snakeCase(name)}_from`, { mode: 'string' }), f, from),
      [keys.to]: finish(date(`${snakeCase(name)}_to`, { mode: 'string' }), f, to),
    };
  }
  return { [name]: scalarColumn(name, f) };
}
