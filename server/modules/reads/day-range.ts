import { sql, type SQL } from 'drizzle-orm';

/**
 * A filter of whole days: `column` from the start of `from` to the end of `to` (`yyyy-MM-dd`),
 * days of the caller's time zone, as one range over the column (its index serves it).
 */
export function dayRangeCondition(column: SQL, days: readonly [string, string], timeZone: string): SQL {
  const [from, to] = days;
  return sql`${column} >= (${from}::date)::timestamp at time zone ${timeZone}
    and ${column} < (${to}::date + 1)::timestamp at time zone ${timeZone}`;
}

/** The JSON schema of a day range filter: two `yyyy-MM-dd` days. */
export const DAY_RANGE_SCHEMA = { type: 'array', minItems: 2, maxItems: 2, items: { type: 'string', format: 'date' } } as const;
