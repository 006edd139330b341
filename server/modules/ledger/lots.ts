import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/connection';
import type { Book } from './book';
import { amountParam, id } from './book-sql';

/**
 * The lots of a book (README.md "Lots"): every entry that adds to the lot portion opens a lot,
 * every entry that takes from it takes from the lots oldest given first, and a lot due expires
 * by an `expire` entry (core.ts). Only ever touched under the account's row lock, so the lot
 * portion always equals the sum of the account's lots' remaining.
 */

interface LotKey {
  readonly tx: DbOrTx;
  readonly tenantId: number;
  /** The account key (the lots' owner column). */
  readonly key: number;
}

/** Opens the lot of entry `entryId`, which gave `amount`. */
export async function openLot<H>(
  book: Book<H>,
  input: LotKey & { entryId: number; amount: bigint; givenAt: Date; expiresAt: Date | null },
): Promise<void> {
  const { lots } = book;
  const columns = [sql`tenant_id, entry_id, ${id(lots.owner)}, remaining, expires_at`];
  const values = [
    sql`${input.tenantId}, ${input.entryId}, ${input.key}, ${amountParam(book, input.amount)}, ${input.expiresAt}::timestamptz`,
  ];
  if (lots.amount) {
    columns.push(sql`${id(lots.amount)}`);
    values.push(amountParam(book, input.amount));
  }
  if (lots.givenAt) {
    columns.push(sql`${id(lots.givenAt)}`);
    values.push(sql`${input.givenAt}`);
  }
  await input.tx.execute(sql`insert into ${id(book.tables.lots)} (${sql.join(columns, sql`, `)}) values (${sql.join(values, sql`, `)})`);
}

/**
 * Takes `amount` from the account's lots, oldest given first, in one statement. Answers when the
 * latest of the lots it took from expires (null: one of them never expires).
 */
export async function consumeLots<H>(book: Book<H>, input: LotKey & { amount: bigint }): Promise<Date | null> {
  const { tx, tenantId, key } = input;
  const table = id(book.tables.lots);
  const owner = id(book.lots.owner);
  const amount = amountParam(book, input.amount);
  const result = await tx.execute<{ taken: string | null; forever: boolean | null; latest: string | Date | null }>(sql`with lots as (
      select entry_id, remaining, expires_at, sum(remaining) over (order by entry_id) - remaining as before
      from ${table} where tenant_id = ${tenantId} and ${owner} = ${key} and remaining > 0
    ), take as (
      select entry_id, expires_at, least(remaining, ${amount} - before) as take from lots where before < ${amount}
    ), moved as (
      update ${table} l set remaining = l.remaining - take.take from take
      where l.tenant_id = ${tenantId} and l.entry_id = take.entry_id returning l.entry_id
    )
    select sum(take) as taken, bool_or(expires_at is null) as forever, max(expires_at) as latest from take`);
  const row = result.rows[0];
  // The lots always sum to the lot portion, so a decrease the portion allows is always covered.
  if (!row || row.taken === null || book.amount.fromSql(row.taken) !== input.amount) {
    throw new Error(`${book.unit} lots of account ${key} do not cover ${book.amount.toSql(input.amount)}`);
  }
  return row.forever === true || row.latest === null ? null : new Date(row.latest);
}

/** The account's lots due at `now` (remaining > 0, expiry reached), oldest first. */
export async function dueLots<H>(book: Book<H>, input: LotKey & { now: Date }): Promise<{ entryId: number; remaining: bigint }[]> {
  const result = await input.tx.execute<{ entry_id: number; remaining: string }>(sql`select entry_id, remaining
    from ${id(book.tables.lots)} where tenant_id = ${input.tenantId} and ${id(book.lots.owner)} = ${input.key}
      and remaining > 0 and expires_at <= ${input.now}
    order by entry_id`);
  return result.rows.map((row) => ({ entryId: Number(row.entry_id), remaining: book.amount.fromSql(row.remaining) }));
}

/** Empties a lot that has expired (its remaining went off by an `expire` entry). */
export async function closeLot<H>(book: Book<H>, tx: DbOrTx, tenantId: number, entryId: number): Promise<void> {
  await tx.execute(sql`update ${id(book.tables.lots)} set remaining = 0 where tenant_id = ${tenantId} and entry_id = ${entryId}`);
}
