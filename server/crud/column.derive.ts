import type { FieldDef } from '../../resources/define';
import { kindOf } from './field-kinds';
import type { ColumnBuilders } from './field-kinds/field-kind';

/**
 * One field's columns, from its kind (field-kinds/*.kind.ts). Most kinds map to one column named
 * like the field; a `dateRange` maps to two (`<col>_from`, `<col>_to`); `lines` maps to none here
 * (it gets a child table). Property keys stay camelCase so Drizzle rows read like the declaration.
 */
export type { ColumnBuilders } from './field-kinds/field-kind';
export { INT4_MAX, INT4_MIN, NUMERIC_PRECISION, decimalsOf, needsBigint, rangeKeys } from './field-kinds/kind-helpers';

/**
 * The database DEFAULT of a field's declared `defaultValue` (undefined when none): what the
 * validator writes for an absent value is also what PostgreSQL writes for rows that predate the
 * column, so adding a required field with a default to a table that has rows is a safe
 * `ADD COLUMN … DEFAULT … NOT NULL`. Money and decimals as exact text; an instant has no
 * zone-free default, so a datetime gets none (nor do lines, objects and secrets).
 */
export function columnDefault(f: FieldDef, value: unknown = f.defaultValue): unknown {
  if (value === undefined || value === null) return undefined;
  const kind = kindOf(f);
  return kind.columnDefault ? kind.columnDefault(f, value) : value;
}

/** The columns of one field, keyed by property name. */
export function fieldColumns(name: string, f: FieldDef): ColumnBuilders {
  return kindOf(f).columns({ name, f });
}
