import { createHash } from 'node:crypto';
import { is, sql, type Placeholder } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../db/connection';

/**
 * Statements the hot routes run on every call, built once instead of through Drizzle's builder
 * per call: a record by id, the names a page points at, an unfiltered page and its estimate.
 * Drizzle builds the statement with placeholders the first time (`sql.placeholder`) and keeps
 * the text, the parameter order and the row mapping; a call only fills the values in. The
 * answers are those of the builder: same text, same rows, same mapping (the tests that cover the
 * routes run through these statements).
 *
 * Kept per database handle and key; a transaction (a handle of its own, short-lived) builds as
 * before, so nothing here outlives the connection it was made for. Every kept statement runs
 * named (prepared on each connection once, planned once), like the pool's other statements.
 */

/** A statement built once: what `.prepare(name)` returns for a select. */
export interface PreparedSelect<T> {
  execute(values?: Record<string, unknown>): Promise<T[]>;
}

const kept = new WeakMap<object, Map<string, unknown>>();

/** The statement of `key` on `db`, built by `build` the first time; null inside a transaction. */
export function preparedOnce<T>(db: DbOrTx, key: string, build: () => T): T | null {
  if (is(db, PgTransaction)) return null;
  let byKey = kept.get(db);
  if (!byKey) kept.set(db, (byKey = new Map()));
  let statement = byKey.get(key) as T | undefined;
  if (statement === undefined) {
    statement = build();
    byKey.set(key, statement);
  }
  return statement;
}

/** A statement name for a text (one text, one name on every connection). */
export function statementNameOf(text: string): string {
  return `c${createHash('sha1').update(text).digest('hex').slice(0, 24)}`;
}

/** Prepares a Drizzle select under the name of its own text. */
export function prepareNamed<T>(query: { toSQL(): { sql: string }; prepare(name: string): T }): T {
  return query.prepare(statementNameOf(query.toSQL().sql));
}

/** A placeholder, typed for the conditions it stands in (`eq(t.id, placeholder('id'))`). */
export const placeholder = (name: string): Placeholder => sql.placeholder(name);
