/**
 * A member's next birthday (pure). Solar birthdays recur on the same month and day (29 February
 * on 28 February in other years); lunar birthdays recur on the lunar month and day of the birth
 * date, converted with the lunar calendar helper (src/lib/lunar.ts, 1900–2100).
 */
import { DATE_FORMAT, toDayjs, type DateInput } from '../../../../providers/dates';
import { nextSolarBirthday, solarToLunar } from '../../../lib/lunar';

/** What the profile shows about a birthday. */
export interface BirthdayFacts {
  /** The lunar birthday (`八月十五`) of a lunar member; undefined for a solar one. */
  readonly lunar?: { readonly month: number; readonly day: number; readonly name: string };
  /** The next solar date the birthday falls on (`YYYY-MM-DD`, today counts). */
  readonly next: string;
}

function nextSolar(birthday: string, today: string): string {
  const [, month, day] = birthday.split('-').map(Number);
  const year = Number(today.slice(0, 4));
  for (const y of [year, year + 1]) {
    // 29 February outside a leap year: the day before.
    const candidate = toDayjs(`${y}-${String(month).padStart(2, '0')}-01`)!;
    const date = candidate.date(Math.min(day, candidate.daysInMonth())).format(DATE_FORMAT);
    if (date >= today) return date;
  }
  return today;
}

/** The birthday facts of a birth date; null when the date is missing or outside 1900–2100. */
export function birthdayFacts(args: {
  readonly birthday: unknown;
  readonly lunar: boolean;
  readonly today?: DateInput;
}): BirthdayFacts | null {
  const birth = toDayjs(typeof args.birthday === 'string' ? args.birthday : null);
  const today = toDayjs(args.today ?? new Date());
  if (!birth || !today) return null;
  const birthday = birth.format(DATE_FORMAT);
  const from = today.format(DATE_FORMAT);
  if (!args.lunar) return { next: nextSolar(birthday, from) };
  try {
    const lunar = solarToLunar(birthday);
    return {
      lunar: { month: lunar.month, day: lunar.day, name: `${lunar.monthName}${lunar.dayName}` },
      next: nextSolarBirthday({ lunarMonth: lunar.month, lunarDay: lunar.day, from }),
    };
  } catch {
    return null; // outside the calendar's range
  }
}
