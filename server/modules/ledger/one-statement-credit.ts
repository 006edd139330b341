import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/connection';
import type { Book, EntryMeta } from './book';
import { announceEntry, entryEvent } from './core';
import { recordEvents, type WebhookEvent } from '../webhooks/outbox';
import { amountParam, commaList, creditCounters, entryColumns, entryValues, id, memo, q } from './book-sql';

/**
 * The hot path of a credit (a sale's points): ONE statement that creates or moves the account
 * (its row lock is the only lock, held from this statement to the commit), inserts the entry and
 * its lot, and runs the caller's own writes (`also`) reading the entry from the `entry` CTE.
 * Only for a holder with no lot due (`prepareCredit`) and a book that declares
 * `upsert` (points; a money account is created under the lock with the member's copies).
 */

/**
 * Before the account lock: whether the member may transact (in use) and whether any of the
 * holder's lots is due at `now`, with the caller's own `columns` of the member row `m` (the sale's
 * growth facts), in one statement instead of a guard, a lock and an expiry scan under the lock.
 * The member row is share locked so a freeze waits for the posting, unless the caller has locked
 * it already (`locked`: the sale takes it in its idempotency key's claim).
 */
export async function prepareCredit<H>(
  book: Book<H>,
  input: { tx: DbOrTx; tenantId: number; holder: H; memberId: number; now: Date; columns?: SQL; locked?: boolean },
): Promise<{ dueLots: boolean; row: Record<string, unknown> }> {
  const { tx, tenantId, now } = input;
  const result = await tx.execute<{ state: string; due: boolean }>(sql`select m.state,
      exists (select 1 from ${id(book.tables.lots)} l where l.tenant_id = ${tenantId}
        and l.${id(book.lots.owner)} = ${book.holderKey(tenantId, input.holder)}
        and l.remaining > 0 and l.expires_at <= ${now}) as due ${input.columns ? sql`, ${input.columns}` : sql``}
    from members m where m.tenant_id = ${tenantId} and m.id = ${input.memberId} ${input.locked ? sql`` : sql`for share of m`}`);
  const row = result.rows[0];
  if (!row) throw book.errors.memberNotFound(input.memberId);
  const state = String(row.state);
  if (state.toLowerCase() !== 'using') throw book.errors.memberBlocked(state);
  return { dueLots: row.due === true, row };
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
  const { tx, tenantId, now, meta } = input;
  const shape = creditShape(book, meta.kind);
  const d = amountParam(book, input.amount);
  const upsert = book.upsert;
  if (!upsert) throw new Error(`the ${book.unit} book has no one-statement credit`);
  // A new account: the owner, the lot portion (and total) and the counters at the amount, one entry, the time.
  const accountValues = commaList([
    sql`${tenantId}`,
    ...upsert.ownerValues(input.holder),
    ...shape.amountColumns.map(() => d),
    ...(book.entryCount ? [shape.one] : []),
    ...shape.timeColumns.map(() => sql`${now}`),
  ]);
  const deltas = book.portions.map((_, i) => (i === book.lotPortion ? d : shape.zero));
  const key = sql`acct.${id(book.accountKey)}`;
  const entry = entryValues(book, { tenantId, holder: input.holder, key, from: 'acct', deltas, meta, now, expiresAt: input.expiresAt });
  const lotValues = commaList([
    sql`${tenantId}, entry.id, entry.${id(book.lots.ownerInEntry)}, ${d}, ${input.expiresAt}::timestamptz`,
    ...(book.lots.amount ? [d] : []),
    ...(book.lots.givenAt ? [sql`${now}`] : []),
  ]);
  const result = await tx.execute<Record<string, unknown> & { answer: A }>(sql`with acct as (
      insert into ${shape.accountInsert} values (${accountValues})
      ${shape.onConflict}
    ), entry as (
      insert into ${shape.entries} (${entryColumns(book)})
      select ${entry} from acct
      ${shape.entryReturning}
    ), lot as (
      insert into ${shape.lotInsert} select ${lotValues} from entry
    ), ${input.also.ctes}
    select ${shape.answerColumns}, ${input.also.answer} as answer from entry`);
  const row = result.rows[0];
  if (!row) return undefined;
  const afters = book.portions.map((p) => book.amount.fromSql(row[p.after]));
  const moved = book.portions.map((_, i) => (i === book.lotPortion ? input.amount : 0n));
  await announceEntry(book, { tx, tenantId, holder: input.holder, entryId: Number(row.id), meta, deltas: moved, afters });
  return { row, answer: row.answer };
}

/**
 * The one-statement credit for many holders at once, each credited the same `amount` (a group
 * send's batch of points): ONE statement upserts every account in key order (the accounts' lock
 * order), inserts each moved account's entry with its own idempotency key and its lot, and one
 * outbox statement announces the entries. For a book whose account is named by one owner column
 * (its key, points: `member_id`), and holders with no lot due (`prepareCredit`'s question, the
 * caller's to ask). Answers each credited holder's entry by account key; a holder whose account
 * would pass the book's bound is not moved and is missing from the answer. An idempotency key
 * used before fails the statement (unique violation): the caller posts one by one instead.
 */
export async function creditManyInOneStatement<H>(
  book: Book<H>,
  input: {
    tx: DbOrTx;
    tenantId: number;
    holders: readonly { readonly holder: H; readonly key: number; readonly idempotencyKey: string }[];
    amount: bigint;
    meta: Omit<EntryMeta, 'idempotencyKey'>;
    now: Date;
    expiresAt: Date | null;
  },
): Promise<Map<number, { id: number; afters: bigint[] }>> {
  const { tx, tenantId, now, meta } = input;
  const credited = new Map<number, { id: number; afters: bigint[] }>();
  if (input.holders.length === 0) return credited;
  const upsert = book.upsert;
  if (!upsert || upsert.ownerColumns.length !== 1 || book.entryOwnerColumns.length !== 1)
    throw new Error(`the ${book.unit} book has no credit for many holders`);
  const shape = creditShape(book, meta.kind);
  const d = amountParam(book, input.amount);
  const accountValues = commaList([
    sql`${tenantId}`,
    sql`h.k`,
    ...shape.amountColumns.map(() => d),
    ...(book.entryCount ? [shape.one] : []),
    ...shape.timeColumns.map(() => sql`${now}`),
  ]);
  const deltas = book.portions.map((_, i) => (i === book.lotPortion ? d : shape.zero));
  const key = sql`acct.${id(book.accountKey)}`;
  const entry = entryValues(book, {
    tenantId,
    holder: input.holders[0].holder,
    key,
    owner: [key],
    idempotencyKey: sql`h.idem`,
    from: 'acct',
    deltas,
    meta,
    now,
    expiresAt: input.expiresAt,
  });
  const lotValues = commaList([
    sql`${tenantId}, entry.id, entry.${id(book.lots.ownerInEntry)}, ${d}, ${input.expiresAt}::timestamptz`,
    ...(book.lots.amount ? [d] : []),
    ...(book.lots.givenAt ? [sql`${now}`] : []),
  ]);
  const keys = `{${input.holders.map((h) => h.key).join(',')}}`;
  const idems = `{${input.holders.map((h) => `"${h.idempotencyKey.replace(/["\\]/g, '\\$&')}"`).join(',')}}`;
  const result = await tx.execute<Record<string, unknown>>(sql`with h as (
      select * from unnest(${keys}::bigint[], ${idems}::text[]) as h(k, idem)
    ), acct as (
      insert into ${shape.accountInsert} select ${accountValues} from h order by h.k
      ${shape.onConflict}
    ), entry as (
      insert into ${shape.entries} (${entryColumns(book)})
      select ${entry} from acct join h on h.k = ${key}
      ${shape.entryReturning}
    ), lot as (
      insert into ${shape.lotInsert} select ${lotValues} from entry
    )
    select ${shape.answerColumns}, entry.${id(book.lots.ownerInEntry)} as owner from entry`);
  const holderOf = new Map(input.holders.map((h) => [h.key, h.holder]));
  const moved = book.portions.map((_, i) => (i === book.lotPortion ? input.amount : 0n));
  const events: WebhookEvent[] = [];
  for (const row of result.rows) {
    const owner = Number(row.owner);
    const afters = book.portions.map((p) => book.amount.fromSql(row[p.after]));
    credited.set(owner, { id: Number(row.id), afters });
    const event = entryEvent(book, { holder: holderOf.get(owner)!, entryId: Number(row.id), meta, deltas: moved, afters });
    if (event) events.push(event);
  }
  await recordEvents(tx, { tenantId, events });
  return credited;
}

/** The static text of a book's one-statement credit for entries of `kind`. */
function creditShape<H>(book: Book<H>, kind: string) {
  return memo(book, `credit:${kind}`, () => {
    const upsert = book.upsert;
    if (!upsert) throw new Error(`the ${book.unit} book has no one-statement credit`);
    const lot = book.portions[book.lotPortion].account;
    const amountColumns = [lot, ...(book.total ? [book.total.account] : []), ...creditCounters(book, kind)];
    const timeColumns = book.touched;
    const columns = ['tenant_id', ...upsert.ownerColumns, ...amountColumns, ...(book.entryCount ? [book.entryCount] : []), ...timeColumns];
    const sets = [
      ...amountColumns.map((c) => `${q(c)} = a.${q(c)} + excluded.${q(c)}`),
      ...(book.entryCount ? [`${q(book.entryCount)} = a.${q(book.entryCount)} + 1`] : []),
      ...timeColumns.map((c) => `${q(c)} = excluded.${q(c)}`),
    ];
    const total = book.portions.map((p) => `a.${q(p.account)}`).join(' + ');
    const afters = book.portions.map((p) => q(p.after));
    const lotColumns = ['tenant_id', 'entry_id', book.lots.owner, 'remaining', 'expires_at', book.lots.amount, book.lots.givenAt];
    return {
      amountColumns,
      timeColumns,
      zero: sql.raw(`0::${book.amount.sqlType}`),
      /** The entry count of a new account. */
      one: sql.raw('1'),
      accountInsert: sql.raw(`${q(book.tables.accounts)} as a (${columns.map(q).join(', ')})`),
      onConflict: sql.raw(
        `on conflict ${upsert.conflict} do update set ${sets.join(', ')}
        where ${total} + excluded.${q(lot)} <= ${book.amount.toSql(book.limit)}
        returning ${[book.accountKey, ...book.portions.map((p) => p.account)].map(q).join(', ')}`,
      ),
      entries: sql.raw(q(book.tables.entries)),
      entryReturning: sql.raw(`returning id, ${[...afters, q(book.lots.ownerInEntry)].join(', ')}`),
      lotInsert: sql.raw(
        `${q(book.tables.lots)} (${lotColumns
          .filter((c): c is string => c !== undefined)
          .map(q)
          .join(', ')})`,
      ),
      answerColumns: sql.raw(`entry.id, ${afters.map((a) => `entry.${a}`).join(', ')}`),
    };
  });
}
