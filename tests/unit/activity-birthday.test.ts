import { describe, expect, it } from 'vitest';
import {
  addDays,
  birthdayServedOn,
  birthdayYear,
  celebratesOn,
  lunarBirthDatesOn,
  solarBirthdaysOn,
} from '../../server/modules/activities/events/birthday';

/**
 * Whose birthday a birthday gift serves on a given local day (BIRTHDAY_GIFT, issue 13). The lunar
 * dates are the published calendar's: mid-autumn (八月十五) fell on 2022-09-10, 2023-09-29,
 * 2024-09-17, 2025-10-06 and falls on 2026-09-25; 2025 repeats its sixth month (闰六月 from
 * 2025-07-25); the lunar year 2023 ends on 腊月三十 = 2024-02-09, the lunar year 2026 on 腊月廿九 =
 * 2027-02-05 (a 29-day 腊月).
 */
describe('solar birthdays', () => {
  it('fall on their month and day', () => {
    expect(solarBirthdaysOn('2026-10-03')).toEqual([{ month: 10, day: 3 }]);
    expect(celebratesOn({ birthday: '1990-10-03', lunar: false, date: '2026-10-03' })).toBe(true);
    expect(celebratesOn({ birthday: '1990-10-03', lunar: false, date: '2026-10-04' })).toBe(false);
  });

  it('29 February falls on 28 February in a common year, on itself in a leap year', () => {
    expect(solarBirthdaysOn('2026-02-28')).toEqual([
      { month: 2, day: 28 },
      { month: 2, day: 29 },
    ]);
    expect(solarBirthdaysOn('2028-02-28')).toEqual([{ month: 2, day: 28 }]);
    expect(celebratesOn({ birthday: '2000-02-29', lunar: false, date: '2026-02-28' })).toBe(true);
    expect(celebratesOn({ birthday: '2000-02-29', lunar: false, date: '2028-02-28' })).toBe(false);
    expect(celebratesOn({ birthday: '2000-02-29', lunar: false, date: '2028-02-29' })).toBe(true);
  });

  it('nobody celebrates before being born', () => {
    expect(celebratesOn({ birthday: '2026-10-03', lunar: false, date: '2025-10-03' })).toBe(false);
  });
});

describe('lunar birthdays', () => {
  it('fall on the lunar month and day of the birth date', () => {
    const midAutumn = lunarBirthDatesOn('2026-09-25');
    expect(midAutumn.slice(-5)).toEqual(['2022-09-10', '2023-09-29', '2024-09-17', '2025-10-06', '2026-09-25']);
    expect(celebratesOn({ birthday: '1990-10-03', lunar: true, date: '2026-09-25' })).toBe(true);
    // The same member under the solar calendar celebrates on 3 October.
    expect(celebratesOn({ birthday: '1990-10-03', lunar: false, date: '2026-09-25' })).toBe(false);
  });

  it('a 30th falls on the 29th of a 29-day month', () => {
    expect(celebratesOn({ birthday: '2024-02-09', lunar: true, date: '2027-02-05' })).toBe(true);
    expect(lunarBirthDatesOn('2027-02-05')).toContain('2023-01-21');
  });

  it('a leap-month birthday falls in the ordinary month of that number; no birthday falls in a leap month', () => {
    // 2025-07-25 is 闰六月初一; in 2026 (no leap month) 六月初一 is 2026-07-14.
    expect(celebratesOn({ birthday: '2025-07-25', lunar: true, date: '2026-07-14' })).toBe(true);
    expect(lunarBirthDatesOn('2025-07-25')).toEqual([]);
  });

  it('counts once per lunar year for lunar members, per solar year for solar ones', () => {
    // 2027-02-05 is still the lunar year 2026.
    expect(birthdayYear('2027-02-05', true)).toBe(2026);
    expect(birthdayYear('2027-02-05', false)).toBe(2027);
  });
});

describe('days before', () => {
  it('a gift given N days ahead serves the birthday N days later, across months and years', () => {
    expect(birthdayServedOn('2026-09-20', 5)).toBe('2026-09-25');
    expect(birthdayServedOn('2026-12-30', 3)).toBe('2027-01-02');
    expect(birthdayServedOn('2028-02-27', 2)).toBe('2028-02-29');
    expect(birthdayServedOn('2026-03-01', 0)).toBe('2026-03-01');
  });

  it('refuses what is not a calendar day', () => {
    expect(() => addDays('2026-02-30', 1)).toThrow(RangeError);
    expect(() => lunarBirthDatesOn('2101-01-01')).toThrow(RangeError);
  });
});
