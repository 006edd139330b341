import { bigint, integer } from 'drizzle-orm/pg-core';
import type { IntegerField } from '../../../resources/define';
import { MAX_EXACT } from '../../http/input-guard';
import { snakeCase } from '../naming';
import type { ServerFieldKind } from './field-kind';
import { INT4_MAX, INT4_MIN, cellValue, cleanNumber, fail, finishColumn, needsBigint, ok, textOf } from './kind-helpers';

/** A whole number: `integer`, or `bigint` when the declared range needs it. */
export const integerKind: ServerFieldKind<IntegerField> = {
  columns: ({ name, f }) => {
    const col = snakeCase(name);
    return { [name]: finishColumn(needsBigint(f) ? bigint(col, { mode: 'number' }) : integer(col), { f, fallback: f.defaultValue }) };
  },
  coerce: ({ f, value }) => {
    const n = typeof value === 'string' && /^-?\d+$/.test(value) ? Number(value) : value;
    if (typeof n !== 'number' || !Number.isInteger(n)) return fail('validation.type');
    const min = f.min ?? (needsBigint(f) ? Number.MIN_SAFE_INTEGER : INT4_MIN);
    const max = f.max ?? (needsBigint(f) ? Number.MAX_SAFE_INTEGER : INT4_MAX);
    if (n < min) return fail('validation.min', { min });
    if (n > max) return fail('validation.max', { max });
    return ok(n);
  },
  bodySchema: (f) => {
    const wide = needsBigint(f);
    return {
      type: 'integer',
      minimum: f.min ?? (wide ? -MAX_EXACT : INT4_MIN),
      maximum: f.max ?? (wide ? MAX_EXACT : INT4_MAX),
      description: f.label[1],
    };
  },
  answerSchema: (f) => ({ type: 'integer', description: f.label[1] }),
  serialize: ({ value }) => value,
  filterValue: () => ({ type: 'integer' }),
  sheet: {
    exportCell: ({ value }) => Number(value),
    importValue: ({ cell }) => cellValue(typeof cell === 'number' ? cleanNumber(cell) : textOf(cell).replace(/,/g, '')),
    numberFormat: () => '0',
  },
};
