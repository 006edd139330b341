import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStore, createTemplate, draftSale, makeCards } from '../helpers/card-fixtures';
import { okData } from '../helpers/coupon-fixtures';
import { createTenant, createUser, signIn, type ApiClient, type TestTenant } from '../helpers/fixtures';
import { ledgerBreaches } from '../helpers/ledger-fixtures';
import { startTestApp, type TestApp } from '../helpers/test-app';

/**
 * Gift card campaigns (issue 28 item 4, GIFT_CARD_ACTIVITY) through the real API: the engine's
 * contract loop (create, audit, fire on a saved card sale bill, stop, evaluate); the discount
 * and the campaign on the bill's lines; a re-save and a second audit give nothing more; bonus
 * cards sold at no price on the audit; the rule's checks; the approval rule on bonus card value.
 */

let t: TestApp;
let tenant: TestTenant;
let admin: ApiClient;
let store: number;
/** Face 100, price 95. */
let template: { id: number; name: string };
let bonus: { id: number; name: string };
let serial = 0;

beforeAll(async () => {
  t = await startTestApp();
  tenant = await createTenant(t.database);
  admin = await signIn(t.app, { tenant: tenant.code, login: tenant.adminLogin, password: tenant.adminPassword });
  store = await createStore(admin, '礼品卡活动门店');
  template = await createTemplate(admin, { cardTemplateType: 'ONLINE_GIFT_CARD', rechargeable: false });
  bonus = await createTemplate(admin, { cardTemplateType: 'ONLINE_GIFT_CARD', rechargeable: false, faceValue: 50, price: 50 });
  await makeCards(admin, { templateId: template.id, storeId: store, quantity: 20 });
  await makeCards(admin, { templateId: bonus.id, storeId: store, quantity: 5 });
});
afterAll(async () => t?.close());

/** From 2 cards 10% off; from 3 cards and 250 yuan, 20 yuan off and one bonus card. */
const TIERS = [
  { minCards: 2, minAmount: 0, discountPercent: 10, discountAmount: 0, bonusCards: 0 },
  { minCards: 3, minAmount: 250, discountPercent: 0, discountAmount: 20, bonusCards: 1 },
];

async function campaign(rule: Record<string, unknown> = {}, audit = true): Promise<number> {
  const created = await okData<{ id: number; state: string }>(
    admin.post('/v1/activity/saveNew', {
      body: {
        name: `礼品卡活动 ${(serial += 1)}`,
        kind: 'GIFT_CARD_ACTIVITY',
        beginTime: '2020-01-01 00:00:00',
        endTime: '2099-01-01 00:00:00',
        rule: { cardSaleTemplates: [template.id], cardSaleTiers: { tiers: TIERS }, cardSaleBonusTemplate: bonus.id, ...rule },
      },
    }),
  );
  expect(created.state).toBe('INITAIL');
  if (audit) await auditCampaign(created.id);
  return created.id;
}

async function auditCampaign(id: number, client: ApiClient = admin): Promise<void> {
  await okData(client.post('/v1/activity/audit', { query: { id } }));
  await t.app.sessionCache.sync();
}

async function stop(id: number): Promise<void> {
  await okData(admin.post('/v1/activity/stop', { query: { id }, body: { reason: 'test over' } }));
  await t.app.sessionCache.sync();
}

const evaluation = (activityId: number) =>
  okData<{ summary: Record<string, unknown> }>(admin.post('/v1/activities/evaluation', { body: { activityId } }));

const sale = (quantity: number, extra: Record<string, unknown> = {}) =>
  draftSale(admin, { store, lines: [{ mode: 'QUANTITY', template: template.id, quantity }], ...extra });

const info = async (id: number) => okData<Record<string, unknown>>(admin.get(`/v1/imprest-card-sale-bill/info/${id}`));

async function soldOn(billId: number) {
  const result = await t.database.db.execute<{ template: number; n: number }>(sql`
    select template, count(*)::int as n from prepay_cards where tenant_id = ${tenant.tenantId} and sale_bill = ${billId}
    group by template order by template`);
  return Object.fromEntries(result.rows.map((row) => [Number(row.template), Number(row.n)]));
}

describe('GIFT_CARD_ACTIVITY through the contract loop', () => {
  it('applies on a saved bill once audited, shows on its lines, is recorded once on the audit, evaluates and stops', async () => {
    const id = await campaign({}, false);
    // Before its audit: a bill gets nothing.
    expect(await sale(2)).toMatchObject({ activity: null, activityDiscount: 0, paidAmount: 190 });
    await auditCampaign(id);

    const bill = await sale(2, { discount: 1 });
    expect(bill).toMatchObject({ activity: id, activityDiscount: 19, discount: 1, totalPrice: 190, paidAmount: 170, bonusCards: 0 });
    expect(bill.lines).toMatchObject([{ activityName: expect.stringContaining('礼品卡活动'), activityDiscount: 19 }]);

    // A re-save (the same lines, a changed remark) replaces the campaign's discount, never adds to it.
    const current = await info(bill.id);
    const resaved = await okData<Record<string, unknown>>(
      admin.post('/v1/imprest-card-sale-bill/modify', {
        body: { id: bill.id, version: current.version, remark: 'again', lines: [{ mode: 'QUANTITY', template: template.id, quantity: 2 }] },
      }),
    );
    expect(resaved).toMatchObject({ activity: id, activityDiscount: 19, paidAmount: 170 });

    await okData(admin.post('/v1/imprest-card-sale-bill/audit', { query: { id: bill.id } }));
    // A second audit is refused (the bill is effected) and records nothing more.
    expect((await admin.post('/v1/imprest-card-sale-bill/audit', { query: { id: bill.id } })).body.code).not.toBe(2000);
    expect((await evaluation(id)).summary).toMatchObject({ transactions: 1, salesAmount: '170.00', cost: '19.00' });

    await stop(id);
    expect(await sale(2)).toMatchObject({ activity: null, activityDiscount: 0, paidAmount: 190 });
    expect((await evaluation(id)).summary).toMatchObject({ transactions: 1 });
  });

  it('gives the highest tier reached: an amount off and a bonus card sold at no price on the audit', async () => {
    const id = await campaign();
    try {
      const bill = await sale(3, { buyerType: 'COMPANY', companyName: '买卡单位' });
      expect(bill).toMatchObject({
        activity: id,
        activityDiscount: 20,
        totalPrice: 285,
        paidAmount: 265,
        bonusTemplate: bonus.id,
        bonusCards: 1,
        bonusFace: 50,
        totalFace: 300,
      });
      // The discount spread over the counted lines, the last taking the remainder.
      const split = await sale(0, {
        lines: [
          { mode: 'QUANTITY', template: template.id, quantity: 1 },
          { mode: 'QUANTITY', template: template.id, quantity: 2 },
          { mode: 'QUANTITY', template: bonus.id, quantity: 1 },
        ],
      });
      expect((split.lines as Record<string, unknown>[]).map((line) => line.activityDiscount)).toEqual([6.66, 13.34, 0]);
      expect((split.lines as Record<string, unknown>[])[2].activityName).toBeNull();

      await okData(admin.post('/v1/imprest-card-sale-bill/audit', { query: { id: bill.id } }));
      expect(await soldOn(bill.id)).toEqual({ [template.id]: 3, [bonus.id]: 1 });
      expect((await evaluation(id)).summary).toMatchObject({ transactions: 1, salesAmount: '265.00', cost: '70.00' });
      expect(await ledgerBreaches(t, tenant.tenantId)).toEqual([]);
    } finally {
      await stop(id);
    }
  });

  it('counts only the rule’s templates: a bill of other cards gets nothing', async () => {
    const id = await campaign({ cardSaleTiers: { tiers: [{ minCards: 1, discountPercent: 50 }] } });
    try {
      const bill = await draftSale(admin, { store, lines: [{ mode: 'QUANTITY', template: bonus.id, quantity: 2 }] });
      expect(bill).toMatchObject({ activity: null, activityDiscount: 0, paidAmount: 100 });
    } finally {
      await stop(id);
    }
  });

  it('refuses a tier that gives nothing, falling tiers and bonus cards without a template, naming the fields, in English too', async () => {
    const res = await admin.post('/v1/activity/saveNew', {
      headers: { locale: 'en_US' },
      body: {
        name: 'bad tiers',
        kind: 'GIFT_CARD_ACTIVITY',
        beginTime: '2020-01-01 00:00:00',
        endTime: '2099-01-01 00:00:00',
        rule: {
          cardSaleTiers: {
            tiers: [
              { minCards: 5, discountPercent: 0 },
              { minCards: 3, bonusCards: 1 },
            ],
          },
        },
      },
    });
    expect(res.status).toBe(400);
    const fields = res.body.data.fields as { field: string; msg: string }[];
    expect(fields.map((f) => f.field).sort()).toEqual([
      'rule.cardSaleBonusTemplate',
      'rule.cardSaleTiers.tiers[0].discountPercent',
      'rule.cardSaleTiers.tiers[1].minCards',
    ]);
    expect(fields.find((f) => f.field === 'rule.cardSaleBonusTemplate')?.msg).toContain('bonus card template');
  });

  it('needs a second person to audit bonus cards worth more than the merchant threshold', async () => {
    const big = await createTemplate(admin, { cardTemplateType: 'ONLINE_GIFT_CARD', rechargeable: false, faceValue: 10000, price: 10000 });
    const id = await campaign({ cardSaleBonusTemplate: big.id, cardSaleTiers: { tiers: [{ minCards: 1, bonusCards: 100 }] } }, false);
    const refused = await admin.post('/v1/activity/audit', { query: { id }, headers: { locale: 'en_US' } });
    expect(refused.status).toBe(409);
    expect(refused.body.msg).toContain('1000000.00');
    await createUser(t.database, {
      tenantId: tenant.tenantId,
      login: 'giftcardauditor',
      grants: [{ resourceId: '营销/礼品卡活动', action: '配置维护' }],
    });
    const second = await signIn(t.app, { tenant: tenant.code, login: 'giftcardauditor', password: tenant.adminPassword });
    await auditCampaign(id, second);
    await stop(id);
  });
});
