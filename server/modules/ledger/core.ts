import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/connection';
import type { Book } from './book';
import { accountMovesByEntry, amountParam, commaList, entryColumns, entryValues, id, memo, q, type EntryMeta } from './book-sql';
import { closeLot, consumeLots, dueLots, openLot } from './lots';
import { recordEvent, type WebhookEvent } from '../webhooks/outbox';

export type { EntryMeta };

/**
 * The one posting algorithm of every book (README.md "One algorithm, several books"): guard the
 * member (share lock) -> lock or create the account -> replay by idempotency key -> expire the
 * due lots -> decide the deltas -> check (frozen, insufficient, bound, or cap at the balance) ->
 * one statement writing the entry and moving the account (its WHERE repeats the checks) -> take
 * from the lots oldest first, or open a lot. Every entry is append-only; the account moves in the
 * same statement as its entry, on the locked row, so each portion always equals the sum of its
 * entries' deltas, and the CHECKs of the tables make a negative portion impossible whatever the
 * code does.
 */

export interface LockedAccount {
  /** The account key (points: the member id; money: the account id). */
  readonly key: number;
  /** The portions, in the book's order. */
  readonly portions: readonly bigint[];
  readonly frozen: boolean;
}

export interface PostingInput<H> extends EntryMeta {
  readonly tx: DbOrTx;
  readonly tenantId: number;
  readonly holder: H;
  readonly now?: Date;
  /** Share-lock the holder's member row first; `requireInUse` refuses a member not in use. Absent: the caller guarded. */
  readonly guard?: { readonly requireInUse: boolean };
  /** A frozen account refuses every decrease; with this, increases too. */
  readonly refuseIncreaseWhenFrozen?: boolean;
  /** Take what the balance allows instead of refusing (a reversal); the shortfall goes into the remark. */
  readonly capAtBalance?: boolean;
  /** When a lot opened by this posting expires (null: never); undefined: the book's default. */
  readonly lotExpiresAt?: Date | null;
}

/** An entry as the core answers it: the parsed amounts and the whole row for the book's adapter. */
export interface PostedRow {
  readonly id: number;
  readonly deltas: readonly bigint[];
  readonly afters: readonly bigint[];
  readonly row: Record<string, unknown>;
  readonly replayed: boolean;
  /** On a fresh posting that took from lots: when the latest of those lots expires (null: one never does). */
  readonly lotsTakenExpireAt?: Date | null;
}

const sum = (values: readonly bigint[]) => values.reduce((a, b) => a + b, 0n);

function parseEntry<H>(book: Book<H>, row: Record<string, unknown>, replayed: boolean): PostedRow {
  return {
    id: Number(row.id),
    deltas: book.portions.map((p) => book.amount.fromSql(row[p.delta])),
    afters: book.portions.map((p) => book.amount.fromSql(row[p.after])),
    row,
    replayed,
  };
}

/**
 * Tells the member's webhooks of an entry (the book's event: points posted, stored value moved),
 * in the posting's transaction: every entry of a book is written by `writeEntry` or the
 * one-statement credit, and both call this. A card's entries announce nothing (a card is not a
 * member's account). Amounts as the column's text: whole points, yuan with two decimals.
 */
export async function announceEntry<H>(
  book: Book<H>,
  input: {
    tx: DbOrTx;
    tenantId: number;
    holder: H;
    entryId: number;
    meta: EntryMeta;
    deltas: readonly bigint[];
    afters: readonly bigint[];
  },
): Promise<void> {
  const event = entryEvent(book, input);
  if (event) await recordEvent(input.tx, { tenantId: input.tenantId, ...event });
}

/** The webhook event announcing an entry (`announceEntry`), or null for a holder that is no member (a card). */
export function entryEvent<H>(
  book: Book<H>,
  input: { holder: H; entryId: number; meta: EntryMeta; deltas: readonly bigint[]; afters: readonly bigint[] },
): WebhookEvent | null {
  const memberId = book.memberOf(input.holder);
  if (memberId === null) return null;
  const { meta } = input;
  return {
    type: book.webhookEvent,
    memberId,
    data: {
      memberId,
      entryId: input.entryId,
      kind: meta.kind,
      sourceType: meta.sourceType,
      sourceId: meta.sourceId ?? null,
      storeId: meta.storeId ?? null,
      amount: book.amount.toSql(sum(input.deltas)),
      balance: book.amount.toSql(sum(input.afters)),
    },
  };
}

/** An entry by id (a replay answers it). */
export async function readEntry<H>(book: Book<H>, tx: DbOrTx, tenantId: number, entryId: number): Promise<PostedRow> {
  const result = await tx.execute(sql`select * from ${id(book.tables.entries)} where tenant_id = ${tenantId} and id = ${entryId}`);
  return parseEntry(book, result.rows[0], true);
}

async function entryByKey<H>(book: Book<H>, tx: DbOrTx, tenantId: number, key: string): Promise<PostedRow | undefined> {
  const result = await tx.execute(sql`select * from ${id(book.tables.entries)}
    where tenant_id = ${tenantId} and idempotency_key = ${key}`);
  return result.rows.length > 0 ? parseEntry(book, result.rows[0], true) : undefined;
}

/** The member's state, its row locked for share unless `lock` is false (undefined: no such member). */
export async function memberState(input: { tx: DbOrTx; tenantId: number; memberId: number; lock?: boolean }): Promise<string | undefined> {
  const lock = input.lock === false ? sql`` : sql`for share`;
  const result = await input.tx.execute<{ state: string }>(sql`select state from members
    where tenant_id = ${input.tenantId} and id = ${input.memberId} ${lock}`);
  return result.rows.length === 0 ? undefined : String(result.rows[0].state);
}

/**
 * A member holder must exist and (with `requireInUse`) be in use. The member row is locked for
 * share unless `lock` is false: a freeze or a delete waits for postings in flight.
 */
export async function guardMember<H>(
  book: Book<H>,
  input: { tx: DbOrTx; tenantId: number; memberId: number; requireInUse: boolean; lock?: boolean },
): Promise<void> {
  const state = await memberState(input);
  if (state === undefined) throw book.errors.memberNotFound(input.memberId);
  if (input.requireInUse && state.toLowerCase() !== 'using') throw book.errors.memberBlocked(state);
}

/** Locks the holder's account row, creating it at zero first; answers its portions. */
export async function lockAccount<H>(book: Book<H>, input: { tx: DbOrTx; tenantId: number; holder: H }): Promise<LockedAccount> {
  const { tx, tenantId, holder } = input;
  const columns = memo(book, 'lockColumns', () => {
    const state = book.state ? `, ${q(book.state)} as state` : '';
    return sql.raw(
      `${q(book.accountKey)} as key, ${book.portions.map((p) => q(p.account)).join(', ')}${state} from ${q(book.tables.accounts)}`,
    );
  });
  const select = () => tx.execute(sql`select ${columns} where tenant_id = ${tenantId} and ${book.holderWhere(holder)} for update`);
  let result = await select();
  if (result.rows.length === 0) {
    await book.createAccount(tx, tenantId, holder);
    result = await select();
  }
  const row = result.rows[0];
  return {
    key: Number(row.key),
    portions: book.portions.map((p) => book.amount.fromSql(row[p.account])),
    frozen: row.state === 'FROZEN',
  };
}

/** The static text of a book's posting statement (see writeEntry). */
function postingShape<H>(book: Book<H>) {
  return memo(book, 'posting', () => {
    const afters = book.portions.map((p) => `cur.${q(p.after)}`);
    return {
      accounts: sql.raw(q(book.tables.accounts)),
      entries: sql.raw(q(book.tables.entries)),
      keyColumn: sql.raw(q(book.accountKey)),
      portions: book.portions.map((p) => ({ account: sql.raw(q(p.account)), after: sql.raw(q(p.after)) })),
      // Each portion stays >= 0 and the total within the bound: the WHERE repeats the code's checks.
      checks: sql.raw(
        `${afters.map((after) => `${after} >= 0`).join(' and ')} and ${afters.join(' + ')} <= ${book.amount.toSql(book.limit)}`,
      ),
      accountReturning: sql.raw(book.portions.map((p) => `a.${q(p.account)}`).join(', ')),
      // What the adapters read of a fresh entry (a replay reads the whole row).
      entryReturning: sql.raw(
        [
          'id',
          'kind',
          'occurred_at',
          'remark',
          'idempotency_key',
          ...book.entryOwnerColumns,
          ...book.portions.flatMap((p) => [p.delta, p.after]),
        ]
          .map(q)
          .join(', '),
      ),
      moved: sql.raw(book.portions.map((p) => `acct.${q(p.account)} = entry.${q(p.after)}`).join(' and ')),
    };
  });
}

/**
 * One statement: the entry first (its afters computed by the database from the locked row; the
 * WHERE repeats the checks, so no portion goes below zero nor the total above the bound even if
 * the code were wrong), then the account moves by the entry's deltas only if the entry went in.
 * A key used at the same moment by a posting for another holder makes the entry a no-op (the
 * unique index waits for that posting): nothing moves and no row is answered.
 */
async function writeEntry<H>(
  book: Book<H>,
  input: {
    tx: DbOrTx;
    tenantId: number;
    holder: H;
    key: number;
    deltas: readonly bigint[];
    meta: EntryMeta;
    now: Date;
    expiresAt?: Date | null;
  },
): Promise<(Record<string, unknown> & { moved: boolean }) | undefined> {
  const { tx, tenantId, key, meta, now } = input;
  const shape = postingShape(book);
  const d = input.deltas.map((delta) => amountParam(book, delta));
  const afters = commaList(shape.portions.map((p, i) => sql`${p.account} + ${d[i]} as ${p.after}`));
  const values = entryValues(book, {
    tenantId,
    holder: input.holder,
    key: sql`cur.key`,
    from: 'cur',
    deltas: d,
    meta,
    now,
    expiresAt: input.expiresAt,
  });
  const result = await tx.execute<Record<string, unknown> & { moved: boolean }>(sql`with cur as (
      select ${shape.keyColumn} as key, ${afters} from ${shape.accounts} where tenant_id = ${tenantId} and ${shape.keyColumn} = ${key}
    ), entry as (
      insert into ${shape.entries} (${entryColumns(book)})
      select ${values} from cur where ${shape.checks}
      on conflict (tenant_id, idempotency_key) where idempotency_key is not null do nothing
      returning ${shape.entryReturning}
    ), acct as (
      update ${shape.accounts} a set ${accountMovesByEntry(book, meta.kind)} from entry
      where a.tenant_id = ${tenantId} and a.${shape.keyColumn} = ${key}
      returning ${shape.accountReturning}
    )
    select entry.*, (${shape.moved}) as moved from entry left join acct on true`);
  const row = result.rows[0];
  if (row?.moved === true) {
    const entry = parseEntry(book, row, false);
    await announceEntry(book, { tx, tenantId, holder: input.holder, entryId: entry.id, meta, deltas: entry.deltas, afters: entry.afters });
  }
  return row;
}

/**
 * Expires the locked account's lots due at `now`: one `expire` entry per lot takes its remaining
 * off the lot portion (source: the book's expiry source; source id: the lot's entry id). Answers
 * the account as it is afterwards. A frozen account's lots expire too (expiry follows time).
 */
export async function expireDue<H>(
  book: Book<H>,
  input: { tx: DbOrTx; tenantId: number; holder: H; account: LockedAccount; now: Date },
): Promise<LockedAccount> {
  const { tx, tenantId, holder, now } = input;
  let portions = input.account.portions;
  const key = input.account.key;
  for (const lot of await dueLots(book, { tx, tenantId, key, now })) {
    const deltas = book.portions.map((_, i) => (i === book.lotPortion ? -lot.remaining : 0n));
    const meta: EntryMeta = { kind: 'expire', sourceType: book.expirySource, sourceId: String(lot.entryId) };
    const row = await writeEntry(book, { tx, tenantId, holder, key, deltas, meta, now });
    if (!row || row.moved !== true) throw new Error(`${book.unit} lot ${lot.entryId} of account ${key} could not expire`);
    await closeLot(book, tx, tenantId, lot.entryId);
    portions = parseEntry(book, row, false).afters;
  }
  return { ...input.account, portions };
}

/** The checks before the write: frozen, insufficient (or capped), per portion, the bound. Answers the deltas to post. */
function checked<H>(
  book: Book<H>,
  input: PostingInput<H>,
  account: LockedAccount,
  decided: readonly bigint[],
): { deltas: bigint[]; shortfall: bigint } {
  let deltas = [...decided];
  const decreases = deltas.some((delta) => delta < 0n);
  if (account.frozen && (decreases || input.refuseIncreaseWhenFrozen === true)) throw book.errors.accountFrozen();
  const balance = sum(account.portions);
  let shortfall = 0n;
  if (balance + sum(deltas) < 0n) {
    if (!input.capAtBalance) throw book.errors.insufficient(balance, -sum(deltas));
    // Each decreasing portion takes what it holds; the rest is the shortfall.
    deltas = deltas.map((delta, i) => (delta < 0n && account.portions[i] + delta < 0n ? -account.portions[i] : delta));
    shortfall = sum(deltas) - sum(decided);
  }
  deltas.forEach((delta, i) => {
    if (account.portions[i] + delta < 0n) throw book.errors.portionInsufficient(i, account.portions[i], -delta);
  });
  if (balance + sum(deltas) > book.limit) throw book.errors.balanceLimit(balance, sum(deltas));
  return { deltas, shortfall };
}

/**
 * Posts one change: `decide` picks the deltas from the locked (and expired) portions. Throws the
 * book's refusals (values with the numbers), and changes nothing then.
 */
export async function post<H>(book: Book<H>, input: PostingInput<H>, decide: (account: LockedAccount) => bigint[]): Promise<PostedRow> {
  const { tx, tenantId, holder } = input;
  const now = input.now ?? new Date();
  const memberId = book.memberOf(holder);
  if (input.guard && memberId !== null) await guardMember(book, { tx, tenantId, memberId, requireInUse: input.guard.requireInUse });
  const locked = await lockAccount(book, { tx, tenantId, holder });
  // The account lock serialises replays of one key for one holder.
  const earlier = input.idempotencyKey ? await entryByKey(book, tx, tenantId, input.idempotencyKey) : undefined;
  if (earlier) return earlier;
  const account = await expireDue(book, { tx, tenantId, holder, account: locked, now });
  const { deltas, shortfall } = checked(book, input, account, decide(account));
  const remark = shortfall === 0n ? input.remark : [input.remark, `shortfall ${book.amount.toSql(shortfall)}`].filter(Boolean).join('; ');
  const lotDelta = deltas[book.lotPortion];
  const expiresAt =
    lotDelta > 0n ? (input.lotExpiresAt !== undefined ? input.lotExpiresAt : await book.defaultLotExpiry(tx, tenantId, holder, now)) : null;
  const row = await writeEntry(book, { tx, tenantId, holder, key: account.key, deltas, meta: { ...input, remark }, now, expiresAt });
  if (!row && input.idempotencyKey) {
    const raced = await entryByKey(book, tx, tenantId, input.idempotencyKey);
    if (raced) return raced;
  }
  if (!row || row.moved !== true) throw new Error(`${book.unit} account ${account.key} moved while locked`);
  const posted = parseEntry(book, row, false);
  if (lotDelta < 0n) {
    const lotsTakenExpireAt = await consumeLots(book, { tx, tenantId, key: account.key, amount: -lotDelta });
    return { ...posted, lotsTakenExpireAt };
  }
  if (lotDelta > 0n) {
    await openLot(book, { tx, tenantId, key: account.key, entryId: posted.id, amount: lotDelta, givenAt: now, expiresAt });
    // A lot given with its expiry already passed (a refund of gift that has expired since)
    // expires at once, by its own entry after this one; the answer shows the portions after it.
    if (expiresAt !== null && expiresAt <= now) {
      const after = await expireDue(book, { tx, tenantId, holder, account: { ...account, portions: posted.afters }, now });
      return { ...posted, afters: after.portions };
    }
  }
  return posted;
}
