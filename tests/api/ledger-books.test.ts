import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient, TestTenant } from '../helpers/fixtures';
import { createMembers, startPointsScene } from '../helpers/points-fixtures';
import type { TestApp } from '../helpers/test-app';
import { AppError } from '../../server/http/envelope';
import type { Book } from '../../server/modules/ledger/book';
import { post, type PostingInput } from '../../server/modules/ledger/core';
import { MONEY_BOOK } from '../../server/modules/ledger/money.book';
import { POINTS_BOOK } from '../../server/modules/ledger/points.book';

/**
 * One posting algorithm, two books: the same sequence (a credit with an expiry, a credit without,
 * a replay by key, a spend taking the oldest lot first, the expiry at its exact second, a refusal
 * with the numbers that changes nothing, a reversal capped at the balance) runs on the points book
 * and on the money book, and after every step the lot portion of the account equals the sum of its
 * entries and the sum of its lots' remaining.
 */

let t: TestApp;
let tenant: TestTenant;
let admin: ApiClient;

beforeAll(async () => {
  ({ t, tenant, admin } = await startPointsScene());
});
afterAll(async () => t?.close());

interface Case<H> {
  readonly book: Book<H>;
  readonly holder: (memberId: number) => H;
  /** The refusal's values as the book shows amounts (points as numbers, money as 2-decimal text). */
  readonly shown: (minor: number) => number | string;
}

const cases = [
  { book: POINTS_BOOK, holder: (memberId: number) => ({ memberId }), shown: (minor: number) => minor },
  {
    book: MONEY_BOOK,
    holder: (memberId: number) => ({ kind: 'member' as const, memberId }),
    shown: (minor: number) => (minor / 100).toFixed(2),
  },
] as const;

const at = (text: string) => new Date(text);
/** Far ahead of the real clock, so no background sweep expires the lot between the steps. */
const EXPIRY = at('2099-03-01T00:00:00Z');

describe.each(cases)('the $book.unit book', (c: Case<unknown>) => {
  const { book } = c;
  const lotOnly = (amount: bigint) => book.portions.map((_, i) => (i === book.lotPortion ? amount : 0n));
  let holder: unknown;
  let key = 0;
  let serial = 0;

  beforeAll(async () => {
    const [memberId] = await createMembers({ client: admin, count: 1 });
    holder = c.holder(memberId);
  });

  const posting = (input: Partial<PostingInput<unknown>> & { now: Date }, deltas: readonly bigint[]) =>
    t.database.db.transaction((tx) =>
      post(
        book,
        { tx, tenantId: tenant.tenantId, holder, kind: 'adjust', sourceType: 'adjustment', sourceId: `b-${(serial += 1)}`, ...input },
        () => [...deltas],
      ),
    );

  /** The account's lot portion, the sum of its entries' deltas of it and the sum of its lots. */
  async function sums(): Promise<{ account: number; entries: number; lots: number }> {
    const portion = book.portions[book.lotPortion];
    const id = (name: string) => sql.identifier(name);
    const result = await t.database.db.execute<{ account: string; entries: string; lots: string }>(sql`select
        (select ${id(portion.account)} from ${id(book.tables.accounts)} where tenant_id = ${tenant.tenantId} and ${id(book.accountKey)} = ${key}) as account,
        (select coalesce(sum(${id(portion.delta)}), 0) from ${id(book.tables.entries)}
          where tenant_id = ${tenant.tenantId} and ${id(book.lots.ownerInEntry)} = ${key}) as entries,
        (select coalesce(sum(remaining), 0) from ${id(book.tables.lots)} where tenant_id = ${tenant.tenantId} and ${id(book.lots.owner)} = ${key}) as lots`);
    const row = result.rows[0];
    const minor = (value: string) => Number(book.amount.fromSql(value));
    return { account: minor(row.account), entries: minor(row.entries), lots: minor(row.lots) };
  }

  async function expectBalance(minor: number): Promise<void> {
    expect(await sums()).toEqual({ account: minor, entries: minor, lots: minor });
  }

  async function lots(): Promise<{ remaining: number; expiresAt: string | null }[]> {
    const result = await t.database.db.execute<{ remaining: string; expires_at: Date | string | null }>(sql`select remaining, expires_at
      from ${sql.identifier(book.tables.lots)} where tenant_id = ${tenant.tenantId} and ${sql.identifier(book.lots.owner)} = ${key}
      order by entry_id`);
    return result.rows.map((row) => ({
      remaining: Number(book.amount.fromSql(row.remaining)),
      expiresAt: row.expires_at === null ? null : new Date(row.expires_at).toISOString(),
    }));
  }

  it('credits with and without expiry, replays a key once, spends the oldest lot first', async () => {
    const first = await posting(
      { now: at('2099-01-01T00:00:00Z'), lotExpiresAt: EXPIRY, idempotencyKey: `books-${book.unit}-${Date.now()}` },
      lotOnly(100n),
    );
    key = Number(first.row[book.lots.ownerInEntry]);
    expect(first).toMatchObject({ replayed: false, afters: lotOnly(100n) });
    await expectBalance(100);
    await posting({ now: at('2099-01-01T01:00:00Z'), lotExpiresAt: null }, lotOnly(50n));
    await expectBalance(150);

    const replay = await posting(
      { now: at('2099-01-01T02:00:00Z'), lotExpiresAt: EXPIRY, idempotencyKey: String(first.row.idempotency_key) },
      lotOnly(100n),
    );
    expect(replay).toMatchObject({ id: first.id, replayed: true, afters: lotOnly(100n) });
    await expectBalance(150);

    const spent = await posting({ now: at('2099-01-02T00:00:00Z') }, lotOnly(-30n));
    expect(spent.lotsTakenExpireAt?.toISOString()).toBe(EXPIRY.toISOString());
    expect(await lots()).toEqual([
      { remaining: 70, expiresAt: EXPIRY.toISOString() },
      { remaining: 50, expiresAt: null },
    ]);
    await expectBalance(120);
  });

  it('keeps a lot until the second before its expiry and expires it at that second, by an entry of its own', async () => {
    await posting({ now: new Date(EXPIRY.getTime() - 1000) }, lotOnly(-1n));
    expect((await lots())[0].remaining).toBe(69);
    await expectBalance(119);

    const atExpiry = await posting({ now: EXPIRY }, lotOnly(-1n));
    expect(atExpiry.afters).toEqual(lotOnly(49n));
    expect((await lots()).map((lot) => lot.remaining)).toEqual([0, 49]);
    const expired = await t.database.db.execute<{ kind: string; source_type: string }>(sql`select kind, source_type
      from ${sql.identifier(book.tables.entries)} where tenant_id = ${tenant.tenantId} and ${sql.identifier(book.lots.ownerInEntry)} = ${key}
      order by id desc limit 2`);
    expect(expired.rows.map((row) => [row.kind, row.source_type])).toEqual([
      ['adjust', 'adjustment'],
      ['expire', book.expirySource],
    ]);
    await expectBalance(49);
  });

  it('refuses a decrease beyond the balance with the numbers and changes nothing', async () => {
    const error = await posting({ now: EXPIRY }, lotOnly(-80n)).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).values).toEqual({ balance: c.shown(49), required: c.shown(80) });
    await expectBalance(49);
  });

  it('caps a reversal at the balance when asked and writes the shortfall in the remark', async () => {
    const capped = await posting({ now: EXPIRY, capAtBalance: true, remark: 'return' }, lotOnly(-80n));
    expect(capped.deltas).toEqual(lotOnly(-49n));
    expect(capped.row.remark).toBe(`return; shortfall ${book.amount.toSql(31n)}`);
    expect((await lots()).map((lot) => lot.remaining)).toEqual([0, 0]);
    await expectBalance(0);
  });
});
