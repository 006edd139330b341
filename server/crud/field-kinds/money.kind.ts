import { numeric } from 'drizzle-orm/pg-core';
import type { DecimalField, MoneyField } from '../../../resources/define';
import { wire, type JsonSchema } from '../../http/openapi.schemas';
import { boundText, compareExact, exactText, integerDigits, significantDecimals, toJsonNumber } from '../../../resources/money/decimal';
import { snakeCase } from '../naming';
import type { Coerced, ServerFieldKind, SheetCell } from './field-kind';
import { NUMERIC_PRECISION, cellValue, cleanNumber, decimalsOf, fail, finishColumn, ok, textOf } from './kind-helpers';

/**
 * Yuan with exactly 2 decimals, exact: a numeric(14, 2) column, decimal strings in code, JSON
 * numbers on the wire. Decimals (decimal.kind.ts) share everything but the scale.
 */

type Exact = MoneyField | DecimalField;

/** The largest magnitude of a numeric(14, decimals) column, as a JSON number. */
function decimalBound(decimals: number): number {
  return Number(`${'9'.repeat(NUMERIC_PRECISION - decimals)}${decimals > 0 ? `.${'9'.repeat(decimals)}` : ''}`);
}

export function exactColumns({ name, f }: { name: string; f: Exact }) {
  // Decimal strings in and out: a numeric column never rounds through a float.
  const builder = numeric(snakeCase(name), { precision: NUMERIC_PRECISION, scale: decimalsOf(f) });
  return { [name]: finishColumn(builder, { f, fallback: exactDefault(f, f.defaultValue) }) };
}

export function exactDefault(_f: Exact, value: unknown): unknown {
  return value === undefined || value === null ? undefined : String(value);
}

export function coerceExact({ f, value }: { f: Exact; value: unknown }): Coerced {
  const text = exactText(value);
  if (text === null) return fail('validation.type');
  const decimals = decimalsOf(f);
  if (significantDecimals(text) > decimals) return fail('validation.decimals', { decimals });
  if (f.min !== undefined && compareExact(text, boundText(f.min)) < 0) return fail('validation.min', { min: f.min });
  if (f.max !== undefined && compareExact(text, boundText(f.max)) > 0) return fail('validation.max', { max: f.max });
  if (integerDigits(text) > NUMERIC_PRECISION - decimals) {
    return fail('validation.max', { max: `${'9'.repeat(NUMERIC_PRECISION - decimals)}` });
  }
  return ok(text);
}

export function exactBodySchema(f: Exact): JsonSchema {
  const bound = decimalBound(decimalsOf(f));
  return {
    type: 'number',
    description: `${f.label[1]}; exact, at most ${decimalsOf(f)} decimals`,
    minimum: f.min ?? -bound,
    maximum: f.max !== undefined ? Math.min(f.max, bound) : bound,
  };
}

/** Compared exactly: `12.5` and `12.50` are the same amount. */
export function sameExact(_f: Exact, a: unknown, b: unknown): boolean {
  const x = exactText(a);
  const y = exactText(b);
  return x !== null && y !== null && compareExact(x, y) === 0;
}

export const exactCell: SheetCell<Exact> = {
  // numeric columns arrive as exact strings; 14 digits survive the double exactly.
  exportCell: ({ value }) => Number(value),
  importValue: ({ cell }) => cellValue(typeof cell === 'number' ? cleanNumber(cell) : textOf(cell).replace(/,/g, '')),
};

export const exactFilterValue = (): JsonSchema => ({ type: ['number', 'string'], description: 'A number or a decimal string' });

export const moneyKind: ServerFieldKind<MoneyField> = {
  columns: exactColumns,
  columnDefault: exactDefault,
  coerce: coerceExact,
  bodySchema: exactBodySchema,
  answerSchema: (f) => ({ ...wire.money, description: `${f.label[1]}; yuan, exact, at most 2 decimals` }),
  serialize: ({ value }) => toJsonNumber(String(value)),
  same: sameExact,
  filterValue: exactFilterValue,
  sheet: { ...exactCell, numberFormat: () => '0.00' },
};
