/**
 * Whose birthday falls on a given local date (pure; the BIRTHDAY_GIFT kind, issue 13). Dates are
 * calendar days `YYYY-MM-DD` of the merchant's zone; the member's `birthday` is the solar birth
 * date, `birthdayType` says whether it recurs by the solar or the lunar calendar.
 *
 * Rules (README "Birthdays"):
 * - A solar birthday recurs on its month and day; 29 February falls on 28 February in a year
 *   without it (the member detail screen shows the same, src/views/member/detail/birthday.ts).
 * - A lunar birthday recurs on the lunar month and day of the birth date (`lunar-javascript`,
 *   1900–2100). A 30th falls on the 29th in a 29-day month; a birthday in a leap month (闰月)
 *   falls in the ordinary month of that number (a leap month repeats only every few years), so
 *   no birthday falls in a leap month.
 * - A gift with `daysBefore` = N is given on the day N days before the birthday.
 * - Once per member per activity per birthday year: the solar year of the birthday for solar
 *   members, the lunar year for lunar ones (a lunar year can hold two solar Januaries' worth of
 *   days, so the solar year would count some lunar birthdays twice or never).
 */
import { Lunar, LunarYear, Solar } from 'lunar-javascript';

/** First and last years the lunar calendar is used for (the library's and the product's range). */
export const BIRTHDAY_MIN_YEAR = 1900;
export const BIRTHDAY_MAX_YEAR = 2100;

/** A calendar day. */
interface Ymd {
  readonly year: number;
  readonly month: number;
  readonly day: number;
}

const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Parses `YYYY-MM-DD` strictly (no 30 February); throws a RangeError otherwise. */
export function parseDay(text: string): Ymd {
  const match = DATE_PATTERN.exec(text);
  const ymd = match ? { year: Number(match[1]), month: Number(match[2]), day: Number(match[3]) } : null;
  if (!ymd || formatDay(new Date(Date.UTC(ymd.year, ymd.month - 1, ymd.day))) !== text) {
    throw new RangeError(`not a calendar day: ${text}`);
  }
  return ymd;
}

function pad(value: number, width: number): string {
  return String(value).padStart(width, '0');
}

function formatDay(date: Date): string {
  return `${pad(date.getUTCFullYear(), 4)}-${pad(date.getUTCMonth() + 1, 2)}-${pad(date.getUTCDate(), 2)}`;
}

const ymdText = (ymd: Ymd) => `${pad(ymd.year, 4)}-${pad(ymd.month, 2)}-${pad(ymd.day, 2)}`;

/** `date` moved by `days` calendar days (either way). */
export function addDays(date: string, days: number): string {
  const { year, month, day } = parseDay(date);
  return formatDay(new Date(Date.UTC(year, month - 1, day + days)));
}

const isLeapYear = (year: number) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;

/** The birthday a gift given on `runDate` is for: `daysBefore` days later. */
export function birthdayServedOn(runDate: string, daysBefore: number): string {
  return addDays(runDate, daysBefore);
}

/** The solar birth (month, day) pairs whose birthday falls on `date`: 28 Feb also serves 29 Feb in a common year. */
export function solarBirthdaysOn(date: string): { month: number; day: number }[] {
  const { year, month, day } = parseDay(date);
  const pairs = [{ month, day }];
  if (month === 2 && day === 28 && !isLeapYear(year)) pairs.push({ month: 2, day: 29 });
  return pairs;
}

function checkLunarRange(year: number, date: string): void {
  if (year < BIRTHDAY_MIN_YEAR || year > BIRTHDAY_MAX_YEAR) {
    throw new RangeError(`${date} is outside the lunar calendar's ${BIRTHDAY_MIN_YEAR}–${BIRTHDAY_MAX_YEAR}`);
  }
}

/** The lunar day of a solar day; `leap` in a leap month (the library writes it as a negative month). */
function lunarOf(date: string): Ymd & { leap: boolean } {
  const solar = parseDay(date);
  checkLunarRange(solar.year, date);
  const lunar = Solar.fromYmd(solar.year, solar.month, solar.day).getLunar();
  return { year: lunar.getYear(), month: Math.abs(lunar.getMonth()), day: lunar.getDay(), leap: lunar.getMonth() < 0 };
}

/**
 * The solar first day of each lunar month met so far. The library's lunar-to-solar conversion
 * is slow (a few milliseconds: a day's lunar birth dates made about 130 of them, so the birthday
 * job spent seconds per tenant and day served); a month's days are consecutive solar days, so
 * one conversion per month is enough. At most 13 months a year over 1900–2100.
 */
const monthStarts = new Map<string, string>();

function solarOf(year: number, signedMonth: number, day: number): string {
  const key = `${year}/${signedMonth}`;
  let first = monthStarts.get(key);
  if (first === undefined) {
    const solar = Lunar.fromYmd(year, signedMonth, 1).getSolar();
    first = ymdText({ year: solar.getYear(), month: solar.getMonth(), day: solar.getDay() });
    monthStarts.set(key, first);
  }
  return addDays(first, day - 1);
}

/** A lunar year's leap month (0 = none) and month lengths; the library computes them slowly, so once per year. */
const lunarYears = new Map<number, { readonly leapMonth: number; readonly days: ReadonlyMap<number, number> }>();

function lunarYearOf(year: number): { readonly leapMonth: number; readonly days: ReadonlyMap<number, number> } {
  const known = lunarYears.get(year);
  if (known) return known;
  const source = LunarYear.fromYear(year);
  const leapMonth = source.getLeapMonth();
  const days = new Map<number, number>();
  for (let month = 1; month <= 12; month += 1) days.set(month, source.getMonth(month)?.getDayCount() ?? 0);
  if (leapMonth > 0) days.set(-leapMonth, source.getMonth(-leapMonth)?.getDayCount() ?? 0);
  const info = { leapMonth, days };
  lunarYears.set(year, info);
  return info;
}

/** Days of a lunar month (29 or 30), 0 when the year has no such month (a leap month it lacks). */
function lunarMonthDays(year: number, signedMonth: number): number {
  return lunarYearOf(year).days.get(signedMonth) ?? 0;
}

/**
 * The birth dates (solar `YYYY-MM-DD`, on or before `date`) of lunar members whose lunar
 * birthday falls on `date`: every solar date from 1900 on whose lunar month and day — in the
 * ordinary month or in a leap month of that number — is the lunar month and day of `date`, plus
 * the 30ths when `date` is the last day of a 29-day month. Empty on a day of a leap month.
 */
export function lunarBirthDatesOn(date: string): string[] {
  const target = lunarOf(date);
  if (target.leap) return [];
  const lastOfShortMonth = target.day === 29 && lunarMonthDays(target.year, target.month) === 29;
  const days = lastOfShortMonth ? [29, 30] : [target.day];
  const found: string[] = [];
  for (let year = BIRTHDAY_MIN_YEAR; year <= target.year; year += 1) {
    const months = lunarYearOf(year).leapMonth === target.month ? [target.month, -target.month] : [target.month];
    for (const month of months) {
      const length = lunarMonthDays(year, month);
      for (const day of days) {
        if (day > length) continue;
        const birth = solarOf(year, month, day);
        if (birth <= date && birth >= `${BIRTHDAY_MIN_YEAR}-01-01`) found.push(birth);
      }
    }
  }
  return found.sort();
}

/** Whether a member born on `birthday` celebrates on `date` (the calendar the member chose). */
export function celebratesOn(input: { readonly birthday: string; readonly lunar: boolean; readonly date: string }): boolean {
  if (input.birthday > input.date) return false;
  if (input.lunar) return lunarBirthDatesOn(input.date).includes(input.birthday);
  const born = parseDay(input.birthday);
  return solarBirthdaysOn(input.date).some((pair) => pair.month === born.month && pair.day === born.day);
}

/** The year a birthday on `date` counts for (once per member per year): lunar year for lunar members. */
export function birthdayYear(date: string, lunar: boolean): number {
  return lunar ? lunarOf(date).year : parseDay(date).year;
}
