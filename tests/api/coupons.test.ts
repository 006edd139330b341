import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, signIn, type ApiClient, type ApiResponse } from '../helpers/fixtures';
import { effectiveTemplate, issueOne, newMember, okData, requestNo, startCouponScene, type CouponScene } from '../helpers/coupon-fixtures';
import { saveSettings } from '../helpers/stored-value-fixtures';

/**
 * Coupons through HTTP: templates of every family and their life cycle, issuing (codes, validity,
 * limits, replays), the check of a basket, redemption and its undo, voiding, the coupon list, and
 * every refusal with its localized message, changing nothing.
 */

let scene: CouponScene;
let admin: ApiClient;
let till: ApiClient;
beforeAll(async () => {
  scene = await startCouponScene();
  ({ admin, till } = scene);
});
afterAll(async () => scene?.t.close());

// Monday 1 June 2026, 12:00 in Shanghai.
const MONDAY_NOON = new Date('2026-06-01T04:00:00Z');
const DAY = 86_400_000;

function expectRefused(res: ApiResponse, status: number, text: string): void {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(res.body.msg).toContain(text);
}
const basket = (amount = '50.00', goodsId = scene.catalogue.plainGoods) => ({
  storeId: scene.catalogue.stores[0],
  lines: [{ goodsId, quantity: 2, amount }],
});
const redeem = (body: Record<string, unknown>, client = till) =>
  client.post('/v1/coupons/redeem', { body: { requestNo: requestNo('U'), orderNo: requestNo('O'), ...basket(), ...body } });
const couponRow = async (code: string) =>
  okData<{ records: Record<string, unknown>[] }>(admin.post('/v1/coupon/query', { body: { filters: { code } } })).then((d) => d.records[0]);

describe('coupon templates', () => {
  it('keeps only the chosen type’s value part, and locks it once effective', async () => {
    const created = await okData<Record<string, unknown>>(
      admin.post('/v1/coupon-template/saveNew', {
        body: {
          name: '九折券',
          lineType: 'all_discount',
          rule: { allDiscountRate: 9, allDiscountCap: '20.00', cashValue: '5.00' },
          threshold: 100,
        },
      }),
    );
    expect(created).toMatchObject({ lineType: 'all_discount', rule: { allDiscountRate: 9, allDiscountCap: 20 }, state: 'DRAFT' });
    // Another type's member is not kept: the rule holds the chosen type's value part only.
    expect(created.rule).not.toHaveProperty('cashValue');
    expect(created.number).toMatch(/^QT\d{8}$/);
    await okData(admin.post('/v1/coupon-template/enable', { query: { id: created.id as number } }));
    const locked = await admin.post('/v1/coupon-template/modify', {
      body: { id: created.id, version: (created.version as number) + 1, rule: { allDiscountRate: 8, allDiscountCap: '20.00' } },
    });
    expect(locked.status, JSON.stringify(locked.body)).toBe(400);
    expect(locked.body.data.fields.map((f: { field: string }) => f.field)).toEqual(['rule']);
    const renamed = await okData(
      admin.post('/v1/coupon-template/modify', {
        body: { id: created.id, version: (created.version as number) + 1, name: '九折券（新）' },
      }),
    );
    expect(renamed).toMatchObject({ name: '九折券（新）', rule: { allDiscountRate: 9 } });
  });

  it('refuses what the type rules forbid, naming the field', async () => {
    const fieldsOf = async (body: Record<string, unknown>) => {
      const res = await admin.post('/v1/coupon-template/saveNew', { body: { name: 'x', ...body } });
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      return res.body.data.fields.map((f: { field: string }) => f.field);
    };
    expect(await fieldsOf({ lineType: 'random_cash', rule: { randomMin: 5, randomMax: 2 } })).toEqual(['rule.randomMax']);
    expect(await fieldsOf({ lineType: 'all_discount', rule: { allDiscountRate: 12 } })).toEqual(['rule.allDiscountRate']);
    expect(await fieldsOf({ lineType: 'all_cash', rule: {} })).toEqual(['rule.cashValue']);
    expect(await fieldsOf({ lineType: 'all_cash', rule: { cashValue: 5 }, validity: { validityMode: 'FIXED' } })).toEqual([
      'validity.validDates',
    ]);
    expect(await fieldsOf({ lineType: 'goods_cash', rule: { goodsCashValue: 5 } })).toEqual(['goodsScope']);
    expect(await fieldsOf({ lineType: 'all_cash', rule: { cashValue: 5 }, goodsScope: 'INCLUDE' })).toEqual(['goods']);
    expect(await fieldsOf({ lineType: 'goods' })).toEqual(['rule.pickupGoods']);
    expect(await fieldsOf({ lineType: 'exchange_goods', rule: { exchangeGoods: 999999, exchangePrice: 1 } })).toEqual([
      'rule.exchangeGoods',
    ]);
  });

  it('a stopped or draft template issues nothing', async () => {
    const member = await newMember(admin);
    const draft = await okData<{ id: number }>(
      admin.post('/v1/coupon-template/saveNew', { body: { name: 'draft', lineType: 'all_cash', rule: { cashValue: 1 } } }),
    );
    expectRefused(
      await till.post('/v1/coupons/issue', { body: { requestNo: requestNo('I'), templateId: draft.id, memberId: member } }),
      409,
      '未生效',
    );
    const stopped = await effectiveTemplate(admin);
    await okData(admin.post('/v1/coupon-template/stop', { query: { id: stopped }, body: { reason: '活动结束' } }));
    expectRefused(
      await till.post('/v1/coupons/issue', { body: { requestNo: requestNo('I'), templateId: stopped, memberId: member } }),
      409,
      '未生效',
    );
    expect(
      await scene.t.database.db.execute(sql`select 1 from coupons where template in (${draft.id}, ${stopped})`).then((r) => r.rows),
    ).toEqual([]);
  });
});

describe('issuing', () => {
  it('issues random codes of the settings’ format, answers a replay with the first answer and refuses another body', async () => {
    await saveSettings(admin, 'coupon-init', { codeAlphabet: 'DIGITS', codeLength: 16, codePrefix: 'QA' });
    const template = await effectiveTemplate(admin);
    const member = await newMember(admin);
    const no = requestNo('I');
    const first = await till.post('/v1/coupons/issue', { body: { requestNo: no, templateId: template, memberId: member, quantity: 3 } });
    expect(first.body.code, JSON.stringify(first.body)).toBe(2000);
    const codes = first.body.data.coupons.map((c: { code: string }) => c.code);
    expect(new Set(codes).size).toBe(3);
    for (const code of codes) expect(code).toMatch(/^QA\d{16}$/);
    expect(first.body.data.coupons[0].faceValue).toBe('10.00');
    const replay = await till.post('/v1/coupons/issue', { body: { requestNo: no, templateId: template, memberId: member, quantity: 3 } });
    expect(replay.body).toEqual(first.body);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expectRefused(
      await till.post('/v1/coupons/issue', { body: { requestNo: no, templateId: template, memberId: member, quantity: 2 } }),
      409,
      no,
    );
    await saveSettings(admin, 'coupon-init', { codeAlphabet: 'UPPER_ALNUM', codeLength: 12, codePrefix: null });
    expect(await issueOne(till, template, member)).toMatch(/^[2-9A-HJKMNP-Z]{12}$/);
    const digitsTooShort = await admin.post('/v1/coupon-init/save', {
      body: {
        codeAlphabet: 'DIGITS',
        codeLength: 8,
        version: (await okData<{ version: number }>(admin.get('/v1/coupon-init/get'))).version,
      },
    });
    expect(digitsTooShort.body.data.fields[0].field).toBe('codeLength');
  });

  it('computes the validity at issue: N days after a delay (not yet valid, then unused, then expired), or fixed dates', async () => {
    const { clock } = scene;
    clock.set(MONDAY_NOON);
    try {
      const member = await newMember(admin);
      const delayed = await effectiveTemplate(admin, { validity: { validityMode: 'RELATIVE', validDays: 7, delayDays: 1 } });
      const code = await issueOne(till, delayed, member);
      expect(await couponRow(code)).toMatchObject({
        state: 'NOT_STARTED',
        validFrom: '2026-06-02 12:00:00',
        validTo: '2026-06-09 12:00:00',
      });
      clock.set(new Date(MONDAY_NOON.getTime() + DAY));
      expect((await couponRow(code)).state).toBe('UNUSED');
      clock.set(new Date(MONDAY_NOON.getTime() + 8 * DAY));
      expect((await couponRow(code)).state).toBe('EXPIRED');
      expectRefused(await redeem({ code, memberId: member }), 409, '已过期');
      clock.set(MONDAY_NOON);
      const fixed = await effectiveTemplate(admin, { validity: { validityMode: 'FIXED', validDates: ['2026-06-01', '2026-06-30'] } });
      expect(await couponRow(await issueOne(till, fixed, member))).toMatchObject({
        validFrom: '2026-06-01 00:00:00',
        validTo: '2026-07-01 00:00:00',
      });
    } finally {
      clock.set(null);
    }
  });

  it('draws a random cash coupon’s value between its smallest and largest', async () => {
    const template = await effectiveTemplate(admin, { lineType: 'random_cash', rule: { randomMin: '1.00', randomMax: '3.00' } });
    const data = await okData<{ coupons: { faceValue: string }[] }>(
      till.post('/v1/coupons/issue', {
        body: { requestNo: requestNo('I'), templateId: template, memberId: await newMember(admin), quantity: 20 },
      }),
    );
    for (const c of data.coupons) expect(Number(c.faceValue) >= 1 && Number(c.faceValue) <= 3).toBe(true);
  });

  it('refuses an unknown member or template with 404 and a too large quantity with 400', async () => {
    const template = await effectiveTemplate(admin);
    expectRefused(
      await till.post('/v1/coupons/issue', { body: { requestNo: requestNo('I'), templateId: template, memberId: 99999999 } }),
      404,
      '会员不存在',
    );
    expectRefused(
      await till.post('/v1/coupons/issue', { body: { requestNo: requestNo('I'), templateId: 99999999, memberId: await newMember(admin) } }),
      404,
      '券模板不存在',
    );
    const tooMany = await till.post('/v1/coupons/issue', {
      body: { requestNo: requestNo('I'), templateId: template, memberId: 1, quantity: 5000 },
    });
    expect(tooMany.status).toBe(400);
  });
});

describe('voiding and the limits', () => {
  it('a voided coupon gives its place back to the member’s limit, once, but not to the template’s total', async () => {
    const template = await effectiveTemplate(admin, { totalQuantity: 4, perMemberLimit: 2 });
    const [first, second] = [await newMember(admin), await newMember(admin)];
    const issue = (memberId: number) =>
      till.post('/v1/coupons/issue', { body: { requestNo: requestNo('I'), templateId: template, memberId } });
    const code = await issueOne(till, template, first);
    await issueOne(till, template, first);
    expectRefused(await issue(first), 409, '每人限领 2 张');

    const voided = (await couponRow(code)).id as number;
    await okData(admin.post('/v1/coupon/void', { query: { id: voided }, body: { reason: '发错会员' } }));
    await issueOne(till, template, first);
    expect((await admin.post('/v1/coupon/void', { query: { id: voided }, body: { reason: '再次作废' } })).status).toBe(409);
    expectRefused(await issue(first), 409, '每人限领 2 张');

    await issueOne(till, template, second);
    expectRefused(await issue(second), 409, '剩余 0 张');
    const info = await okData<{ issuedCount: number }>(admin.get(`/v1/coupon-template/info/${template}`));
    expect(info.issuedCount).toBe(4);
  });
});

describe('checking a basket, redeeming and undoing', () => {
  it('lists the member’s usable coupons with what each takes off, and why the others do not apply', async () => {
    const { catalogue, clock } = scene;
    clock.set(MONDAY_NOON);
    try {
      const member = await newMember(admin);
      const cash = await issueOne(till, await effectiveTemplate(admin, { name: '满40减10', threshold: 40 }), member);
      const far = await issueOne(till, await effectiveTemplate(admin, { name: '满100减10', threshold: 100 }), member);
      const elsewhere = await issueOne(
        till,
        await effectiveTemplate(admin, { name: '别店券', storeScope: 'INCLUDE', stores: [catalogue.stores[1]] }),
        member,
      );
      const weekend = await issueOne(till, await effectiveTemplate(admin, { name: '周末券', usableTimes: { weekdays: [6, 7] } }), member);
      const evening = await issueOne(
        till,
        await effectiveTemplate(admin, { name: '晚间券', usableTimes: { dayStart: '18:00', dayEnd: '22:00' } }),
        member,
      );
      const checked = await okData<
        { code: string; usable: boolean; reason: string | null; use: { discount: string; lines: unknown[] } | null }[]
      >(till.post('/v1/coupons/applicable', { body: { memberId: member, ...basket('50.00') } }));
      const byCode = new Map(checked.map((c) => [c.code, c]));
      expect(byCode.get(cash)).toMatchObject({
        usable: true,
        reason: null,
        use: { discount: '10.00', lines: [{ lineNo: 1, discount: '10.00' }] },
      });
      expect(byCode.get(far)).toMatchObject({ usable: false, reason: 'threshold', use: null });
      expect(byCode.get(elsewhere)).toMatchObject({ usable: false, reason: 'store' });
      expect(byCode.get(weekend)).toMatchObject({ usable: false, reason: 'time' });
      expect(byCode.get(evening)).toMatchObject({ usable: false, reason: 'time' });
      clock.set(new Date(MONDAY_NOON.getTime() + 5 * DAY + 7 * 3_600_000)); // Saturday 19:00
      const saturday = await okData<{ code: string; usable: boolean }[]>(
        till.post('/v1/coupons/applicable', { body: { memberId: member, ...basket('50.00') } }),
      );
      expect(
        saturday
          .filter((c) => c.usable)
          .map((c) => c.code)
          .sort(),
      ).toEqual([cash, evening, weekend].sort());
    } finally {
      clock.set(null);
    }
  });

  it('redeems once per request number; a second redemption, a voided or another member’s coupon are refused', async () => {
    const member = await newMember(admin);
    const template = await effectiveTemplate(admin);
    const code = await issueOne(till, template, member);
    const body = { requestNo: requestNo('U'), orderNo: requestNo('O'), code, memberId: member, ...basket('45.00') };
    const first = await till.post('/v1/coupons/redeem', { body });
    expect(first.body.data).toMatchObject({ code, discount: '10.00', subject: 'FAV', lines: [{ lineNo: 1, discount: '10.00' }] });
    const replay = await till.post('/v1/coupons/redeem', { body });
    expect(replay.body).toEqual(first.body);
    expectRefused(await redeem({ code, memberId: member }), 409, '已使用');
    expect(await couponRow(code)).toMatchObject({ state: 'USED', orderNo: body.orderNo, discount: 10 });
    // The list filters by the states server modules store, as by those that follow time.
    const byState = async (state: string) =>
      (await okData<{ total: number }>(admin.post('/v1/coupon/query', { body: { filters: { code, state: [state] } } }))).total;
    expect([await byState('USED'), await byState('UNUSED')]).toEqual([1, 0]);

    const other = await newMember(admin);
    const hers = await issueOne(till, template, other);
    expectRefused(await redeem({ code: hers, memberId: member }), 409, '不属于该会员');
    const row = await couponRow(hers);
    expectRefused(await admin.post('/v1/coupon/void', { query: { id: row.id as number }, body: {} }), 400, '');
    await okData(admin.post('/v1/coupon/void', { query: { id: row.id as number }, body: { reason: '客户投诉' } }));
    expectRefused(await redeem({ code: hers, memberId: other }), 409, '已作废');
    expectRefused(await redeem({ code: 'NOSUCHCODE', memberId: member }), 404, 'NOSUCHCODE');
  });

  it("never finds another tenant's coupon", async () => {
    const code = await issueOne(till, await effectiveTemplate(admin), await newMember(admin));
    const otherTenant = await createTenant(scene.t.database);
    const otherAdmin = await signIn(scene.t.app, {
      tenant: otherTenant.code,
      login: otherTenant.adminLogin,
      password: otherTenant.adminPassword,
    });
    const res = await otherAdmin.post('/v1/coupons/redeem', {
      body: { requestNo: requestNo('U'), orderNo: 'O', code, memberId: 1, storeId: 1, lines: [{ goodsId: 1, quantity: 1, amount: 1 }] },
    });
    expectRefused(res, 404, code);
  });

  it('stacks coupons in one order only when the settings and both templates allow it', async () => {
    const member = await newMember(admin);
    const single = await effectiveTemplate(admin);
    const stacking = await effectiveTemplate(admin, { stacking: { stackWithCoupons: true } });
    const orderNo = requestNo('O');
    await okData(redeem({ code: await issueOne(till, stacking, member), memberId: member, orderNo }));
    expectRefused(await redeem({ code: await issueOne(till, single, member), memberId: member, orderNo }), 409, '叠加');
    const second = await issueOne(till, stacking, member);
    expectRefused(await redeem({ code: second, memberId: member, orderNo }), 409, '叠加');
    await saveSettings(admin, 'coupon-init', { stackCoupons: true });
    await okData(redeem({ code: second, memberId: member, orderNo }));
    await saveSettings(admin, 'coupon-init', { stackCoupons: false });
  });

  it('undoes an order’s redemptions once per return number; a points coupon gives and takes back its points', async () => {
    const member = await newMember(admin);
    const code = await issueOne(till, await effectiveTemplate(admin, { lineType: 'points', rule: { pointsValue: 30 } }), member);
    const orderNo = requestNo('O');
    expect(await okData(redeem({ code, memberId: member, orderNo }))).toMatchObject({ discount: '0.00', points: 30 });
    const balance = async () =>
      Number(
        (
          await scene.t.database.db.execute<{ b: string }>(
            sql`select coalesce(sum(delta), 0) as b from points_entries where member_id = ${member}`,
          )
        ).rows[0].b,
      );
    expect(await balance()).toBe(30);
    const returnNo = requestNo('R');
    const undone = await till.post('/v1/coupons/undo', { body: { returnNo, orderNo } });
    expect(undone.body.data).toEqual({ returnNo, orderNo, coupons: [{ couponId: expect.any(Number), code, state: 'UNUSED' }] });
    expect((await till.post('/v1/coupons/undo', { body: { returnNo, orderNo } })).body).toEqual(undone.body);
    expect(await balance()).toBe(0);
    expect((await couponRow(code)).state).toBe('UNUSED');
    expectRefused(await till.post('/v1/coupons/undo', { body: { returnNo: requestNo('R'), orderNo } }), 404, orderNo);
    const history = await okData<{ action: string }[]>(admin.get(`/v1/coupon/history/${(await couponRow(code)).id as number}`));
    expect(history.map((h) => h.action)).toEqual(['undo', 'redeem']);
  });

  it('keeps a points coupon used when its points were spent: an undo that cannot take them back in full gives nothing twice', async () => {
    const member = await newMember(admin);
    const code = await issueOne(till, await effectiveTemplate(admin, { lineType: 'points', rule: { pointsValue: 50 } }), member);
    const points = async () =>
      (await okData<{ balance: number }>(admin.get('/v1/points/account', { query: { memberId: member } }))).balance;
    const orderNo = requestNo('O');
    expect(await okData(redeem({ code, memberId: member, orderNo }))).toMatchObject({ points: 50 });
    await okData(admin.post('/v1/points/spend', { body: { requestNo: requestNo('S'), memberId: member, points: 20 } }));
    expect(await points()).toBe(30);
    // The order is returned: 30 of the coupon's 50 points are left, so it is not taken back and stays used.
    const returnNo = requestNo('R');
    const undone = await okData(till.post('/v1/coupons/undo', { body: { returnNo, orderNo } }));
    expect(undone).toEqual({ returnNo, orderNo, coupons: [{ couponId: expect.any(Number), code, state: 'USED' }] });
    expect(await points()).toBe(30);
    expect((await couponRow(code)).state).toBe('USED');
    expectRefused(await redeem({ code, memberId: member, orderNo: requestNo('O') }), 409, code);
    expect(await points()).toBe(30);
  });

  it('refuses a basket naming unknown goods or a bad amount with 400 naming the field', async () => {
    const member = await newMember(admin);
    const bad = await till.post('/v1/coupons/applicable', {
      body: { memberId: member, storeId: scene.catalogue.stores[0], lines: [{ goodsId: 99999999, quantity: 1, amount: 1 }] },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.data.fields[0].field).toBe('lines.0.goodsId');
    const amount = await till.post('/v1/coupons/applicable', { body: { memberId: member, ...basket('1.234') } });
    expect(amount.body.data.fields[0].field).toBe('lines.0.amount');
  });
});

describe('who may do what', () => {
  it('a reader lists and checks coupons but can neither redeem, issue nor void', async () => {
    const { reader } = scene;
    const member = await newMember(admin);
    const template = await effectiveTemplate(admin);
    const code = await issueOne(till, template, member);
    const list = await okData<{ total: number }>(reader.post('/v1/coupon/query', { body: { filters: { member, state: ['UNUSED'] } } }));
    expect(list.total).toBe(1);
    await okData(reader.post('/v1/coupons/applicable', { body: { memberId: member, ...basket() } }));
    expect((await redeem({ code, memberId: member }, reader)).status).toBe(403);
    expect(
      (await reader.post('/v1/coupons/issue', { body: { requestNo: requestNo('I'), templateId: template, memberId: member } })).status,
    ).toBe(403);
    expect(
      (await reader.post('/v1/coupon/void', { query: { id: (await couponRow(code)).id as number }, body: { reason: 'x' } })).status,
    ).toBe(403);
    expect((await till.post('/v1/coupon/query', { body: {} })).status).toBe(403);
  });
});
