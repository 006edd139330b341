import type { FieldDef, ScalarField, TreeField } from '../../resources/define';
import { INT4_MAX, INT4_MIN, NUMERIC_PRECISION, decimalsOf, needsBigint } from './column.derive';
import { boundText, compareExact, exactText, integerDigits, significantDecimals } from './decimal';
import { isDateText, parseZoned } from './zoned-time';
import { textProblem } from '../http/input-guard';

/**
 * Turns one client value of a field into the value its column stores, or says why it cannot.
 * Pure and synchronous: references to other records are checked afterwards against the
 * database (references.validate.ts). Message keys are those of errors.messages.ts and
 * crud.messages.ts; the caller adds the `label` slot.
 */

/** The outcome for one value. */
export type Coerced =
  | { readonly ok: true; readonly value: unknown }
  | { readonly ok: false; readonly key: string; readonly values?: Record<string, string | number> };

const ok = (value: unknown): Coerced => ({ ok: true, value });
const fail = (key: string, values?: Record<string, string | number>): Coerced => ({ ok: false, key, values });

/** Default maximum lengths (define.ts): text 100, long text 2000; file references 500. */
export const DEFAULT_MAX_LENGTH = { text: 100, longText: 2000, file: 500 } as const;

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

/** An absent value: null, undefined, empty or blank text, an empty list. */
export function isEmpty(value: unknown): boolean {
  if (value === null || value === undefined) return true;
  if (typeof value === 'string') return value.trim() === '';
  return Array.isArray(value) && value.length === 0;
}

function toId(value: unknown): number | null {
  const n = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value;
  return typeof n === 'number' && Number.isSafeInteger(n) && n > 0 ? n : null;
}

function coerceText(f: Extract<FieldDef, { kind: 'text' | 'longText' | 'file' }>, value: unknown): Coerced {
  if (typeof value !== 'string') return fail('validation.type');
  // Text PostgreSQL cannot store (NUL, a lone surrogate): also from imported sheets, not only bodies.
  const problem = textProblem(value);
  if (problem) return fail(problem);
  const max = f.kind === 'file' ? DEFAULT_MAX_LENGTH.file : (f.maxLength ?? DEFAULT_MAX_LENGTH[f.kind]);
  const length = [...value].length; // code points: a CJK character or emoji counts once
  if (f.kind === 'text' && f.minLength !== undefined && length < f.minLength) return fail('validation.minLength', { min: f.minLength });
  if (length > max) return fail('validation.maxLength', { max });
  if (f.kind === 'text' && f.pattern && !new RegExp(f.pattern.regex).test(value)) return fail('pattern');
  return ok(value);
}

function coerceInteger(f: Extract<FieldDef, { kind: 'integer' }>, value: unknown): Coerced {
  const n = typeof value === 'string' && /^-?\d+$/.test(value) ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isInteger(n)) return fail('validation.type');
  const min = f.min ?? (needsBigint(f) ? Number.MIN_SAFE_INTEGER : INT4_MIN);
  const max = f.max ?? (needsBigint(f) ? Number.MAX_SAFE_INTEGER : INT4_MAX);
  if (n < min) return fail('validation.min', { min });
  if (n > max) return fail('validation.max', { max });
  return ok(n);
}

function coerceDecimal(f: Extract<FieldDef, { kind: 'money' | 'decimal' }>, value: unknown): Coerced {
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

function coerceEnum(f: Extract<FieldDef, { kind: 'enum' }>, value: unknown): Coerced {
  const allowed = (v: unknown) => typeof v === 'string' && Object.prototype.hasOwnProperty.call(f.options, v);
  if (!f.multiple) return allowed(value) ? ok(value) : fail('validation.enum');
  if (!Array.isArray(value) || !value.every(allowed)) return fail('validation.enum');
  return ok([...new Set(value as string[])]);
}

function coerceWeekdays(value: unknown): Coerced {
  const valid = (v: unknown) => typeof v === 'number' && Number.isInteger(v) && v >= 1 && v <= 7;
  if (!Array.isArray(value) || !value.every(valid)) return fail('validation.enum');
  return ok([...new Set(value as number[])].sort((a, b) => a - b));
}

function coerceRelation(f: Extract<FieldDef, { kind: 'relation' }>, value: unknown): Coerced {
  if (!f.multiple) {
    const id = toId(value);
    return id === null ? fail('validation.type') : ok(id);
  }
  if (!Array.isArray(value)) return fail('validation.type');
  const ids = value.map(toId);
  if (ids.some((id) => id === null)) return fail('validation.type');
  return ok([...new Set(ids as number[])]);
}

function coerceDateRange(value: unknown): Coerced {
  if (!Array.isArray(value) || value.length !== 2) return fail('validation.date');
  const [from, to] = value as unknown[];
  if (!isDateText(from) || !isDateText(to)) return fail('validation.date');
  if (from > to) return fail('validation.dateOrder');
  return ok([from, to]);
}

/**
 * The stored value of a non-empty client value. A dateRange gives `[from, to]`; the caller
 * spreads it over the two columns.
 */
export function coerceValue(args: { f: ScalarField | TreeField; value: unknown; zone: string }): Coerced {
  const { f, value } = args;
  switch (f.kind) {
    case 'text':
    case 'longText':
    case 'file':
      return coerceText(f, value);
    case 'integer':
      return coerceInteger(f, value);
    case 'money':
    case 'decimal':
      return coerceDecimal(f, value);
    case 'boolean':
      return typeof value === 'boolean' ? ok(value) : fail('validation.type');
    case 'enum':
      return coerceEnum(f, value);
    case 'date':
      return isDateText(value) ? ok(value) : fail('validation.date');
    case 'datetime': {
      const instant = parseZoned(value, args.zone);
      return instant ? ok(instant) : fail('validation.date');
    }
    case 'dateRange':
      return coerceDateRange(value);
    case 'time':
      return typeof value === 'string' && TIME.test(value) ? ok(value) : fail('validation.time');
    case 'weekdays':
      return coerceWeekdays(value);
    case 'relation':
      return coerceRelation(f, value);
    case 'tree': {
      const id = toId(value);
      return id === null ? fail('validation.type') : ok(id);
    }
  }
}
