import { date } from 'drizzle-orm/pg-core';
import type { DateField } from '../../../resources/define';
import { wire } from '../../http/openapi.schemas';
import { snakeCase } from '../naming';
import { isDateText } from '../zoned-time';
import type { ServerFieldKind } from './field-kind';
import { cellValue, fail, finishColumn, ok, textOf } from './kind-helpers';

/** A calendar date `yyyy-MM-dd` (a `date` column read as text: no time zone involved). */
export const dateKind: ServerFieldKind<DateField> = {
  columns: ({ name, f }) => ({ [name]: finishColumn(date(snakeCase(name), { mode: 'string' }), { f, fallback: f.defaultValue }) }),
  coerce: ({ value }) => (isDateText(value) ? ok(value) : fail('validation.date')),
  bodySchema: (f) => ({ type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}$', description: `${f.label[1]} (yyyy-MM-dd)` }),
  answerSchema: (f) => ({ ...wire.date, description: `${f.label[1]} (yyyy-MM-dd)` }),
  serialize: ({ value }) => value,
  filterValue: () => wire.date,
  sheet: {
    exportCell: ({ value }) => String(value),
    importValue: ({ cell }) => cellValue(textOf(cell).replace(/\//g, '-')),
  },
};
