import type { PgColumnBuilderBase } from 'drizzle-orm/pg-core';
import type { FieldDef, IntegerField } from '../../../resources/define';
import type { Coerced, ImportValue } from './field-kind';
import type { PlainCell } from '../../modules/files/plain-cell';

/**
 * What several kinds share: column bounds, the NOT NULL / DEFAULT of a column, the shapes of a
 * coercion's outcome and the reading of spreadsheet cells.
 */

/** PostgreSQL `integer` bounds: an integer field declared beyond them is stored as bigint. */
export const INT4_MIN = -2147483648;
export const INT4_MAX = 2147483647;

/** Total digits of money and decimal columns: 12 integer digits stay exact through a double. */
export const NUMERIC_PRECISION = 14;

/** Default maximum lengths (define.ts): text 100, long text 2000, secrets 500; file references 500. */
export const DEFAULT_MAX_LENGTH = { text: 100, longText: 2000, file: 500, secret: 500 } as const;

/** Ids are positive and exact. */
export const MAX_EXACT_ID = Number.MAX_SAFE_INTEGER;

/** Decimals kept by a money (2) or decimal field (default 2); 0 for other kinds. */
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

/** An absent value: null, undefined, empty or blank text, an empty list. */
export function isEmpty(value: unknown): boolean {
  if (value === null || value === undefined) return true;
  if (typeof value === 'string') return value.trim() === '';
  return Array.isArray(value) && value.length === 0;
}

export const ok = (value: unknown): Coerced => ({ ok: true, value });
export const fail = (key: string, values?: Record<string, string | number>): Coerced => ({ ok: false, key, values });

/** A positive safe integer id from a number or digit text, else null. */
export function toId(value: unknown): number | null {
  const n = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value;
  return typeof n === 'number' && Number.isSafeInteger(n) && n > 0 ? n : null;
}

/**
 * A column's NOT NULL and DEFAULT: a required field is NOT NULL (the validator already refuses
 * an empty value, and NOT NULL lets keyset paging use a plain row comparison); a declared default
 * (as the kind stores it, `columnDefault`) becomes the column's DEFAULT.
 */
export function finishColumn<T extends { notNull(): unknown; default(value: never): unknown }>(
  builder: T,
  args: { f: FieldDef; fallback: unknown },
): PgColumnBuilderBase {
  const withDefault = (args.fallback === undefined || args.fallback === null ? builder : builder.default(args.fallback as never)) as T;
  return (args.f.required ? withDefault.notNull() : withDefault) as PgColumnBuilderBase;
}

// --- spreadsheet cells --------------------------------------------------------------------------

/** Separator written between several values in one cell; imports accept the usual others too. */
export const LIST_SEPARATOR = ', ';
const LIST_SPLIT = /\s*[,，、;；]\s*/;

export const cellValue = (v: unknown): ImportValue => ({ kind: 'value', value: v });
export const cellProblem = (key: string, values?: Record<string, string | number>): ImportValue => ({
  kind: 'problem',
  problem: { key, values },
});

export const pad2 = (n: number) => String(n).padStart(2, '0');

// A date or time cell holds wall-clock time; exceljs hands it over as that time in UTC.
export function wallDate(d: Date): string {
  return `${d.getUTCFullYear()}-${pad2(d.getUTCMonth() + 1)}-${pad2(d.getUTCDate())}`;
}
export function wallTime(d: Date): string {
  return `${pad2(d.getUTCHours())}:${pad2(d.getUTCMinutes())}`;
}

export function textOf(cell: PlainCell): string {
  if (cell instanceof Date) return wallDate(cell);
  return String(cell);
}

// Values written in a number cell may carry binary noise (0.1 + 0.2); 15 significant digits
// are what Excel itself keeps.
export function cleanNumber(n: number): number {
  return Number(n.toPrecision(15));
}

export function splitList(cell: PlainCell): string[] {
  return textOf(cell)
    .split(LIST_SPLIT)
    .map((part) => part.trim())
    .filter((part) => part !== '');
}

export function idOrTitle(part: string | number): string | number {
  if (typeof part === 'number') return part;
  return /^\d+$/.test(part) ? Number(part) : part;
}

/** Referenced records' title, or the id when unknown. */
/**
 * The key of a title map under which a reference's shown text is kept: the target resource, or
 * the resource and the field a relation shows instead of the title (`shownAs`, e.g. the member
 * number of a paid-level order).
 */
export function titleKey(resource: string, shownAs?: string): string {
  return shownAs ? `${resource}.${shownAs}` : resource;
}

export function titleOf(titles: ReadonlyMap<string, ReadonlyMap<number, string>>, resource: string, id: number): string {
  return titles.get(resource)?.get(id) ?? String(id);
}

/** JSON text of a value with object keys sorted (jsonb keeps its own key order). */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  );
}
