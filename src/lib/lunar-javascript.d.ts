/**
 * The package ships no types. Only the few calls `lunar.ts` makes are declared here, so the rest
 * of the (large) library stays out of reach until someone declares and checks it.
 */
declare module 'lunar-javascript' {
  /** A day of the Chinese lunisolar calendar. Months are 1..12; a leap month is negative. */
  export interface Lunar {
    getYear(): number;
    getMonth(): number;
    getDay(): number;
    getSolar(): Solar;
  }

  /** A Gregorian calendar day; months 1..12. */
  export interface Solar {
    getYear(): number;
    getMonth(): number;
    getDay(): number;
    getLunar(): Lunar;
  }

  /** One month of a lunar year. */
  export interface LunarMonth {
    /** 29 or 30. */
    getDayCount(): number;
  }

  /** A lunar year. */
  export interface LunarYear {
    /** The month, negative for the leap month; null when the year has no such month. */
    getMonth(lunarMonth: number): LunarMonth | null;
    /** The number of the month that is repeated as a leap month, or 0 when there is none. */
    getLeapMonth(): number;
  }

  export const Solar: {
    fromYmd(year: number, month: number, day: number): Solar;
  };

  export const Lunar: {
    /** Throws when the month or day does not exist in that year. */
    fromYmd(year: number, month: number, day: number): Lunar;
  };

  export const LunarYear: {
    fromYear(year: number): LunarYear;
  };
}
