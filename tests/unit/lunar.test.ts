import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import dayjs from 'dayjs';
import { Solar } from 'lunar-javascript';
import { LUNAR_MAX_YEAR, LUNAR_MIN_YEAR, leapMonthOf, lunarToSolar, nextSolarBirthday, solarToLunar } from '../../src/lib/lunar';

/*
 * Known dates, checked against published calendars (not only the library):
 * Chinese New Year 1900-01-31, 2023-01-22, 2024-02-10, 2025-01-29, 2100-02-09;
 * 2023 repeats its 2nd month, 闰二月 running 2023-03-22 .. 2023-04-19 after 二月 from 2023-02-20;
 * Mid-Autumn (八月十五) 2023-09-29 and 2024-09-17; Dragon Boat (五月初五) 2025-05-31;
 * 2020 repeats its 4th month (闰四月 from 2020-05-23); 2025 its 6th (闰六月 from 2025-07-25).
 */
describe('solarToLunar', () => {
  it('knows the first lunar new year of the range', () => {
    expect(solarToLunar('1900-01-31')).toEqual({ year: 1900, month: 1, day: 1, isLeapMonth: false, monthName: '正月', dayName: '初一' });
    // The day before still belongs to the last month of lunar 1899.
    const eve = solarToLunar('1900-01-30');
    expect([eve.year, eve.month, eve.isLeapMonth]).toEqual([1899, 12, false]);
    expect(eve.monthName).toBe('腊月');
  });

  it('knows the last lunar new year of the range', () => {
    expect(solarToLunar('2100-02-09')).toMatchObject({ year: 2100, month: 1, day: 1, monthName: '正月', dayName: '初一' });
    expect(solarToLunar('2100-02-08')).toMatchObject({ year: 2099, month: 12 });
  });

  it('knows mid-range dates and festivals', () => {
    expect(solarToLunar('2024-02-10')).toMatchObject({
      year: 2024,
      month: 1,
      day: 1,
      isLeapMonth: false,
      monthName: '正月',
      dayName: '初一',
    });
    expect(solarToLunar('2023-01-22')).toMatchObject({ year: 2023, month: 1, day: 1 });
    expect(solarToLunar('2024-09-17')).toMatchObject({ year: 2024, month: 8, day: 15, monthName: '八月', dayName: '十五' });
    expect(solarToLunar('2023-09-29')).toMatchObject({ year: 2023, month: 8, day: 15 });
    expect(solarToLunar('2025-05-31')).toMatchObject({ year: 2025, month: 5, day: 5, dayName: '初五' });
  });

  it('marks a leap month', () => {
    expect(solarToLunar('2023-03-22')).toEqual({ year: 2023, month: 2, day: 1, isLeapMonth: true, monthName: '闰二月', dayName: '初一' });
    // 二月 began on 2023-02-20 and had 30 days, so 2023-03-21 is its 三十.
    expect(solarToLunar('2023-03-21')).toEqual({ year: 2023, month: 2, day: 30, isLeapMonth: false, monthName: '二月', dayName: '三十' });
    expect(solarToLunar('2023-04-19')).toMatchObject({ month: 2, day: 29, isLeapMonth: true });
    expect(solarToLunar('2023-04-20')).toMatchObject({ month: 3, day: 1, isLeapMonth: false });
    expect(solarToLunar('2020-05-23')).toMatchObject({ year: 2020, month: 4, day: 1, isLeapMonth: true, monthName: '闰四月' });
  });

  it('reads Date and Dayjs values in local time', () => {
    expect(solarToLunar(new Date(2024, 1, 10, 23, 59))).toMatchObject({ year: 2024, month: 1, day: 1 });
    expect(solarToLunar(dayjs(new Date(2024, 1, 10)))).toMatchObject({ year: 2024, month: 1, day: 1 });
  });

  it('throws a RangeError outside 1900..2100 or for an invalid date', () => {
    expect(() => solarToLunar('1899-12-31')).toThrow(RangeError);
    expect(() => solarToLunar('2101-01-01')).toThrow(RangeError);
    expect(() => solarToLunar('2024-02-30')).toThrow(RangeError);
    expect(() => solarToLunar('1900-01-01')).not.toThrow();
    expect(() => solarToLunar('2100-12-31')).not.toThrow();
  });

  it('names months and days as the library does in Chinese', () => {
    const day = fc.integer({ min: 0, max: dayjs('2100-12-31').diff('1900-01-01', 'day') });
    fc.assert(
      fc.property(day, (offset) => {
        const date = dayjs('1900-01-01').add(offset, 'day');
        const lunar = Solar.fromYmd(date.year(), date.month() + 1, date.date()).getLunar() as unknown as {
          getMonthInChinese(): string;
          getDayInChinese(): string;
        };
        const ours = solarToLunar(date);
        expect(ours.monthName).toBe(`${lunar.getMonthInChinese()}月`);
        expect(ours.dayName).toBe(lunar.getDayInChinese());
      }),
    );
  });
});

describe('lunarToSolar', () => {
  it('converts known dates at both ends and in the middle', () => {
    expect(lunarToSolar({ year: 1900, month: 1, day: 1 })).toBe('1900-01-31');
    expect(lunarToSolar({ year: 2100, month: 1, day: 1 })).toBe('2100-02-09');
    expect(lunarToSolar({ year: 2024, month: 1, day: 1 })).toBe('2024-02-10');
    expect(lunarToSolar({ year: 2023, month: 2, day: 1, isLeapMonth: true })).toBe('2023-03-22');
    expect(lunarToSolar({ year: 2023, month: 2, day: 1 })).toBe('2023-02-20');
    expect(lunarToSolar({ year: 2025, month: 6, day: 1, isLeapMonth: true })).toBe('2025-07-25');
  });

  it('reports the leap month of a year', () => {
    expect(leapMonthOf(2023)).toBe(2);
    expect(leapMonthOf(2020)).toBe(4);
    expect(leapMonthOf(2025)).toBe(6);
    expect(leapMonthOf(2024)).toBe(0);
  });

  it('throws a RangeError for dates that do not exist or lie outside the range', () => {
    expect(() => lunarToSolar({ year: 1899, month: 12, day: 1 })).toThrow(RangeError);
    expect(() => lunarToSolar({ year: LUNAR_MAX_YEAR + 1, month: 1, day: 1 })).toThrow(RangeError);
    expect(() => lunarToSolar({ year: 2024, month: 2, day: 1, isLeapMonth: true })).toThrow(RangeError);
    // 2024's 腊月 has 29 days: it runs from 2024-12-31 up to the new year of 2025-01-29.
    expect(() => lunarToSolar({ year: 2024, month: 12, day: 30 })).toThrow(RangeError);
    expect(() => lunarToSolar({ year: 2024, month: 13, day: 1 })).toThrow(RangeError);
    expect(() => lunarToSolar({ year: 2024, month: 1, day: 0 })).toThrow(RangeError);
    expect(() => lunarToSolar({ year: 2024.5, month: 1, day: 1 })).toThrow(RangeError);
  });

  it('round-trips every solar day of the range', () => {
    const first = dayjs(lunarToSolar({ year: LUNAR_MIN_YEAR, month: 1, day: 1 }));
    // Up to 2100-12-30, because the day after is converted too.
    const day = fc.integer({ min: 0, max: dayjs('2100-12-30').diff(first, 'day') });
    fc.assert(
      fc.property(day, (offset) => {
        const date = first.add(offset, 'day');
        const lunar = solarToLunar(date);
        expect(lunarToSolar(lunar)).toBe(date.format('YYYY-MM-DD'));
        // The next day is the next lunar day, or the 1st of a new month.
        const next = solarToLunar(date.add(1, 'day'));
        expect(next.day === lunar.day + 1 || (next.day === 1 && lunar.day >= 29)).toBe(true);
      }),
      { numRuns: 300 },
    );
  });
});

/** The birthday in one lunar year, using the 29th when the 30th does not exist. */
function lunarOccurrence(year: number, month: number, day: number): string {
  try {
    return lunarToSolar({ year, month, day });
  } catch (error) {
    if (day === 30 && error instanceof RangeError) return lunarToSolar({ year, month, day: 29 });
    throw error;
  }
}

describe('nextSolarBirthday', () => {
  it('finds the birthday on or after the given day', () => {
    expect(nextSolarBirthday({ lunarMonth: 1, lunarDay: 1, from: '2024-01-01' })).toBe('2024-02-10');
    expect(nextSolarBirthday({ lunarMonth: 1, lunarDay: 1, from: '2024-02-10' })).toBe('2024-02-10');
    expect(nextSolarBirthday({ lunarMonth: 1, lunarDay: 1, from: '2024-02-11' })).toBe('2025-01-29');
    expect(nextSolarBirthday({ lunarMonth: 8, lunarDay: 15, from: new Date(2024, 0, 1) })).toBe('2024-09-17');
  });

  it('uses the last day of a month that is too short', () => {
    // 2024's 腊月 has 29 days, so a 腊月三十 birthday falls on its 廿九, the eve of 2025-01-29.
    expect(nextSolarBirthday({ lunarMonth: 12, lunarDay: 30, from: '2024-06-01' })).toBe('2025-01-28');
    // 2023's 腊月 has 30 days (2024-01-11 .. 2024-02-09), so the 30th exists.
    expect(nextSolarBirthday({ lunarMonth: 12, lunarDay: 30, from: '2023-06-01' })).toBe('2024-02-09');
  });

  it('keeps a birthday in the ordinary month, not the leap month', () => {
    expect(nextSolarBirthday({ lunarMonth: 2, lunarDay: 1, from: '2023-02-21' })).toBe('2024-03-10');
    expect(solarToLunar('2024-03-10')).toMatchObject({ month: 2, day: 1, isLeapMonth: false });
  });

  it('works at both ends of the range', () => {
    // Early January 1900 still lies in lunar 1899, whose 腊月 birthday is yet to come.
    const early = nextSolarBirthday({ lunarMonth: 12, lunarDay: 25, from: '1900-01-10' });
    expect(early >= '1900-01-10' && early < '1900-01-31').toBe(true);
    expect(solarToLunar(early)).toMatchObject({ year: 1899, month: 12, day: 25 });
    const late = nextSolarBirthday({ lunarMonth: 12, lunarDay: 20, from: '2100-12-31' });
    expect(late).toBe(lunarToSolar({ year: 2100, month: 12, day: 20 }));
    expect(() => nextSolarBirthday({ lunarMonth: 1, lunarDay: 1, from: '2100-12-31' })).toThrow(RangeError);
    expect(() => nextSolarBirthday({ lunarMonth: 1, lunarDay: 1, from: '2101-01-01' })).toThrow(RangeError);
    expect(() => nextSolarBirthday({ lunarMonth: 13, lunarDay: 1, from: '2024-01-01' })).toThrow(RangeError);
  });

  it('is never before `from` and always the asked month and (capped) day', () => {
    const start = dayjs('1900-01-31');
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: dayjs('2100-01-01').diff(start, 'day') }),
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 1, max: 30 }),
        (offset, lunarMonth, lunarDay) => {
          const from = start.add(offset, 'day').format('YYYY-MM-DD');
          const result = nextSolarBirthday({ lunarMonth, lunarDay, from });
          expect(result >= from).toBe(true);
          const lunar = solarToLunar(result);
          expect([lunar.month, lunar.isLeapMonth]).toEqual([lunarMonth, false]);
          expect(lunar.day === lunarDay || (lunarDay === 30 && lunar.day === 29)).toBe(true);
          // No birthday was skipped: the one of the lunar year before is already past.
          if (lunar.year - 1 >= LUNAR_MIN_YEAR) {
            const previous = lunarOccurrence(lunar.year - 1, lunarMonth, lunarDay);
            expect(previous < from).toBe(true);
          }
        },
      ),
      { numRuns: 300 },
    );
    // A property over a century of dates: seconds of CPU on a loaded machine, not a timing.
  }, 30_000);
});
