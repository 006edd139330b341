import { text } from 'drizzle-orm/pg-core';
import type { TimeField } from '../../../resources/define';
import { wire } from '../../http/openapi.schemas';
import { snakeCase } from '../naming';
import type { ServerFieldKind } from './field-kind';
import { cellValue, fail, finishColumn, ok, textOf, wallTime } from './kind-helpers';

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

/** A time of day `HH:mm`, kept as text: compares and sorts correctly and needs no time zone. */
export const timeKind: ServerFieldKind<TimeField> = {
  columns: ({ name, f }) => ({ [name]: finishColumn(text(snakeCase(name)), { f, fallback: f.defaultValue }) }),
  coerce: ({ value }) => (typeof value === 'string' && TIME.test(value) ? ok(value) : fail('validation.time')),
  bodySchema: (f) => ({ type: 'string', pattern: '^\\d{2}:\\d{2}$', description: `${f.label[1]} (HH:mm)` }),
  answerSchema: (f) => ({ ...wire.time, description: `${f.label[1]} (HH:mm)` }),
  serialize: ({ value }) => value,
  sheet: {
    exportCell: ({ value }) => String(value),
    importValue: ({ cell }) => cellValue(cell instanceof Date ? wallTime(cell) : textOf(cell)),
  },
};
