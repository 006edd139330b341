import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/connection';
import type { Book } from './book';
import { accountMoves, amountParam, countersMoved, entryValues, id, idList, type EntryMeta } from './book-sql';

/**
 * The hot path of a credit (a sale's points): ONE statement that creates or moves the account
 * (its row lock is the only lock, held from this statement to the commit), inserts the entry and
 * its lot, and runs the caller's own writes (`also`) reading the entry from the `entry` CTE.
 * Only for a holder with no lot due (`prepareCredit`) and a book that declares
 * `upsert` (points; a money account is created under the lock with the member's copies).
 */

/**
 * Before the account lock: whether the member may transact (in use; the member row is share
 * locked so a freeze waits for the posting) and whether any of the holder's lots is due at `now`.
 * One statement instead of a guard, a lock and an expiry scan under the lock.
 */
export async function prepareCredit<H>(
  book: Book<H>,
  input: { tx: DbOrTx; tenantId: number; holder: H; memberId: number; now: Date },
): Promise<{ dueLots: boolean }> {
  const { tx, tenantId, now } = input;
  const result = await tx.execute<{ state: string; due: boolean }>(sql`select m.state,
      exists (select 1 from ${id(book.tables.lots)} l where l.tenant_id = ${tenantId}
        and l.${id(book.lots.owner)} = ${book.holderKey(tenantId, input.holder)}
        and l.remaining > 0 and l.expires_at <= ${now}) as due
    from members m where m.tenant_id = ${tenantId} and m.id = ${input.memberId} for share of m`);
  if (result.rows.length === 0) throw book.errors.memberNotFound(input.memberId);
  const state = String(result.rows[0].state);
  if (state.toLowerCase() !== 'using') throw book.errors.memberBlocked(state);
  return { dueLots: result.rows[0].due === true };
}

export interface OneStatementCredit<H> {
  readonly tx: DbOrTx;
  readonly tenantId: number;
  readonly holder: H;
  /** Above zero, within the book's bound per posting (the caller checks). */
  readonly amount: bigint;
  readonly meta: Omit<EntryMeta, 'idempotencyKey'>;
  readonly now: Date;
  readonly expiresAt: Date | null;
  /** Further CTEs after `entry` (`name as (…)`, comma-separated), and the `answer` expression. */
  readonly also: { readonly ctes: SQL; readonly answer: SQL };
}

/**
 * Credits the lot portion in one statement. Answers the entry row (`id` and the portions'
 * afters) with what `also` selects as `answer`, or undefined when the account would pass the
 * book's bound (nothing was written; the caller answers the refusal).
 */
export async function creditInOneStatement<H, A>(
  book: Book<H>,
  input: OneStatementCredit<H>,
): Promise<{ row: Record<string, unknown>; answer: A } | undefined> {
  const { tx, tenantId, amount, now, meta } = input;
  const upsert = book.upsert;
  if (!upsert) throw new Error(`the ${book.unit} book has no one-statement credit`);
  const owner = upsert.owner(input.holder);
  const deltas = book.portions.map((_, i) => (i === book.lotPortion ? amount : 0n));
  const d = amountParam(book, amount);
  const lotColumn = book.portions[book.lotPortion];
  // A new account: the owner, the lot portion (and total) at the amount, the counters it moves, one entry.
  const columns: SQL[] = [sql`tenant_id`, ...owner.map(([column]) => id(column)), id(lotColumn.account)];
  const values: SQL[] = [sql`${tenantId}`, ...owner.map(([, value]) => value), d];
  if (book.total) {
    columns.push(id(book.total.account));
    values.push(d);
  }
  for (const counter of countersMoved(book, deltas, meta.kind)) {
    columns.push(id(counter.column));
    values.push(amountParam(book, counter.by));
  }
  if (book.entryCount) {
    columns.push(id(book.entryCount));
    values.push(sql`1`);
  }
  for (const column of book.touched) {
    columns.push(id(column));
    values.push(sql`${now}`);
  }
  const total = sql.join(
    book.portions.map((p) => sql`a.${id(p.account)}`),
    sql` + `,
  );
  const entry = entryValues(book, {
    tenantId,
    holder: input.holder,
    from: 'acct',
    key: sql`acct.${id(book.accountKey)}`,
    deltas,
    meta,
    now,
    expiresAt: input.expiresAt,
  });
  const afters = idList(book.portions.map((p) => p.after));
  const lotExtra = [book.lots.amount, book.lots.givenAt].filter((column): column is string => column !== undefined);
  const lotExtraValues = [book.lots.amount ? d : undefined, book.lots.givenAt ? sql`${now}` : undefined].filter(
    (value): value is SQL => value !== undefined,
  );
  const result = await tx.execute<Record<string, unknown> & { answer: A }>(sql`with acct as (
      insert into ${id(book.tables.accounts)} as a (${sql.join(columns, sql`, `)})
      values (${sql.join(values, sql`, `)})
      on conflict ${sql.raw(upsert.conflict)} do update
        set ${sql.join(accountMoves({ book, deltas, kind: meta.kind, now, prefix: 'a' }), sql`, `)}
        where ${total} + ${d} <= ${amountParam(book, book.limit)}
      returning ${idList([book.accountKey, ...book.portions.map((p) => p.account)])}
    ), entry as (
      insert into ${id(book.tables.entries)} (${entry.columns})
      select ${entry.values} from acct
      returning id, ${afters}, ${id(book.lots.ownerInEntry)}
    ), lot as (
      insert into ${id(book.tables.lots)} (tenant_id, entry_id, ${id(book.lots.owner)}, remaining, expires_at${
        lotExtra.length > 0 ? sql`, ${idList(lotExtra)}` : sql``
      })
      select ${tenantId}, entry.id, entry.${id(book.lots.ownerInEntry)}, ${d}, ${input.expiresAt}::timestamptz${
        lotExtraValues.length > 0 ? sql`, ${sql.join(lotExtraValues, sql`, `)}` : sql``
      } from entry
    ), ${input.also.ctes}
    select entry.id, ${sql.join(
      book.portions.map((p) => sql`entry.${id(p.after)}`),
      sql`, `,
    )}, ${input.also.answer} as answer from entry`);
  const row = result.rows[0];
  return row ? { row, answer: row.answer } : undefined;
}
