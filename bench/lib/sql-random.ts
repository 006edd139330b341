/**
 * Deterministic "random" numbers in SQL: PostgreSQL's own 64-bit hash of a row number and a
 * salt, so the generator needs no random() and a regeneration produces the same data. Each
 * attribute of a row uses its own salt, so attributes are independent of each other.
 */

/** A non-negative bigint hash of the integer expression `of` with `salt`. */
export function hashSql(of: string, salt: number): string {
  return `(hashint8extended((${of})::bigint, ${salt}) & 9223372036854775807)`;
}

/** A whole number in [0, n) drawn from `of` and `salt`. */
export function pickSql(of: string, salt: number, n: number | string): string {
  return `(${hashSql(of, salt)} % (${n}))`;
}

/** A float in [0, 1) drawn from `of` and `salt`. */
export function unitSql(of: string, salt: number): string {
  return `(${pickSql(of, salt, 1_000_000)}::float8 / 1000000)`;
}

/** A SQL text literal. */
export function literal(text: string): string {
  return `'${text.replace(/'/g, "''")}'`;
}

/** A SQL text[] literal of the values. */
export function textArray(values: readonly string[]): string {
  return `array[${values.map(literal).join(',')}]::text[]`;
}

/**
 * `case` over cumulative percentages: `[[45, "'store'"], [70, "'weixin'"], …]` picks the first
 * value whose bound is above the drawn percentage; the last value takes the rest.
 */
export function weightedSql(of: string, salt: number, choices: readonly (readonly [number, string])[]): string {
  const draw = pickSql(of, salt, 100);
  const arms = choices
    .slice(0, -1)
    .map(([bound, value]) => `when ${draw} < ${bound} then ${value}`)
    .join(' ');
  return `(case ${arms} else ${choices[choices.length - 1][1]} end)`;
}
