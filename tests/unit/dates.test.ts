import { describe, it, expect } from 'vitest';
import dayjs from 'dayjs';
import {
  DATE_FORMAT,
  DATE_FORMATS,
  DATE_SLASH_FORMAT,
  DATE_TIME_FORMAT,
  DEFAULT_DATE_FORMAT,
  TIME_FORMAT,
  WEEKDAYS,
  parseDate,
  serializeDate,
  weekdayName,
  weekdayOf,
} from '../../providers/dates';

describe('date formats', () => {
  it('are the four formats of the specification in dayjs tokens', () => {
    const sample = new Date(2024, 1, 3, 4, 5, 6);
    expect(dayjs(sample).format(DATE_SLASH_FORMAT)).toBe('2024/02/03');
    expect(dayjs(sample).format(DATE_FORMAT)).toBe('2024-02-03');
    expect(dayjs(sample).format(DATE_TIME_FORMAT)).toBe('2024-02-03 04:05:06');
    expect(dayjs(sample).format(TIME_FORMAT)).toBe('04:05');
    expect(DEFAULT_DATE_FORMAT).toBe(DATE_TIME_FORMAT);
    expect(DATE_FORMATS).toHaveLength(4);
  });
});

describe('serializeDate', () => {
  it('writes the default format in local time', () => {
    expect(serializeDate(new Date(2023, 11, 31, 23, 59, 58))).toBe('2023-12-31 23:59:58');
    expect(serializeDate(dayjs(new Date(2024, 0, 2)))).toBe('2024-01-02 00:00:00');
    expect(serializeDate('2024/02/29')).toBe('2024-02-29 00:00:00');
    expect(serializeDate(new Date(2024, 5, 1, 8).getTime())).toBe('2024-06-01 08:00:00');
  });

  it('accepts another format', () => {
    expect(serializeDate('2024-03-04 05:06:07', DATE_FORMAT)).toBe('2024-03-04');
  });

  it('turns empty and invalid dates into null', () => {
    for (const value of [
      null,
      undefined,
      '',
      '   ',
      'not a date',
      '2024-02-30',
      '2023-02-29',
      new Date(Number.NaN),
      Number.NaN,
      dayjs('nope'),
    ]) {
      expect(serializeDate(value)).toBeNull();
    }
  });

  it('reads ISO 8601 but refuses impossible ISO days', () => {
    const instant = new Date(Date.UTC(2024, 4, 6, 7, 8, 9));
    expect(serializeDate(instant.toISOString())).toBe(dayjs(instant).format(DATE_TIME_FORMAT));
    expect(serializeDate('2024-02-30T00:00:00Z')).toBeNull();
    expect(serializeDate('2024-02-01T24:00:00Z')).toBeNull();
  });
});

describe('parseDate', () => {
  it('parses each format strictly', () => {
    expect(parseDate('2024/02/29')?.format(DATE_FORMAT)).toBe('2024-02-29');
    expect(parseDate('2024-02-29')?.format(DATE_SLASH_FORMAT)).toBe('2024/02/29');
    expect(parseDate('2024-02-29 13:14:15')?.format(DATE_TIME_FORMAT)).toBe('2024-02-29 13:14:15');
    const before = dayjs().format(DATE_FORMAT);
    const time = parseDate('09:30');
    const after = dayjs().format(DATE_FORMAT);
    expect(time?.format(TIME_FORMAT)).toBe('09:30');
    // A bare time lands on today (either side of midnight if the test straddles it).
    expect([before, after]).toContain(time?.format(DATE_FORMAT));
  });

  it('returns null for loose or impossible text', () => {
    for (const text of ['2024-2-3', '2024-13-01', '2024-02-30', '24:00', '2024-02-29 25:00:00', '2024.02.29', '', null, undefined]) {
      expect(parseDate(text)).toBeNull();
    }
  });

  it('can be limited to given formats', () => {
    expect(parseDate('2024-02-29', [DATE_SLASH_FORMAT])).toBeNull();
    expect(parseDate('2024/02/29', [DATE_SLASH_FORMAT])?.date()).toBe(29);
  });
});

describe('weekdays', () => {
  it('map 1..7 to Monday..Sunday in both locales', () => {
    expect(WEEKDAYS.map((day) => day.value)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(weekdayName(1, 'zh_CN')).toBe('周一');
    expect(weekdayName(7, 'zh_CN')).toBe('周日');
    expect(weekdayName(1, 'en_US')).toBe('Monday');
    expect(weekdayName(7, 'en_US')).toBe('Sunday');
    expect(weekdayName(3)).toBe('周三');
  });

  it('agrees with the calendar', () => {
    // 2024-01-01 was a Monday; walk a fortnight and compare with dayjs's English day names.
    for (let offset = 0; offset < 14; offset += 1) {
      const date = dayjs(new Date(2024, 0, 1 + offset));
      expect(weekdayName(weekdayOf(date), 'en_US')).toBe(date.locale('en').format('dddd'));
    }
  });

  it('refuses numbers outside 1..7', () => {
    for (const n of [0, 8, 1.5, -1, Number.NaN]) expect(() => weekdayName(n)).toThrow(RangeError);
    expect(() => weekdayOf(new Date(Number.NaN))).toThrow(RangeError);
  });
});
