import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CARD_ACTIVITY_REPORTS,
  giftCardActivityReport,
  valueCardActivityReport,
  type CardType,
} from '../../resources/data-table/card-activity-report.query-view';
import { cardByNumber, createTemplate, soldCards } from '../helpers/card-fixtures';
import type { ApiClient, TestTenant } from '../helpers/fixtures';
import {
  createReportStores,
  everyReportRow,
  expectReportTotals,
  passesPlace,
  placeFilter,
  placeFilterOf,
  queryReport,
  ZONE,
  type Generated,
  type ReportStores,
} from '../helpers/report-fixtures';
import { startValueDocsScene } from '../helpers/stored-value-docs-fixtures';
import type { TestApp } from '../helpers/test-app';
import { cents, postValueEntry, valueEntry, type ValuePostings } from '../helpers/value-report-fixtures';

/**
 * The card reports (/data-table/value-card-activity-report and its three siblings) tie to the
 * cards' entries of the value ledger to the cent: cards of two stored-value templates and of an
 * e-gift template are sold through audited sale bills at two stores in nested areas; then random
 * top-ups, payments, refunds of those payments, adjustments either way and voids are posted
 * through the ledger and dated back over two years. For random dates, store, area, kind and
 * template, the stored-value card report's totals are the sums of the entries of stored-value
 * cards the filter covers, kind by kind; its grouped totals add up and drill down; each report
 * reads its own card type only, and a refund or an adjustment never counts as spent.
 */

const VIEW = valueCardActivityReport.view;
const NAMES = { dates: 'occurredAt', store: 'storeId', area: 'areaId' } as const;

let t: TestApp;
let tenant: TestTenant;
let admin: ApiClient;
let stores: ReportStores;
/** The sold cards: id, type and template. */
const cards: { id: number; type: CardType; template: number }[] = [];
let valueTemplates: number[] = [];
let valueTemplateNames: string[] = [];
const postings: ValuePostings = { payments: [], serial: 0 };

interface LedgerRow {
  kind: string;
  amount: number;
  storeId: number | null;
  day: string;
  template: number;
}

/** The entries of the cards of one type, straight from the ledger and card tables, in cents. */
async function ledger(cardType: CardType): Promise<LedgerRow[]> {
  const found = await t.database.db.execute<{ kind: string; amount: string; store_id: string | null; day: string; template: string }>(sql`
    select e.kind, e.principal_delta + e.gift_delta as amount, e.store_id, c.template,
      to_char((e.occurred_at at time zone ${ZONE})::date, 'YYYY-MM-DD') as day
    from value_entries e join prepay_cards c on c.tenant_id = e.tenant_id and c.id = e.card_id
    where e.tenant_id = ${tenant.tenantId} and e.holder_kind = 'card' and c.card_type = ${cardType}`);
  return found.rows.map((r) => ({
    kind: r.kind,
    amount: cents(r.amount),
    storeId: r.store_id === null ? null : Number(r.store_id),
    day: r.day,
    template: Number(r.template),
  }));
}

/** The report's measures as the ledger's rows say, in yuan (counts as counts). */
function sumsOf(rows: readonly LedgerRow[]): Record<string, number> {
  const sum = (kind: string) => rows.filter((r) => r.kind === kind).reduce((s, r) => s + r.amount, 0) / 100;
  return {
    sold: rows.filter((r) => r.kind === 'sale').length,
    soldValue: sum('sale'),
    toppedUp: sum('topup'),
    spent: 0 - sum('pay'),
    refunded: sum('refund'),
    adjusted: sum('adjust'),
    voided: 0 - sum('void'),
    net: rows.reduce((s, r) => s + r.amount, 0) / 100,
  };
}

const entry = fc.record({ card: fc.nat({ max: 4 }), posting: valueEntry(['topup', 'pay', 'refund', 'adjust', 'void']) });

/** Posts one entry of a card through the value ledger, then dates it back. */
async function post(e: Generated<typeof entry>): Promise<void> {
  const storeId = e.posting.store === null ? null : stores.stores[e.posting.store];
  const holder = { kind: 'card' as const, cardId: cards[e.card % cards.length].id };
  await postValueEntry({ t, tenantId: tenant.tenantId, holder, storeId, entry: e.posting, postings, credit: 'topup' });
}

const filters = fc.record({
  place: placeFilter,
  kind: fc.option(fc.constantFrom('sale', 'topup', 'pay', 'refund', 'adjust', 'void'), { nil: undefined }),
  template: fc.option(fc.nat({ max: 1 }), { nil: undefined }),
});

/** Sells `quantity` cards of a template at a store; records them. */
async function sell(args: { template: number; type: CardType; store: number; quantity: number }): Promise<void> {
  const batch = await soldCards(admin, { templateId: args.template, storeId: args.store, quantity: args.quantity });
  for (const card of batch.cards)
    cards.push({ id: Number((await cardByNumber(admin, card.number)).id), type: args.type, template: args.template });
}

beforeAll(async () => {
  ({ t, tenant, admin } = await startValueDocsScene());
  stores = await createReportStores(admin, 'CR');
  const made = [await createTemplate(admin), await createTemplate(admin, { faceValue: 200, price: 190 })];
  valueTemplates = made.map((m) => m.id);
  valueTemplateNames = made.map((m) => m.name);
  const gift = await createTemplate(admin, { cardTemplateType: 'ONLINE_GIFT_CARD', rechargeable: false, faceValue: 50, price: 50 });
  await sell({ template: valueTemplates[0], type: 'RECHARGEABLE_CARD', store: stores.stores[0], quantity: 2 });
  await sell({ template: valueTemplates[1], type: 'RECHARGEABLE_CARD', store: stores.stores[1], quantity: 2 });
  await sell({ template: gift.id, type: 'ONLINE_GIFT_CARD', store: stores.stores[0], quantity: 1 });
  // The sales spread over two years too, so the dates split them.
  await t.database.db.execute(sql`update value_entries set occurred_at = now() - make_interval(days => (id * 97 % 700)::int)
    where tenant_id = ${tenant.tenantId} and holder_kind = 'card'`);
});

afterAll(async () => t?.close());

describe('card reports', () => {
  it('total every kind of the stored-value cards’ entries the dates, store, area, kind and template cover, to the cent', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(entry, { minLength: 1, maxLength: 6 }), filters, async (entries, generated) => {
        for (const e of entries) await post(e);
        const f = placeFilterOf({ generated: generated.place, stores, names: NAMES });
        if (generated.kind) f.kind = generated.kind;
        if (generated.template !== undefined) f.templateId = valueTemplates[generated.template];
        const all = await ledger('RECHARGEABLE_CARD');
        expect((await queryReport(admin, VIEW, { pageSize: 1 })).totals).toEqual(sumsOf(all));
        const covered = all.filter(
          (r) =>
            passesPlace({ filters: f, names: NAMES, stores, store: r.storeId, day: r.day }) &&
            (!f.kind || r.kind === f.kind) &&
            (f.templateId === undefined || r.template === f.templateId),
        );
        await expectReportTotals({ client: admin, view: VIEW, filters: f, expected: sumsOf(covered) });
        expect(await everyReportRow({ client: admin, view: VIEW, filters: f })).toHaveLength(covered.length);
      }),
      { numRuns: 8 },
    );
  });

  it('each report reads the cards of its own type only', async () => {
    for (const report of CARD_ACTIVITY_REPORTS) {
      const { totals } = await queryReport(admin, report.view, { pageSize: 1 });
      expect(totals, report.view.name).toEqual(sumsOf(await ledger(report.cardType)));
    }
    const gifts = await queryReport(admin, giftCardActivityReport.view, { pageSize: 1 });
    expect(gifts.totals.sold).toBe(1);
    expect(gifts.totals.soldValue).toBe(50);
  });

  it('counts neither refunds nor adjustments as spent, and finds a template by a piece of its name', async () => {
    // The random entries may hold no refund: a top-up, a payment from it and a refund make sure
    // (of this payment: the earlier ones, perhaps a gift card's, are left alone).
    for (const payment of postings.payments) payment.left = 0;
    const at = { gift: 0, negative: false, store: 0, daysAgo: 1 } as const;
    for (const [kind, cents] of [
      ['topup', 1000],
      ['pay', 100],
      ['refund', 50],
    ] as const)
      await post({ card: 0, posting: { kind, cents, ...at } });
    const rows = await ledger('RECHARGEABLE_CARD');
    expect(rows.some((r) => r.kind === 'refund')).toBe(true);
    for (const kind of ['refund', 'adjust', 'void']) {
      const { totals } = await queryReport(admin, VIEW, { filters: { kind }, pageSize: 1 });
      expect(totals.spent, kind).toBe(0);
    }
    const { totals } = await queryReport(admin, VIEW, { filters: { template: valueTemplateNames[1] }, pageSize: 1 });
    expect(totals).toEqual(sumsOf(rows.filter((r) => r.template === valueTemplates[1])));
  });
});
