import { sql } from 'drizzle-orm';
import { bigint, integer, pgTable, primaryKey, timestamp, type PgColumn, type PgTableWithColumns } from 'drizzle-orm/pg-core';
import { tableOwner, type FieldDef, type LinesField, type ResourceDef } from '../../resources/define';
import { isConditional, isConditionalLineField } from '../../resources/field-rules';
import { fieldColumns, type ColumnBuilders } from './column.derive';
import { linesTableName } from './naming';
import { resourceIndexes, linesIndexes } from './index.derive';

/**
 * The Drizzle table of a declared resource (DESIGN.md §1, §5). Every derived table leads its
 * primary key and indexes with tenant_id, so it can be sharded by tenant; the implicit columns
 * (`id`, `version`, timestamps and owners) are the same everywhere.
 */

/** A derived table: columns are only known at run time, so rows are plain records. */
export type DerivedTable = PgTableWithColumns<{
  name: string;
  schema: undefined;
  columns: Record<string, PgColumn>;
  dialect: 'pg';
}>;

/** Property keys of the implicit columns; a declared field may not use them. */
export const SYSTEM_KEYS = [
  'tenantId',
  'id',
  'marketingCenterId',
  'version',
  'createdAt',
  'updatedAt',
  'createdBy',
  'updatedBy',
  'valueMakers',
  'approval',
] as const;

/** Property keys of a line table's implicit columns. */
export const LINE_KEYS = ['tenantId', 'parentId', 'lineNo'] as const;

const tables = new WeakMap<ResourceDef, DerivedTable>();
const lineTables = new WeakMap<ResourceDef, Map<string, DerivedTable>>();

// Millisecond precision for the same reason as datetime fields: exact keyset cursors.
const instant = (name: string) => timestamp(name, { withTimezone: true, precision: 3 });

function checkNames(owner: string, names: readonly string[], reserved: readonly string[]): void {
  for (const name of names) {
    if (reserved.includes(name)) throw new Error(`${owner}: field name "${name}" is reserved`);
  }
}

function systemColumns(resource: ResourceDef): ColumnBuilders {
  return {
    tenantId: bigint('tenant_id', { mode: 'number' }).notNull(),
    id: bigint('id', { mode: 'number' }).generatedAlwaysAsIdentity(),
    ...(resource.scope === 'marketingCenter' ? { marketingCenterId: bigint('marketing_center_id', { mode: 'number' }).notNull() } : {}),
    version: integer('version').notNull().default(1),
    createdAt: instant('created_at').notNull().defaultNow(),
    updatedAt: instant('updated_at').notNull().defaultNow(),
    createdBy: bigint('created_by', { mode: 'number' }),
    updatedBy: bigint('updated_by', { mode: 'number' }),
    // A document that creates value keeps who made or changed its amounts (value-approval.ts).
    ...(resource.creates
      ? {
          valueMakers: bigint('value_makers', { mode: 'number' })
            .array()
            .notNull()
            .default(sql`'{}'::bigint[]`),
        }
      : {}),
  };
}

/**
 * A field as its column sees it: a field required only while it applies (`when`) holds null
 * whenever it does not, so its column stays nullable.
 */
function storedField<F extends FieldDef>(f: F, conditional: boolean): F {
  return f.required && conditional ? { ...f, required: false } : f;
}

/**
 * The table of a resource: implicit columns, one or two columns per field, derived indexes. A
 * view (`viewOf`) has no table of its own: this is its base's table, the same object.
 */
export function deriveTable(resource: ResourceDef): DerivedTable {
  if (resource.viewOf !== undefined) return deriveTable(tableOwner(resource));
  const cached = tables.get(resource);
  if (cached) return cached;
  checkNames(resource.name, Object.keys(resource.fields), SYSTEM_KEYS);
  const columns: ColumnBuilders = { ...systemColumns(resource) };
  for (const [name, f] of Object.entries(resource.fields))
    Object.assign(columns, fieldColumns(name, storedField(f, isConditional(resource, name))));
  const table = pgTable(resource.table, columns, (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    ...resourceIndexes({ resource, t }),
  ]) as unknown as DerivedTable;
  tables.set(resource, table);
  return table;
}

/** The names of a resource's `lines` fields. */
export function linesFieldNames(resource: ResourceDef): string[] {
  return Object.keys(resource.fields).filter((name) => resource.fields[name].kind === 'lines');
}

/** The child table of one `lines` field: (tenant_id, parent_id, line_no) plus the line fields. */
export function deriveLinesTable(resource: ResourceDef, fieldName: string): DerivedTable {
  if (resource.viewOf !== undefined) return deriveLinesTable(tableOwner(resource), fieldName);
  const byField = lineTables.get(resource) ?? new Map<string, DerivedTable>();
  lineTables.set(resource, byField);
  const cached = byField.get(fieldName);
  if (cached) return cached;
  const f = resource.fields[fieldName];
  if (f?.kind !== 'lines') throw new Error(`${resource.name}.${fieldName} is not a lines field`);
  const lines = f as LinesField;
  checkNames(`${resource.name}.${fieldName}`, Object.keys(lines.fields), LINE_KEYS);
  const name = linesTableName({ table: resource.table, field: fieldName });
  const columns: ColumnBuilders = {
    tenantId: bigint('tenant_id', { mode: 'number' }).notNull(),
    parentId: bigint('parent_id', { mode: 'number' }).notNull(),
    lineNo: integer('line_no').notNull(),
  };
  for (const [lineField, lf] of Object.entries(lines.fields))
    Object.assign(columns, fieldColumns(lineField, storedField(lf, isConditionalLineField(lf))));
  const table = pgTable(name, columns, (t) => [
    primaryKey({ columns: [t.tenantId, t.parentId, t.lineNo] }),
    ...linesIndexes({ table: name, fields: lines.fields, t }),
  ]) as unknown as DerivedTable;
  byField.set(fieldName, table);
  return table;
}
