import { sql, type SQL } from 'drizzle-orm';
import type { Book, EntryMeta } from './book';

export type { EntryMeta };

/** SQL pieces named by a book: identifiers and typed amount parameters. */

export const id = (name: string): SQL => sql`${sql.identifier(name)}`;

/** A minor-unit amount as a typed parameter of the book's column type. */
export function amountParam<H>(book: Book<H>, amount: bigint): SQL {
  return sql`${book.amount.toSql(amount)}${sql.raw(`::${book.amount.sqlType}`)}`;
}

/** `a, b, c` of identifiers. */
export const idList = (names: readonly string[]): SQL =>
  sql.join(
    names.map((name) => id(name)),
    sql`, `,
  );

/** The account columns a posting sets besides the portions: total, counters, entry count, timestamps. */
export function accountMoves<H>(input: { book: Book<H>; deltas: readonly bigint[]; kind: string; now: Date; prefix?: string }): SQL[] {
  const { book, deltas, kind, now } = input;
  const ref = (column: string) => (input.prefix ? sql`${id(input.prefix)}.${id(column)}` : id(column));
  const sets: SQL[] = book.portions.map((p, i) => sql`${id(p.account)} = ${ref(p.account)} + ${amountParam(book, deltas[i])}`);
  if (book.total) {
    const sum = deltas.reduce((a, b) => a + b, 0n);
    sets.push(sql`${id(book.total.account)} = ${ref(book.total.account)} + ${amountParam(book, sum)}`);
  }
  for (const counter of countersMoved(book, deltas, kind)) {
    sets.push(sql`${id(counter.column)} = ${ref(counter.column)} + ${amountParam(book, counter.by)}`);
  }
  if (book.entryCount) sets.push(sql`${id(book.entryCount)} = ${ref(book.entryCount)} + 1`);
  for (const column of book.touched) sets.push(sql`${id(column)} = ${now}`);
  return sets;
}

/** The counters an entry of `kind` with `deltas` moves, and by how much (zero moves are left out). */
export function countersMoved<H>(book: Book<H>, deltas: readonly bigint[], kind: string): { column: string; by: bigint }[] {
  const moved: { column: string; by: bigint }[] = [];
  for (const counter of book.counters) {
    if (counter.kinds === 'expire' && kind !== 'expire') continue;
    if (counter.kinds === 'notExpire' && kind === 'expire') continue;
    const delta = deltas[counter.portion];
    const by = counter.direction === 'in' ? (delta > 0n ? delta : 0n) : delta < 0n ? -delta : 0n;
    if (by !== 0n) moved.push({ column: counter.column, by });
  }
  return moved;
}

/**
 * The column list and the select list of an entry insert (`insert into entries (columns) select
 * values from <from>`): the owner, each portion's delta and after (read from the CTE `from`, which
 * answers the portions' afters under the entry's after column names, or under the account's
 * column names when it is the account row itself), the total after, the lot's expiry, the meta.
 */
export function entryValues<H>(
  book: Book<H>,
  input: {
    tenantId: number;
    holder: H;
    /** The CTE the afters are read from, and whether it names them as the entry (`cur`) or as the account (`acct`). */
    from: 'cur' | 'acct';
    key: SQL;
    deltas: readonly bigint[];
    meta: EntryMeta;
    now: Date;
    expiresAt?: Date | null;
  },
): { columns: SQL; values: SQL } {
  const { meta } = input;
  const after = (i: number) => sql`${id(input.from)}.${id(input.from === 'cur' ? book.portions[i].after : book.portions[i].account)}`;
  const columns: SQL[] = [sql`tenant_id`];
  const values: SQL[] = [sql`${input.tenantId}`];
  for (const [column, value] of book.entryOwner(input.holder, input.key)) {
    columns.push(id(column));
    values.push(value);
  }
  book.portions.forEach((p, i) => {
    columns.push(id(p.delta), id(p.after));
    values.push(amountParam(book, input.deltas[i]), after(i));
  });
  if (book.total) {
    columns.push(id(book.total.after));
    values.push(
      sql.join(
        book.portions.map((_, i) => after(i)),
        sql` + `,
      ),
    );
  }
  if (book.entryExpiresAt) {
    columns.push(id(book.entryExpiresAt));
    values.push(sql`${input.expiresAt ?? null}::timestamptz`);
  }
  columns.push(sql`kind, channel, source_type, source_id, store_id, operator_id, occurred_at, remark, idempotency_key`);
  values.push(sql`${meta.kind}, ${meta.channel ?? null}, ${meta.sourceType}, ${meta.sourceId ?? null}, ${meta.storeId ?? null}::bigint,
    ${meta.operatorId ?? null}::bigint, ${input.now}, ${meta.remark ?? null}, ${meta.idempotencyKey ?? null}`);
  return { columns: sql.join(columns, sql`, `), values: sql.join(values, sql`, `) };
}
