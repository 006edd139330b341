import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../../server/modules/auth/session.cookie';
import { cardByNumber, createStore, createTemplate, makeCards, soldCards } from '../helpers/card-fixtures';
import { createTenant, createUser, signIn, type ApiClient, type TestTenant } from '../helpers/fixtures';
import { createMembers } from '../helpers/points-fixtures';
import { ledgerBreaches } from '../helpers/ledger-fixtures';
import { startTestApp, type TestApp } from '../helpers/test-app';

/**
 * Prepaid cards themselves: made in batches from an enabled template (numbers by the template's
 * rule, secrets shown once and kept only as hashes, the printing file in the file centre behind
 * the maintain grant), the per-type rule for making them, the stock per store and template, and
 * the freeze / void actions (a voided card's balance written off on the ledger).
 */

let t: TestApp;
let tenant: TestTenant;
let admin: ApiClient;
let store: number;
let template: { id: number; name: string };

async function download(client: ApiClient, taskId: number) {
  const response = await t.app.inject({
    method: 'GET',
    url: `${t.app.config.serviceBase}/v1/file-task/download/${taskId}`,
    headers: { cookie: `${SESSION_COOKIE}=${client.sessionToken()}` },
  });
  return response;
}

async function sheetRows(payload: Buffer): Promise<unknown[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(payload as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  const rows: unknown[][] = [];
  sheet.eachRow((row) => rows.push(Array.from({ length: sheet.columnCount }, (_, i) => row.getCell(i + 1).value ?? null)));
  return rows;
}

beforeAll(async () => {
  t = await startTestApp();
  tenant = await createTenant(t.database);
  admin = await signIn(t.app, { tenant: tenant.code, login: tenant.adminLogin, password: tenant.adminPassword });
  store = await createStore(admin);
  template = await createTemplate(admin, { cardNumberPrefix: 'GC', cardNumberLength: 10 });
});

afterAll(async () => t?.close());

describe('making cards', () => {
  it('makes consecutive numbers by the template rule, in stock at the store, secrets only in the answer and the printing file', async () => {
    const batch = await makeCards(admin, { templateId: template.id, storeId: store, quantity: 3 });
    expect(batch.batchNumber).toMatch(/^CB\d{8}$/);
    expect(batch.cards.map((card) => card.number)).toEqual(['GC00000001', 'GC00000002', 'GC00000003']);
    expect(batch.cards.every((card) => /^\d{16}$/.test(card.secret))).toBe(true);
    const next = await makeCards(admin, { templateId: template.id, storeId: store, quantity: 1 });
    expect(next.firstNumber).toBe('GC00000004');

    const card = await cardByNumber(admin, 'GC00000001');
    expect(card).toMatchObject({
      state: 'IN_STOCK',
      store,
      template: template.id,
      cardType: 'RECHARGEABLE_CARD',
      faceValue: 100,
      balance: 0,
      batch: batch.batchId,
    });
    const info = await admin.get(`/v1/prepay-card/info/${card.id as number}`);
    expect(JSON.stringify(info.body)).not.toContain(batch.cards[0].secret);
    const stored = await t.database.db.execute<{ hash: string }>(
      sql`select hash from prepay_card_secrets where tenant_id = ${tenant.tenantId} and card_id = ${card.id as number}`,
    );
    expect(stored.rows[0].hash).toMatch(/^scrypt\$/);
    expect(stored.rows[0].hash).not.toContain(batch.cards[0].secret);

    const file = await download(admin, batch.taskId);
    expect(file.statusCode).toBe(200);
    const [header, ...rows] = await sheetRows(file.rawPayload);
    expect(header.slice(0, 2)).toEqual(['卡号', '卡密']);
    expect(rows.map((row) => [row[0], row[1]])).toEqual(batch.cards.map((c) => [c.number, c.secret]));

    await createUser(t.database, {
      tenantId: tenant.tenantId,
      login: 'card-viewer',
      grants: [{ resourceId: '储值/预付卡查询', action: '预付卡查看' }],
    });
    const viewer = await signIn(t.app, { tenant: tenant.code, login: 'card-viewer', password: tenant.adminPassword });
    const makeRefused = await viewer.post('/v1/prepay-card/make', { body: { templateId: template.id, storeId: store, quantity: 1 } });
    expect(makeRefused.status).toBe(403);
  });

  it('makes cards only from an enabled template of a type the user maintains', async () => {
    const draft = await admin.post('/v1/card-template/saveNew', {
      body: {
        name: '草稿模板',
        cardTemplateType: 'IMPREST_CARD',
        faceValue: 50,
        price: 50,
        validityType: 'MONTHS',
        validityMonths: 6,
        cardNumberLength: 12,
      },
    });
    const refused = await admin.post('/v1/prepay-card/make', { body: { templateId: draft.body.data.id, storeId: store, quantity: 1 } });
    expect(refused.status).toBe(400);
    expect(refused.body.data.fields[0]).toMatchObject({ field: 'templateId', msg: '只能用已启用的卡模板制卡和售卡' });

    await createUser(t.database, {
      tenantId: tenant.tenantId,
      login: 'gift-only',
      grants: [
        { resourceId: '储值/预付卡查询', action: '配置维护' },
        { resourceId: '储值/卡模板/实体礼品卡', action: '卡模板维护' },
      ],
    });
    const giftOnly = await signIn(t.app, { tenant: tenant.code, login: 'gift-only', password: tenant.adminPassword });
    const typeRefused = await giftOnly.post('/v1/prepay-card/make', { body: { templateId: template.id, storeId: store, quantity: 1 } });
    expect(typeRefused.status).toBe(403);
    const badStore = await admin.post('/v1/prepay-card/make', { body: { templateId: template.id, storeId: 999999, quantity: 1 } });
    expect(badStore.status).toBe(400);
    expect(badStore.body.data.fields[0].field).toBe('storeId');
  });
});

describe('stock', () => {
  it('counts cards per store and template by state, filtered', async () => {
    const own = await createTemplate(admin);
    const shop = await createStore(admin, '库存门店');
    await makeCards(admin, { templateId: own.id, storeId: shop, quantity: 4 });
    await soldCards(admin, { templateId: own.id, storeId: shop, quantity: 2 });
    const res = await admin.post('/v1/prepay-card-store/query', { body: { filters: { storeId: shop } } });
    expect(res.body.code, JSON.stringify(res.body)).toBe(2000);
    expect(res.body.data.records).toEqual([
      expect.objectContaining({
        storeId: shop,
        templateId: own.id,
        templateName: own.name,
        made: 6,
        inStock: 4,
        sold: 2,
        activated: 2,
        voided: 0,
      }),
    ]);
    expect(res.body.data.totals).toMatchObject({ made: 6, inStock: 4, sold: 2 });
    const none = await admin.post('/v1/prepay-card-store/query', { body: { filters: { storeId: shop, cardType: ['ONLINE_GIFT_CARD'] } } });
    expect(none.body.data.records).toEqual([]);
  });
});

describe('binding a card to a member', () => {
  it("binds a sold card once; the member then pays with it and the balance stays the card's", async () => {
    const [member] = await createMembers({ client: admin, count: 1 });
    const unsold = await makeCards(admin, { templateId: template.id, storeId: store, quantity: 1 });
    const stockCard = await cardByNumber(admin, unsold.cards[0].number);
    const refused = await admin.post('/v1/prepay-card/bindMember', { body: { cardId: stockCard.id, memberId: member } });
    expect(refused.status).toBe(409);
    const unpaid = await admin.post('/v1/prepay-card/pay', {
      body: { requestNo: `BIND-${Date.now()}`, number: unsold.cards[0].number, secret: unsold.cards[0].secret, amount: 1, storeId: store },
    });
    expect(unpaid.status).toBe(409);
    expect(unpaid.body.msg).toBe(`卡 ${unsold.cards[0].number} 当前状态为“在库”，不能使用`);

    const batch = await soldCards(admin, { templateId: template.id, storeId: store, quantity: 1 });
    const card = await cardByNumber(admin, batch.cards[0].number);
    const bound = await admin.post('/v1/prepay-card/bindMember', { body: { cardId: card.id, memberId: member } });
    expect(bound.body.code, JSON.stringify(bound.body)).toBe(2000);
    expect(bound.body.data).toMatchObject({ member, balance: 100 });
    const again = await admin.post('/v1/prepay-card/bindMember', { body: { cardId: card.id, memberId: member } });
    expect(again.status).toBe(409);
    const paid = await admin.post('/v1/prepay-card/pay', {
      body: { requestNo: `BIND-PAY-${Date.now()}`, memberId: member, amount: 30, storeId: store },
    });
    expect(paid.body.data).toMatchObject({ cardNumber: batch.cards[0].number, balance: '70.00' });
  });
});

describe('freeze and void', () => {
  it('freezes with a reason, and voiding writes the balance off on the ledger', async () => {
    const batch = await soldCards(admin, { templateId: template.id, storeId: store, quantity: 1 });
    const card = await cardByNumber(admin, batch.cards[0].number);
    const id = card.id as number;
    const noReason = await admin.post('/v1/prepay-card/freeze', { query: { id }, body: {} });
    expect(noReason.status).toBe(400);
    expect((await admin.post('/v1/prepay-card/freeze', { query: { id }, body: { reason: '挂失' } })).body.data.state).toBe('FROZEN');
    expect((await admin.post('/v1/prepay-card/unfreeze', { query: { id }, body: {} })).body.data.state).toBe('ACTIVATED');
    const voided = await admin.post('/v1/prepay-card/void', { query: { id }, body: { reason: '损坏' } });
    expect(voided.body.code, JSON.stringify(voided.body)).toBe(2000);
    expect(voided.body.data).toMatchObject({ state: 'VOIDED', balance: 0 });
    // The card's balance history (its detail's tab): the void after the sale, nothing left.
    const entries = await admin.post('/v1/prepay-card-history/query', { body: { filters: { cardId: id } } });
    expect(entries.body.data.records.map((entry: { kind: string }) => entry.kind)).toEqual(['void', 'sale']);
    expect(entries.body.data).toMatchObject({ total: 2, totals: { entries: 2, amount: 0 } });
    const history = await admin.get(`/v1/prepay-card/history/${id}`);
    expect(history.body.data.map((change: { action: string }) => change.action)).toEqual(['void', 'unfreeze', 'freeze']);
    expect(await ledgerBreaches(t, tenant.tenantId)).toEqual([]);
  });
});
