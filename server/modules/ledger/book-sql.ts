import { sql, type SQL } from 'drizzle-orm';
import { quotedIdentifier } from '../../db/sql-text';
import type { Book, EntryMeta } from './book';

export type { EntryMeta };

/**
 * SQL pieces named by a book. The names are the book's constants, so every piece of text that
 * does not depend on the posting (column lists, the account's moves, the checks) is rendered once
 * per book into raw text and kept: a posting's statement is then a few text pieces around its
 * parameters, as cheap to build as a hand-written one (the sale's hot path builds one per sale).
 */

/** A quoted identifier as text. */
export const q = quotedIdentifier;

const cache = new WeakMap<object, Map<string, unknown>>();

/** `build()` once per book and key. */
export function memo<T>(book: object, key: string, build: () => T): T {
  let byKey = cache.get(book);
  if (!byKey) {
    byKey = new Map();
    cache.set(book, byKey);
  }
  if (!byKey.has(key)) byKey.set(key, build());
  return byKey.get(key) as T;
}

const quotedIds = {};
/** A quoted identifier as SQL (kept per name). */
export const id = (name: string): SQL => memo(quotedIds, name, () => sql.raw(q(name)));

/** A minor-unit amount as a typed parameter of the book's column type. */
export function amountParam<H>(book: Book<H>, amount: bigint): SQL {
  return sql`${book.amount.toSql(amount)}${memo(book, 'cast', () => sql.raw(`::${book.amount.sqlType}`))}`;
}

/** Pieces joined by `, `. */
export const commaList = (pieces: readonly SQL[]): SQL => sql.join([...pieces], sql.raw(', '));

/**
 * The account's moves by the entry just written (CTE `entry`, account aliased `a`): each portion
 * by its delta, the total, the counters that entries of this kind move (`greatest` of the delta
 * or of its opposite, so the text is the same whatever the amounts), the entry count, the
 * timestamps at the entry's time.
 */
export function accountMovesByEntry<H>(book: Book<H>, kind: string): SQL {
  const kindClass = kind === 'expire' ? 'expire' : 'notExpire';
  return memo(book, `movesByEntry:${kindClass}`, () => {
    const sets = book.portions.map((p) => `${q(p.account)} = a.${q(p.account)} + entry.${q(p.delta)}`);
    if (book.total) {
      const sum = book.portions.map((p) => `entry.${q(p.delta)}`).join(' + ');
      sets.push(`${q(book.total.account)} = a.${q(book.total.account)} + ${sum}`);
    }
    for (const counter of book.counters) {
      if (counter.kinds !== undefined && counter.kinds !== kindClass) continue;
      const delta = `entry.${q(book.portions[counter.portion].delta)}`;
      const part = counter.direction === 'in' ? `greatest(${delta}, 0)` : `greatest(-${delta}, 0)`;
      sets.push(`${q(counter.column)} = a.${q(counter.column)} + ${part}`);
    }
    if (book.entryCount) sets.push(`${q(book.entryCount)} = a.${q(book.entryCount)} + 1`);
    for (const column of book.touched) sets.push(`${q(column)} = entry.occurred_at`);
    return sql.raw(sets.join(', '));
  });
}

/** The counters a credit of the lot portion moves (every `in` counter of that portion that entries of `kind` move). */
export function creditCounters<H>(book: Book<H>, kind: string): readonly string[] {
  const kindClass = kind === 'expire' ? 'expire' : 'notExpire';
  return memo(book, `creditCounters:${kindClass}`, () =>
    book.counters
      .filter((c) => c.portion === book.lotPortion && c.direction === 'in' && (c.kinds === undefined || c.kinds === kindClass))
      .map((c) => c.column),
  );
}

/** The entry's column list: tenant, owner, each portion's delta and after, total after, lot expiry, the meta. */
export function entryColumns<H>(book: Book<H>): SQL {
  return memo(book, 'entryColumns', () => {
    const columns = ['tenant_id', ...book.entryOwnerColumns, ...book.portions.flatMap((p) => [p.delta, p.after])];
    if (book.total) columns.push(book.total.after);
    if (book.entryExpiresAt) columns.push(book.entryExpiresAt);
    columns.push('kind', 'channel', 'source_type', 'source_id', 'store_id', 'operator_id', 'occurred_at', 'remark', 'idempotency_key');
    return sql.raw(columns.map(q).join(', '));
  });
}

/**
 * The select list of an entry insert matching `entryColumns`: the owner (the account key given
 * as SQL), the deltas, the afters read from `from` (`cur` answers them under the entry's after
 * names, `acct` under the account's column names), the total after, the lot's expiry, the meta.
 */
export function entryValues<H>(
  book: Book<H>,
  input: {
    tenantId: number;
    holder: H;
    key: SQL;
    from: 'cur' | 'acct';
    deltas: readonly SQL[];
    meta: EntryMeta;
    now: Date;
    expiresAt?: Date | null;
    /** The owner columns' values as SQL, instead of the holder's (an entry per row of a statement for many holders). */
    owner?: readonly SQL[];
    /** The idempotency key as SQL, instead of the meta's (idem). */
    idempotencyKey?: SQL;
  },
): SQL {
  const { meta } = input;
  const afters = memo(book, `afters:${input.from}`, () =>
    book.portions.map((p) => sql.raw(`${input.from}.${q(input.from === 'cur' ? p.after : p.account)}`)),
  );
  const values: SQL[] = [sql`${input.tenantId}`, ...(input.owner ?? book.entryOwnerValues(input.holder, input.key))];
  book.portions.forEach((_, i) => values.push(input.deltas[i], afters[i]));
  if (book.total) {
    values.push(memo(book, `total:${input.from}`, () => sql.join(afters, sql.raw(' + '))));
  }
  if (book.entryExpiresAt) values.push(sql`${input.expiresAt ?? null}::timestamptz`);
  values.push(sql`${meta.kind}, ${meta.channel ?? null}, ${meta.sourceType}, ${meta.sourceId ?? null}, ${meta.storeId ?? null}::bigint,
    ${meta.operatorId ?? null}::bigint, ${input.now}, ${meta.remark ?? null}, ${input.idempotencyKey ?? sql`${meta.idempotencyKey ?? null}`}`);
  return commaList(values);
}
