/**
 * Date formats and weekday names of the specification (§9), on dayjs (the date library antd
 * uses, so pickers and these helpers agree). Strict parsing: `2024-02-30` is invalid, not
 * quietly moved to 1 March as `new Date()` and lenient dayjs would do.
 */
import dayjs, { type Dayjs } from 'dayjs';
// The `.js` suffix lets plain Node ESM (server, tests) resolve this package subpath too.
import customParseFormat from 'dayjs/plugin/customParseFormat.js';
import { WEEKDAYS, type Weekday } from '../resources/contract/weekdays';
import { DEFAULT_LOCALE, pick, type Locale } from '../resources/messages/bilingual';

dayjs.extend(customParseFormat);

/** `yyyy/MM/dd` of the specification, in dayjs tokens. */
export const DATE_SLASH_FORMAT = 'YYYY/MM/DD';
/** `yyyy-MM-dd` of the specification, in dayjs tokens. */
export const DATE_FORMAT = 'YYYY-MM-DD';
/** `yyyy-MM-dd HH:mm:ss`, the default format in which dates are serialised and sent. */
export const DATE_TIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';
/** `HH:mm` of the specification, in dayjs tokens. */
export const TIME_FORMAT = 'HH:mm';

/** The default format: dates serialise in it (§9) and the API carries it (DESIGN §3). */
export const DEFAULT_DATE_FORMAT = DATE_TIME_FORMAT;

/** The four formats of §9; {@link parseDate} accepts any of them by default. */
export const DATE_FORMATS = [DATE_TIME_FORMAT, DATE_FORMAT, DATE_SLASH_FORMAT, TIME_FORMAT] as const;

/** What the date helpers accept as a date. */
export type DateInput = Dayjs | Date | string | number | null | undefined;

/** ISO 8601 date-time as JSON and `Date.toISOString()` write it; parsed by dayjs after checks. */
const ISO_PATTERN = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})?$/;

function parseIso(text: string): Dayjs | null {
  const match = ISO_PATTERN.exec(text);
  if (!match) return null;
  const [, day, hours, minutes, seconds = '0'] = match;
  // The engine rolls 2024-02-30T… over into March, so the calendar day is checked strictly first.
  if (!dayjs(day, DATE_FORMAT, true).isValid()) return null;
  if (Number(hours) > 23 || Number(minutes) > 59 || Number(seconds) > 59) return null;
  const parsed = dayjs(text);
  return parsed.isValid() ? parsed : null;
}

/**
 * Parses text strictly in one of `formats` (by default the four of §9, plus ISO 8601 with a
 * `T`). Surrounding spaces are ignored. Returns null for empty or invalid text, such as
 * `2024-02-30` or `2024-2-3`.
 * A bare `HH:mm` gives that time on today's date.
 */
export function parseDate(text: string | null | undefined, formats?: readonly string[]): Dayjs | null {
  if (text === null || text === undefined) return null;
  const trimmed = text.trim();
  if (trimmed === '') return null;
  for (const format of formats ?? DATE_FORMATS) {
    const parsed = dayjs(trimmed, format, true);
    if (parsed.isValid()) return parsed;
  }
  return formats === undefined ? parseIso(trimmed) : null;
}

/** Turns any accepted input into a valid Dayjs, or null when it is empty or not a real date. */
export function toDayjs(value: DateInput): Dayjs | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return parseDate(value);
  if (typeof value === 'number' && !Number.isFinite(value)) return null;
  const parsed = dayjs(value);
  return parsed.isValid() ? parsed : null;
}

/**
 * Serialises a date in `format` (default `YYYY-MM-DD HH:mm:ss`, local time of the runtime);
 * an empty or invalid date becomes null (§9), so a form never sends "Invalid Date".
 */
export function serializeDate(value: DateInput, format: string = DEFAULT_DATE_FORMAT): string | null {
  const parsed = toDayjs(value);
  return parsed ? parsed.format(format) : null;
}

// The weekday table is the contract's: the server and the message books read it too.
export { WEEKDAYS, type Weekday };

/** True for the integers 1..7. */
export function isWeekday(value: unknown): value is Weekday {
  return typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= 7;
}

/** Name of weekday `n` (1 = Monday … 7 = Sunday); throws a RangeError for anything else. */
export function weekdayName(n: number, locale: Locale = DEFAULT_LOCALE): string {
  if (!isWeekday(n)) throw new RangeError(`weekday must be 1..7, got ${n}`);
  return pick(WEEKDAYS[n - 1].name, locale);
}

/** The specification's weekday number of a date; dayjs counts Sunday as 0, here it is 7. */
export function weekdayOf(value: Dayjs | Date): Weekday {
  const parsed = dayjs(value);
  if (!parsed.isValid()) throw new RangeError('weekdayOf needs a valid date');
  const day = parsed.day();
  return (day === 0 ? 7 : day) as Weekday;
}
