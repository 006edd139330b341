import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cardByNumber, createStore, createTemplate, draftSale, makeCards, soldCards } from '../helpers/card-fixtures';
import { createTenant, createUser, signIn, type ApiClient, type TestTenant } from '../helpers/fixtures';
import { ledgerBreaches } from '../helpers/ledger-fixtures';
import { createMembers } from '../helpers/points-fixtures';
import { startTestApp, type TestApp } from '../helpers/test-app';

/**
 * Prepaid-card documents: sale bills (totals, activation and the face value on the ledger on
 * audit, exactly once under 64 simultaneous audits, refused whole naming the line), top-ups
 * (rechargeable templates only) and adjustments (reasons, balance never below zero).
 */

let t: TestApp;
let tenant: TestTenant;
let admin: ApiClient;
let store: number;
let otherStore: number;
let template: { id: number; name: string };

const auditSale = (id: number) => admin.post('/v1/imprest-card-sale-bill/audit', { query: { id } });

async function saleEntries(number: string) {
  const result = await t.database.db.execute<{ card_id: number; principal_delta: string; kind: string }>(sql`
    select card_id, principal_delta, kind from value_entries
    where tenant_id = ${tenant.tenantId} and source_type = 'card-sale' and source_id = ${number} order by card_id`);
  return result.rows.map((row) => ({ card: Number(row.card_id), principal: String(row.principal_delta), kind: row.kind }));
}

beforeAll(async () => {
  t = await startTestApp();
  tenant = await createTenant(t.database);
  admin = await signIn(t.app, { tenant: tenant.code, login: tenant.adminLogin, password: tenant.adminPassword });
  store = await createStore(admin);
  otherStore = await createStore(admin, '别的门店');
  template = await createTemplate(admin);
});

afterAll(async () => t?.close());

describe('card sale bills', () => {
  it('totals the lines, then activates the cards with their face value on audit', async () => {
    const [member] = await createMembers({ client: admin, count: 1 });
    const batch = await makeCards(admin, { templateId: template.id, storeId: store, quantity: 5 });
    const bill = await draftSale(admin, {
      store,
      buyerType: 'MEMBER',
      member,
      discount: 10,
      payMethod: 'WEIXIN',
      lines: [
        { mode: 'RANGE', template: template.id, startNumber: batch.cards[0].number, endNumber: batch.cards[1].number },
        { mode: 'QUANTITY', template: template.id, quantity: 3 },
      ],
    });
    expect(bill.number).toMatch(/^CS\d{8}$/);
    expect(bill).toMatchObject({ state: 'INITIAL', cardCount: 5, totalFace: 500, totalPrice: 475, discount: 10, paidAmount: 465 });
    expect((bill.lines as Record<string, unknown>[]).map((line) => line.cardCount)).toEqual([2, 3]);

    const res = await auditSale(bill.id);
    expect(res.body.code, JSON.stringify(res.body)).toBe(2000);
    expect(res.body.data).toMatchObject({ state: 'EFFECTED' });
    for (const made of batch.cards) {
      const card = await cardByNumber(admin, made.number);
      expect(card).toMatchObject({ state: 'ACTIVATED', balance: 100, member, saleBill: bill.id });
      expect(card.validTo).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    }
    const entries = await saleEntries(bill.number);
    expect(entries).toHaveLength(5);
    expect(entries.every((entry) => entry.kind === 'sale' && Number(entry.principal) === 100)).toBe(true);
    expect(await ledgerBreaches(t, tenant.tenantId)).toEqual([]);
  });

  it('refuses the whole audit when a card is not in stock at the store, naming the line', async () => {
    await makeCards(admin, { templateId: template.id, storeId: store, quantity: 1 });
    const batch = await makeCards(admin, { templateId: template.id, storeId: otherStore, quantity: 2 });
    const bill = await draftSale(admin, {
      store,
      lines: [
        { mode: 'QUANTITY', template: template.id, quantity: 1 },
        { mode: 'RANGE', template: template.id, startNumber: batch.firstNumber, endNumber: batch.lastNumber },
      ],
    });
    const before = await admin.post('/v1/prepay-card/query', { body: { filters: { state: ['IN_STOCK'] } } });
    const res = await auditSale(bill.id);
    expect(res.status).toBe(409);
    expect(res.body.msg).toContain('第 2 行');
    expect(res.body.msg).toContain(batch.firstNumber);
    const info = await admin.get(`/v1/imprest-card-sale-bill/info/${bill.id}`);
    expect(info.body.data.state).toBe('INITIAL');
    const after = await admin.post('/v1/prepay-card/query', { body: { filters: { state: ['IN_STOCK'] } } });
    expect(after.body.data.total).toBe(before.body.data.total);
    expect(await saleEntries(bill.number)).toEqual([]);
  });

  it('refuses a quantity the store does not hold, and a discount above the price', async () => {
    const res = await admin.post('/v1/imprest-card-sale-bill/saveNew', {
      body: {
        store: otherStore,
        buyerType: 'COMPANY',
        companyName: '单位',
        payMethod: 'CASH',
        discount: 10000,
        lines: [{ mode: 'QUANTITY', template: template.id, quantity: 50 }],
      },
    });
    expect(res.status).toBe(400);
    const fields = (res.body.data.fields as { field: string }[]).map((f) => f.field);
    expect(fields).toEqual(expect.arrayContaining(['lines.0.quantity', 'discount']));
  });

  it('activates the cards once under 64 simultaneous audits; 63 are refused with 409', async () => {
    const batch = await makeCards(admin, { templateId: template.id, storeId: store, quantity: 3 });
    const bill = await draftSale(admin, {
      store,
      lines: [{ mode: 'RANGE', template: template.id, startNumber: batch.firstNumber, endNumber: batch.lastNumber }],
    });
    const answers = await Promise.all(Array.from({ length: 64 }, () => auditSale(bill.id)));
    const statuses = answers.map((res) => res.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(63);
    expect(await saleEntries(bill.number)).toHaveLength(3);
    for (const made of batch.cards) expect(await cardByNumber(admin, made.number)).toMatchObject({ state: 'ACTIVATED', balance: 100 });
    expect(await ledgerBreaches(t, tenant.tenantId)).toEqual([]);
  });
});

describe('card sale bills per card type', () => {
  it('lets a seller of stored-value cards sell them but not gift cards: saving and auditing another type answer 403', async () => {
    const giftTemplate = await createTemplate(admin, { cardTemplateType: 'OFFLINE_GIFT_CARD', rechargeable: false });
    const giftCards = await makeCards(admin, { templateId: giftTemplate.id, storeId: store, quantity: 1 });
    const ownCards = await makeCards(admin, { templateId: template.id, storeId: store, quantity: 1 });
    await createUser(t.database, {
      tenantId: tenant.tenantId,
      login: 'sv-card-seller',
      grants: [
        { resourceId: '储值/售卡单', action: '单据查看' },
        { resourceId: '储值/售卡单', action: '配置维护' },
        { resourceId: '储值/卡模板/储值卡', action: '卡模板查看' },
      ],
    });
    const seller = await signIn(t.app, { tenant: tenant.code, login: 'sv-card-seller', password: tenant.adminPassword });
    const rangeOf = (templateId: number, cards: { firstNumber: string; lastNumber: string }) => ({
      mode: 'RANGE',
      template: templateId,
      startNumber: cards.firstNumber,
      endNumber: cards.lastNumber,
    });
    const sale = (lines: Record<string, unknown>[]) =>
      seller.post('/v1/imprest-card-sale-bill/saveNew', {
        body: { store, buyerType: 'COMPANY', companyName: '单位', payMethod: 'CASH', lines },
        headers: { locale: 'en_US' },
      });

    const refused = await sale([rangeOf(template.id, ownCards), rangeOf(giftTemplate.id, giftCards)]);
    expect(refused.status).toBe(403);
    expect(refused.body.msg).toBe('You have no permission for Physical gift card templates, so you cannot sell such cards');

    const drafted = await draftSale(admin, { store, lines: [rangeOf(giftTemplate.id, giftCards)] });
    const audit = await seller.post('/v1/imprest-card-sale-bill/audit', { query: { id: drafted.id } });
    expect(audit.status).toBe(403);
    expect(audit.body.msg).toBe('您没有“实体礼品卡”类型的卡模板权限，不能售卖该类型的卡');
    expect((await admin.get(`/v1/imprest-card-sale-bill/info/${drafted.id}`)).body.data.state).toBe('INITIAL');
    expect(await cardByNumber(admin, giftCards.firstNumber)).toMatchObject({ state: 'IN_STOCK' });

    const own = await sale([rangeOf(template.id, ownCards)]);
    expect(own.body.code, JSON.stringify(own.body)).toBe(2000);
    const sold = await seller.post('/v1/imprest-card-sale-bill/audit', { query: { id: own.body.data.id as number } });
    expect(sold.body.code, JSON.stringify(sold.body)).toBe(2000);
    expect(await cardByNumber(admin, ownCards.firstNumber)).toMatchObject({ state: 'ACTIVATED' });
  });
});

describe('card top-ups', () => {
  it('posts amount and gift once on audit, and refuses a card of a template that is not rechargeable, naming the line', async () => {
    const batch = await soldCards(admin, { templateId: template.id, storeId: store, quantity: 1 });
    const card = await cardByNumber(admin, batch.cards[0].number);
    const fixed = await createTemplate(admin, { rechargeable: false, cardTemplateType: 'OFFLINE_GIFT_CARD' });
    const gift = await soldCards(admin, { templateId: fixed.id, storeId: store, quantity: 1 });
    const giftCard = await cardByNumber(admin, gift.cards[0].number);

    const refused = await admin.post('/v1/prepay-card-pay/saveNew', {
      body: {
        store,
        payMethod: 'CASH',
        lines: [
          { card: card.id, amount: 50 },
          { card: giftCard.id, amount: 20 },
        ],
      },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.data.fields[0].field).toBe('lines.1.card');
    expect(refused.body.data.fields[0].msg).toContain(gift.cards[0].number);

    const doc = await admin.post('/v1/prepay-card-pay/saveNew', {
      body: { store, payMethod: 'CASH', lines: [{ card: card.id, amount: 50, gift: 5 }] },
    });
    expect(doc.body.code, JSON.stringify(doc.body)).toBe(2000);
    expect(doc.body.data).toMatchObject({ totalAmount: 50, totalGift: 5, lineCount: 1, state: 'INITIAL' });
    const audits = await Promise.all([1, 2, 3].map(() => admin.post('/v1/prepay-card-pay/audit', { query: { id: doc.body.data.id } })));
    expect(audits.map((res) => res.status).sort()).toEqual([200, 409, 409]);
    expect(await cardByNumber(admin, batch.cards[0].number)).toMatchObject({ balance: 155 });
    const balance = await admin.get('/v1/prepay-card/balance', { query: { number: batch.cards[0].number } });
    expect(balance.body.data).toMatchObject({ balance: '155.00', principal: '150.00', gift: '5.00' });
  });
});

describe('card adjustments', () => {
  it('adds and deducts by reason on audit, and refuses a deduction beyond the balance naming the line', async () => {
    const reason = await admin.post('/v1/prepay-card-adjust-reason/saveNew', {
      body: { code: 'FIX', name: '差错更正', direction: 'both' },
    });
    expect(reason.body.code, JSON.stringify(reason.body)).toBe(2000);
    const increaseOnly = await admin.post('/v1/prepay-card-adjust-reason/saveNew', {
      body: { code: 'COMP', name: '补偿', direction: 'increase' },
    });
    const batch = await soldCards(admin, { templateId: template.id, storeId: store, quantity: 1 });
    const card = await cardByNumber(admin, batch.cards[0].number);

    const wrongWay = await admin.post('/v1/prepay-card-adjust/saveNew', {
      body: { lines: [{ card: card.id, amount: -5, reason: increaseOnly.body.data.id }] },
    });
    expect(wrongWay.status).toBe(400);
    expect(wrongWay.body.data.fields[0].field).toBe('lines.0.amount');

    const tooMuch = await admin.post('/v1/prepay-card-adjust/saveNew', {
      body: {
        lines: [
          { card: card.id, amount: 10, reason: reason.body.data.id },
          { card: card.id, amount: -500, reason: reason.body.data.id },
        ],
      },
    });
    expect(tooMuch.body.data).toMatchObject({ totalAmount: -490, lineCount: 2 });
    const refused = await admin.post('/v1/prepay-card-adjust/audit', { query: { id: tooMuch.body.data.id } });
    expect(refused.status).toBe(409);
    expect(refused.body.msg).toContain('第 2 行');
    expect(await cardByNumber(admin, batch.cards[0].number)).toMatchObject({ balance: 100 });

    const fine = await admin.post('/v1/prepay-card-adjust/saveNew', {
      body: { lines: [{ card: card.id, amount: -100, reason: reason.body.data.id }] },
    });
    const audited = await admin.post('/v1/prepay-card-adjust/audit', { query: { id: fine.body.data.id } });
    expect(audited.body.code, JSON.stringify(audited.body)).toBe(2000);
    expect(await cardByNumber(admin, batch.cards[0].number)).toMatchObject({ balance: 0, state: 'USED_UP' });
    expect(await ledgerBreaches(t, tenant.tenantId)).toEqual([]);
  });
});
