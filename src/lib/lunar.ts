/**
 * Chinese lunar calendar for lunar birthdays and lunar-dated activities, limited to 1900–2100
 * (specification §9). The astronomy comes from the maintained `lunar-javascript` package; this
 * module only adds the range rule, Chinese names that do not depend on the package's global
 * language switch, and the birthday rule for days a given year lacks.
 */
import { Lunar, LunarYear, Solar } from 'lunar-javascript';
import { DATE_FORMAT, toDayjs, type DateInput } from '../../providers/dates';

/** First year the product supports, for solar dates and lunar years alike. */
export const LUNAR_MIN_YEAR = 1900;
/** Last year the product supports, for solar dates and lunar years alike. */
export const LUNAR_MAX_YEAR = 2100;

/** A lunar date as the screens show it. */
export interface LunarDate {
  /** Lunar year; a solar date before the lunar new year belongs to the previous one. */
  readonly year: number;
  /** 1..12; a leap month carries the number of the month it repeats. */
  readonly month: number;
  /** 1..30. */
  readonly day: number;
  /** True in the repeated (闰) month. */
  readonly isLeapMonth: boolean;
  /** 正月 … 腊月, with 闰 in front for a leap month. */
  readonly monthName: string;
  /** 初一 … 三十. */
  readonly dayName: string;
}

/** A lunar date to convert; `isLeapMonth` defaults to false. */
export interface LunarDateInput {
  readonly year: number;
  readonly month: number;
  readonly day: number;
  readonly isLeapMonth?: boolean;
}

/** Traditional month names; the 11th and 12th are 冬月 and 腊月. */
const MONTH_NAMES = ['正', '二', '三', '四', '五', '六', '七', '八', '九', '十', '冬', '腊'];
const DIGITS = ['一', '二', '三', '四', '五', '六', '七', '八', '九', '十'];

function monthName(month: number, isLeapMonth: boolean): string {
  return `${isLeapMonth ? '闰' : ''}${MONTH_NAMES[month - 1]}月`;
}

/** 初一..初十, 十一..十九, 二十, 廿一..廿九, 三十. */
function dayName(day: number): string {
  if (day <= 10) return `初${DIGITS[day - 1]}`;
  if (day < 20) return `十${DIGITS[day - 11]}`;
  if (day === 20) return '二十';
  if (day < 30) return `廿${DIGITS[day - 21]}`;
  return '三十';
}

function checkYear(year: number, what: string): void {
  if (!Number.isInteger(year) || year < LUNAR_MIN_YEAR || year > LUNAR_MAX_YEAR) {
    throw new RangeError(`${what} ${year} is outside ${LUNAR_MIN_YEAR}–${LUNAR_MAX_YEAR}`);
  }
}

function checkInteger(value: number, { name, min, max }: { name: string; min: number; max: number }): void {
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new RangeError(`lunar ${name} must be ${min}..${max}, got ${value}`);
  }
}

function requireDate(value: DateInput): { year: number; month: number; day: number; text: string } {
  const parsed = toDayjs(value);
  if (!parsed) throw new RangeError(`not a valid date: ${String(value)}`);
  return { year: parsed.year(), month: parsed.month() + 1, day: parsed.date(), text: parsed.format(DATE_FORMAT) };
}

function pad(value: number, width: number): string {
  return String(value).padStart(width, '0');
}

function solarText(solar: Solar): string {
  return `${pad(solar.getYear(), 4)}-${pad(solar.getMonth(), 2)}-${pad(solar.getDay(), 2)}`;
}

/** Days in a lunar month (29 or 30); the library writes a leap month as a negative number. */
function daysInMonth(year: number, month: number, isLeapMonth: boolean): number {
  const found = LunarYear.fromYear(year).getMonth(isLeapMonth ? -month : month);
  if (!found) throw new RangeError(`lunar year ${year} has no ${monthName(month, isLeapMonth)}`);
  return found.getDayCount();
}

/**
 * The lunar date of a solar (Gregorian) date, read in local time.
 * Throws a RangeError for an invalid date or a solar year outside 1900–2100.
 */
export function solarToLunar(date: DateInput): LunarDate {
  const { year, month, day } = requireDate(date);
  checkYear(year, 'solar year');
  const lunar = Solar.fromYmd(year, month, day).getLunar();
  const isLeapMonth = lunar.getMonth() < 0;
  const lunarMonth = Math.abs(lunar.getMonth());
  return {
    year: lunar.getYear(),
    month: lunarMonth,
    day: lunar.getDay(),
    isLeapMonth,
    monthName: monthName(lunarMonth, isLeapMonth),
    dayName: dayName(lunar.getDay()),
  };
}

/** The leap month of a lunar year (1..12), or 0 when the year has none. */
export function leapMonthOf(year: number): number {
  checkYear(year, 'lunar year');
  return LunarYear.fromYear(year).getLeapMonth();
}

/**
 * The solar date (`YYYY-MM-DD`) of a lunar date. Throws a RangeError for a lunar year outside
 * 1900–2100, a leap month the year does not have, or a day the month does not have.
 */
export function lunarToSolar(input: LunarDateInput): string {
  const isLeapMonth = input.isLeapMonth ?? false;
  checkYear(input.year, 'lunar year');
  checkInteger(input.month, { name: 'month', min: 1, max: 12 });
  checkInteger(input.day, { name: 'day', min: 1, max: 30 });
  const days = daysInMonth(input.year, input.month, isLeapMonth);
  if (input.day > days) {
    throw new RangeError(`${monthName(input.month, isLeapMonth)} of lunar ${input.year} has only ${days} days`);
  }
  const month = isLeapMonth ? -input.month : input.month;
  return solarText(Lunar.fromYmd(input.year, month, input.day).getSolar());
}

/** Input of {@link nextSolarBirthday}. */
export interface LunarBirthdayQuery {
  /** Lunar birth month 1..12. A birthday in a leap month is kept in the ordinary month of that number. */
  readonly lunarMonth: number;
  /** Lunar birth day 1..30. */
  readonly lunarDay: number;
  /** The first day that counts (inclusive); defaults to today. */
  readonly from?: DateInput;
}

/**
 * The next solar date (`YYYY-MM-DD`, on or after `from`) on which a lunar birthday falls.
 * When that year's month is short of the day (a 30th in a 29-day month), the month's last day
 * is used, so the member still gets a birthday. Throws a RangeError when `from` is outside
 * 1900–2100 or the birthday would fall in lunar year 2101.
 */
export function nextSolarBirthday(query: LunarBirthdayQuery): string {
  checkInteger(query.lunarMonth, { name: 'month', min: 1, max: 12 });
  checkInteger(query.lunarDay, { name: 'day', min: 1, max: 30 });
  const from = requireDate(query.from ?? new Date());
  checkYear(from.year, 'solar year');
  // Start in the lunar year `from` lies in (1899 for early January 1900, which the library
  // covers); the birthday of the previous lunar year is necessarily already past.
  const startYear = Solar.fromYmd(from.year, from.month, from.day).getLunar().getYear();
  for (const year of [startYear, startYear + 1]) {
    if (year > LUNAR_MAX_YEAR) break;
    const day = Math.min(query.lunarDay, daysInMonth(year, query.lunarMonth, false));
    const solar = solarText(Lunar.fromYmd(year, query.lunarMonth, day).getSolar());
    // Zero-padded ISO dates sort as text, so a string comparison is a date comparison.
    if (solar >= from.text) return solar;
  }
  throw new RangeError(`the next lunar birthday after ${from.text} is beyond lunar year ${LUNAR_MAX_YEAR}`);
}
