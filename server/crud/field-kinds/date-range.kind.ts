import { date } from 'drizzle-orm/pg-core';
import type { DateRangeField } from '../../../resources/define';
import { wire } from '../../http/openapi.schemas';
import { snakeCase } from '../naming';
import { isDateText } from '../zoned-time';
import type { ServerFieldKind } from './field-kind';
import { cellValue, fail, finishColumn, ok, rangeKeys, textOf } from './kind-helpers';

/** Written between the two dates of a date range. */
export const RANGE_SEPARATOR = ' ~ ';
const RANGE_SPLIT = /\s*(?:~|～|至|到)\s*/;

/**
 * A start and an end date, sent and answered as `[from, to]`, stored as two `date` columns
 * `<col>_from` / `<col>_to` (property keys `<name>From` / `<name>To`); inside an object's jsonb,
 * as the pair itself.
 */
export const dateRangeKind: ServerFieldKind<DateRangeField> = {
  columns: ({ name, f }) => {
    const keys = rangeKeys(name);
    const [from, to] = Array.isArray(f.defaultValue) ? (f.defaultValue as unknown[]) : [undefined, undefined];
    return {
      [keys.from]: finishColumn(date(`${snakeCase(name)}_from`, { mode: 'string' }), { f, fallback: from ?? undefined }),
      [keys.to]: finishColumn(date(`${snakeCase(name)}_to`, { mode: 'string' }), { f, fallback: to ?? undefined }),
    };
  },
  keys: (name) => Object.values(rangeKeys(name)),
  read: (row, name) => {
    const keys = rangeKeys(name);
    return row[keys.from] === null || row[keys.from] === undefined ? null : [row[keys.from], row[keys.to]];
  },
  write: (out, name, value) => {
    const keys = rangeKeys(name);
    const [from, to] = Array.isArray(value) ? (value as unknown[]) : [null, null];
    Object.assign(out, { [keys.from]: from ?? null, [keys.to]: to ?? null });
  },
  coerce: ({ value }) => {
    if (!Array.isArray(value) || value.length !== 2) return fail('validation.date');
    const [from, to] = value as unknown[];
    if (!isDateText(from) || !isDateText(to)) return fail('validation.date');
    if (from > to) return fail('validation.dateOrder');
    return ok([from, to]);
  },
  bodySchema: (f) => ({
    type: 'array',
    items: { type: 'string' },
    minItems: 2,
    maxItems: 2,
    description: `${f.label[1]} ([from, to], yyyy-MM-dd)`,
  }),
  answerSchema: (f) => ({
    type: 'array',
    items: wire.date,
    minItems: 2,
    maxItems: 2,
    description: `${f.label[1]} ([from, to], yyyy-MM-dd)`,
  }),
  serialize: ({ value }) => value,
  filterValue: () => wire.date,
  sheet: {
    exportCell: ({ value }) => {
      const [from, to] = value as unknown[];
      return from && to ? `${String(from)}${RANGE_SEPARATOR}${String(to)}` : null;
    },
    importValue: ({ cell }) => {
      const parts = textOf(cell)
        .split(RANGE_SPLIT)
        .map((part) => part.trim().replace(/\//g, '-'));
      return cellValue(parts.length === 2 ? parts : [textOf(cell)]);
    },
    width: 24,
  },
};
