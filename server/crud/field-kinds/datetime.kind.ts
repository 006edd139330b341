import { timestamp } from 'drizzle-orm/pg-core';
import type { DateTimeField } from '../../../resources/define';
import { wire } from '../../http/openapi.schemas';
import { snakeCase } from '../naming';
import { formatInstant, parseZoned } from '../zoned-time';
import type { ServerFieldKind } from './field-kind';
import { cellValue, fail, finishColumn, ok, pad2, textOf, wallDate, wallTime } from './kind-helpers';

/**
 * An instant, written and read as `yyyy-MM-dd HH:mm:ss` in the request's time zone. Millisecond
 * precision: a JS Date round-trips it exactly, so keyset cursors are exact. Inside an object's
 * jsonb it is kept as ISO text. An instant has no zone-free default, so the column gets none.
 */
export const dateTimeKind: ServerFieldKind<DateTimeField> = {
  columns: ({ name, f }) => ({
    [name]: finishColumn(timestamp(snakeCase(name), { withTimezone: true, precision: 3 }), { f, fallback: undefined }),
  }),
  columnDefault: () => undefined,
  coerce: ({ value, zone }) => {
    const instant = parseZoned(value, zone);
    return instant ? ok(instant) : fail('validation.date');
  },
  bodySchema: (f) => ({ type: 'string', description: `${f.label[1]} (yyyy-MM-dd HH:mm:ss in the time_zone header's zone)` }),
  answerSchema: (f) => ({ ...wire.dateTime, description: `${f.label[1]} (yyyy-MM-dd HH:mm:ss in the time_zone header's zone)` }),
  serialize: ({ value, zone }) => {
    const instant = typeof value === 'string' ? new Date(value) : value;
    return instant instanceof Date && !Number.isNaN(instant.getTime()) ? formatInstant(instant, zone) : null;
  },
  same: (_f, a, b) => {
    // Instants compare to the second: what the API shows.
    const seconds = (v: unknown) => Math.floor(new Date(v as Date).getTime() / 1000);
    return seconds(a) === seconds(b);
  },
  filterValue: () => ({ type: 'string', description: 'yyyy-MM-dd HH:mm:ss, or a date (as the end of a range: that whole day)' }),
  sheet: {
    exportCell: ({ value, zone }) => (value instanceof Date ? formatInstant(value, zone) : String(value)),
    importValue: ({ cell }) =>
      cellValue(
        cell instanceof Date ? `${wallDate(cell)} ${wallTime(cell)}:${pad2(cell.getUTCSeconds())}` : textOf(cell).replace(/\//g, '-'),
      ),
    width: 20,
  },
};
