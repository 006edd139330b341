import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pointsRollForwardView, valueRollForwardView, type RollForwardView } from '../../resources/data-table/roll-forward.query-view';
import { expireTenantPoints, postPoints } from '../../server/modules/points/points.ledger';
import type { ApiClient, TestTenant } from '../helpers/fixtures';
import { cardByNumber, createTemplate, soldCards } from '../helpers/card-fixtures';
import { createMembers } from '../helpers/points-fixtures';
import {
  createReportStores,
  everyReportRow,
  expectReportTotals,
  passesPlace,
  placeFilter,
  placeFilterOf,
  queryReport,
  today,
  ZONE,
  type Generated,
  type ReportStores,
} from '../helpers/report-fixtures';
import { startValueDocsScene } from '../helpers/stored-value-docs-fixtures';
import type { TestApp } from '../helpers/test-app';
import { cents, postValueEntry, valueEntry, type ValuePostings } from '../helpers/value-report-fixtures';

/**
 * The liability roll-forwards (/data-table/points-roll-forward and value-roll-forward) tie to the
 * ledgers and the balances: over random postings of points (earned, some expiring in the coming
 * months or already due, spent, adjusted, expired by the expiry run), of members' stored value
 * and of two card types (recharges, top-ups, payments, refunds, adjustments, voids), at two
 * stores in nested areas or at none, dated back over two years: every row (a book at a store in a
 * month) opens with what it closed with the month before, issued − redeemed − expired + adjusted
 * is its entries' sum, its closing is the sum of its entries up to the month's end, the current
 * month's closings are the accounts' balances book by book, and for random months, store and area
 * the totals open with each book and store's first month covered and close with its last, and
 * what expires in 30 / 60 / 90 days is the open lots' remaining.
 */

let t: TestApp;
let tenant: TestTenant;
let admin: ApiClient;
let members: number[];
let stores: ReportStores;
const cards: number[] = [];
const postings: ValuePostings = { payments: [], serial: 0 };
const NAMES = { dates: 'monthStart', store: 'storeId', area: 'areaId' } as const;

/** An entry of a ledger as the roll-forward reads it: book, store, month of the zone, figure, amount (cents or points). */
interface Moved {
  book: string;
  storeId: number | null;
  month: string;
  figure: 'issued' | 'redeemed' | 'expired' | 'adjusted';
  amount: number;
}

/** The entries of one roll-forward's ledger, straight from its table, classified as its definitions say. */
async function ledger(view: RollForwardView): Promise<Moved[]> {
  const points = view === pointsRollForwardView;
  const found = await t.database.db.execute<{ book: string; store_id: string | null; month: string; kind: string; delta: string }>(
    points
      ? sql`select 'POINTS' as book, store_id, to_char(occurred_at at time zone ${ZONE}, 'YYYY-MM') as month, kind, delta
          from points_entries where tenant_id = ${tenant.tenantId}`
      : sql`select coalesce(c.card_type, 'STORED_VALUE') as book, e.store_id,
            to_char(e.occurred_at at time zone ${ZONE}, 'YYYY-MM') as month, e.kind, e.principal_delta + e.gift_delta as delta
          from value_entries e left join prepay_cards c on c.tenant_id = e.tenant_id and c.id = e.card_id
          where e.tenant_id = ${tenant.tenantId}`,
  );
  const figures: Record<string, Moved['figure']> = points
    ? { earn: 'issued', spend: 'redeemed', expire: 'expired' }
    : { recharge: 'issued', sale: 'issued', topup: 'issued', init: 'issued', pay: 'redeemed', refund: 'redeemed', expire: 'expired' };
  return found.rows.map((r) => {
    const figure = figures[r.kind] ?? 'adjusted';
    const delta = points ? Number(r.delta) : cents(r.delta);
    return {
      book: r.book,
      storeId: r.store_id === null ? null : Number(r.store_id),
      month: r.month,
      figure,
      amount: figure === 'redeemed' || figure === 'expired' ? -delta : delta,
    };
  });
}

/** The open lots of one roll-forward's ledger: book, store, remaining (cents or points) and days until they expire. */
async function lots(view: RollForwardView): Promise<{ book: string; storeId: number | null; remaining: number; days: number }[]> {
  const points = view === pointsRollForwardView;
  const found = await t.database.db.execute<{ book: string; store_id: string | null; remaining: string; days: string }>(
    points
      ? sql`select 'POINTS' as book, e.store_id, l.remaining, extract(epoch from l.expires_at - now()) / 86400 as days
          from points_lots l join points_entries e on e.tenant_id = l.tenant_id and e.id = l.entry_id
          where l.tenant_id = ${tenant.tenantId} and l.remaining > 0 and l.expires_at is not null`
      : sql`select coalesce(c.card_type, 'STORED_VALUE') as book, e.store_id, l.remaining,
            extract(epoch from l.expires_at - now()) / 86400 as days
          from value_gift_lots l join value_entries e on e.tenant_id = l.tenant_id and e.id = l.entry_id
          left join prepay_cards c on c.tenant_id = e.tenant_id and c.id = e.card_id
          where l.tenant_id = ${tenant.tenantId} and l.remaining > 0 and l.expires_at is not null`,
  );
  return found.rows.map((r) => ({
    book: r.book,
    storeId: r.store_id === null ? null : Number(r.store_id),
    remaining: points ? Number(r.remaining) : cents(r.remaining),
    days: Number(r.days),
  }));
}

const currentMonth = () => today().slice(0, 7);

/** The months from `first` to the current month, `yyyy-MM`. */
function monthsFrom(first: string): string[] {
  const out: string[] = [];
  for (
    let [y, m] = first.split('-').map(Number);
    `${y}-${String(m).padStart(2, '0')}` <= currentMonth();
    m === 12 ? ((y += 1), (m = 1)) : (m += 1)
  )
    out.push(`${y}-${String(m).padStart(2, '0')}`);
  return out;
}

/** A ledger as read once: its entries and open lots. */
interface Books {
  readonly view: RollForwardView;
  readonly moved: Moved[];
  readonly open: Awaited<ReturnType<typeof lots>>;
}

const readBooks = async (view: RollForwardView): Promise<Books> => ({ view, moved: await ledger(view), open: await lots(view) });

/** What the roll-forward must say over the months `covered` of each book and store, from the ledger. */
function expected(books: Books, covered: (month: string, storeId: number | null, book: string) => boolean): Record<string, number> {
  const { view, moved } = books;
  const unit = view === pointsRollForwardView ? 1 : 100;
  const pairs = new Map<string, Moved[]>();
  for (const m of moved) pairs.set(`${m.book}|${m.storeId}`, [...(pairs.get(`${m.book}|${m.storeId}`) ?? []), m]);
  const totals = { opening: 0, issued: 0, redeemed: 0, expired: 0, adjusted: 0, closing: 0, expiring30: 0, expiring60: 0, expiring90: 0 };
  for (const entries of pairs.values()) {
    const { book, storeId } = entries[0];
    const months = monthsFrom(entries.map((e) => e.month).sort()[0]).filter((month) => covered(month, storeId, book));
    if (months.length === 0) continue;
    const upTo = (month: string, before: boolean) =>
      entries
        .filter((e) => (before ? e.month < month : e.month <= month))
        .reduce((s, e) => s + (e.figure === 'redeemed' || e.figure === 'expired' ? -e.amount : e.amount), 0);
    totals.opening += upTo(months[0], true);
    totals.closing += upTo(months[months.length - 1], false);
    for (const e of entries) if (months.includes(e.month)) totals[e.figure] += e.amount;
    if (months.includes(currentMonth())) {
      for (const l of books.open) {
        if (l.book !== book || l.storeId !== storeId) continue;
        for (const days of [30, 60, 90] as const) if (l.days < days) totals[`expiring${days}`] += l.remaining;
      }
    }
  }
  return Object.fromEntries(Object.entries(totals).map(([k, v]) => [k, v / unit]));
}

const posting = fc.record({
  // 0: points; 1: a member's stored value; 2-3: a stored-value card; 4: a gift card.
  book: fc.nat({ max: 4 }),
  member: fc.nat({ max: 1 }),
  points: fc.integer({ min: 1, max: 5_000 }),
  pointsKind: fc.constantFrom('earn', 'spend', 'adjust', 'due', 'expiring'),
  expiresIn: fc.integer({ min: 1, max: 120 }),
  value: valueEntry(['recharge', 'pay', 'refund', 'adjust', 'void']),
});

/** Posts one generated entry through its ledger, then dates it back. */
async function post(p: Generated<typeof posting>): Promise<void> {
  const storeId = p.value.store === null ? null : stores.stores[p.value.store];
  if (p.book > 0) {
    const holder =
      p.book === 1 ? { kind: 'member' as const, memberId: members[p.member] } : { kind: 'card' as const, cardId: cards[p.book - 2] };
    await postValueEntry({
      t,
      tenantId: tenant.tenantId,
      holder,
      storeId,
      entry: p.value,
      postings,
      credit: p.book === 1 ? 'recharge' : 'topup',
    });
    return;
  }
  const memberId = members[p.member];
  const posted = await t.database.db.transaction(async (tx) => {
    const held = await tx.execute<{ balance: string }>(
      sql`select balance from points_accounts where tenant_id = ${tenant.tenantId} and member_id = ${memberId}`,
    );
    const take = Math.min(p.points, Number(held.rows[0]?.balance ?? 0));
    const base = { tx, tenantId: tenant.tenantId, memberId, storeId, channel: 'store' as const };
    if (p.pointsKind === 'spend' && take > 0) return postPoints({ ...base, kind: 'spend', delta: -take, sourceType: 'exchange' });
    if (p.pointsKind === 'adjust')
      return postPoints({ ...base, kind: 'adjust', delta: take > 0 ? -take : p.points, sourceType: 'adjustment' });
    const days = p.pointsKind === 'due' ? -1 : p.pointsKind === 'expiring' ? p.expiresIn : null;
    const expiresAt = days === null ? null : new Date(Date.now() + days * 86_400_000);
    return postPoints({ ...base, kind: 'earn', delta: p.points, sourceType: 'transaction', expiresAt });
  });
  // Lots still open keep today's date, so what they expire counts against the current month.
  const daysAgo = p.pointsKind === 'expiring' ? 0 : p.value.daysAgo;
  await t.database.db.execute(sql`update points_entries set occurred_at = now() - make_interval(days => ${daysAgo})
    where tenant_id = ${tenant.tenantId} and id = ${posted.id}`);
}

beforeAll(async () => {
  ({ t, tenant, admin } = await startValueDocsScene());
  members = await createMembers({ client: admin, count: 2 });
  stores = await createReportStores(admin, 'RF');
  const valueCards = await soldCards(admin, { templateId: (await createTemplate(admin)).id, storeId: stores.stores[0], quantity: 2 });
  const gift = await createTemplate(admin, { cardTemplateType: 'ONLINE_GIFT_CARD', rechargeable: false, faceValue: 50, price: 50 });
  const giftCards = await soldCards(admin, { templateId: gift.id, storeId: stores.stores[1], quantity: 1 });
  for (const card of [...valueCards.cards, ...giftCards.cards]) cards.push(Number((await cardByNumber(admin, card.number)).id));
});

afterAll(async () => t?.close());

const figures = (r: Record<string, unknown>) => Number(r.issued) - Number(r.redeemed) - Number(r.expired) + Number(r.adjusted);

describe('liability roll-forward', () => {
  it('rolls every book, store and month forward from the ledgers, and closes the current month on the balances', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(posting, { minLength: 1, maxLength: 8 }), placeFilter, async (posted, place) => {
        for (const p of posted) await post(p);
        await expireTenantPoints({ db: t.database.db, tenantId: tenant.tenantId });
        for (const view of [pointsRollForwardView, valueRollForwardView]) {
          const unit = view === pointsRollForwardView ? 1 : 100;
          const books = await readBooks(view);
          const rows = await everyReportRow({ client: admin, view, filters: {} });
          const byPair = new Map<string, Record<string, unknown>[]>();
          for (const r of rows) byPair.set(`${r.book}|${r.storeId}`, [...(byPair.get(`${r.book}|${r.storeId}`) ?? []), r]);
          for (const [pair, months] of byPair) {
            months.sort((a, b) => Number(a.month) - Number(b.month));
            for (const [i, r] of months.entries()) {
              expect(Math.round((Number(r.opening) + figures(r)) * unit), `${view.name} ${pair} ${r.monthLabel}`).toBe(
                Math.round(Number(r.closing) * unit),
              );
              if (i > 0) expect(r.opening, `${view.name} ${pair} ${r.monthLabel}`).toBe(months[i - 1].closing);
              const [book, store] = pair.split('|');
              const storeId = store === 'null' ? null : Number(store);
              const want = expected(books, (month, s, b) => month === r.monthLabel && s === storeId && b === book);
              expect({ ...r, id: undefined }, `${view.name} ${pair} ${r.monthLabel}`).toMatchObject(
                Object.fromEntries(['opening', 'issued', 'redeemed', 'expired', 'adjusted', 'closing'].map((k) => [k, want[k]])),
              );
            }
          }
          // The current month closes on the accounts' balances, book by book.
          const month = currentMonth();
          const current = await queryReport(admin, view, { filters: { monthStart: [`${month}-01`, today()] }, pageSize: 1 });
          const balances = await t.database.db.execute<{ book: string; balance: string }>(
            view === pointsRollForwardView
              ? sql`select 'POINTS' as book, coalesce(sum(balance), 0) as balance from points_accounts where tenant_id = ${tenant.tenantId}`
              : sql`select coalesce(c.card_type, 'STORED_VALUE') as book, sum(a.balance) as balance from value_accounts a
                  left join prepay_cards c on c.tenant_id = a.tenant_id and c.id = a.card_id where a.tenant_id = ${tenant.tenantId} group by 1`,
          );
          for (const b of balances.rows) {
            const group = current.groups.book.find((g) => g.key === b.book);
            expect(group?.closing ?? 0, `${view.name} ${b.book}`).toBe(
              view === pointsRollForwardView ? Number(b.balance) : cents(b.balance) / 100,
            );
          }
          // Random months, store and area: the totals, their groups and drill-downs.
          const f = placeFilterOf({ generated: place, stores, names: NAMES });
          const want = expected(books, (month, storeId) =>
            passesPlace({ filters: f, names: NAMES, stores, store: storeId, day: `${month}-01` }),
          );
          await expectReportTotals({ client: admin, view, filters: f, expected: want });
        }
      }),
      { numRuns: 5 },
    );
  });
});
