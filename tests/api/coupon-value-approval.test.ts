import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { effectiveTemplate, okData, requestNo, startCouponScene, type CouponScene } from '../helpers/coupon-fixtures';
import { signInNewUser, type ApiClient, type ApiResponse } from '../helpers/fixtures';
import { createMembers, pointsOf } from '../helpers/points-fixtures';
import { setValueThresholds } from '../helpers/value-approval-fixtures';

/**
 * Coupons count as value (issue 24 item 1, "gifts of every kind"; server/modules/coupons/coupon-worth.ts):
 * a batch grant of coupons worth more than the merchant's coupon-value threshold (each coupon at
 * what it can take off, × coupons per member × members; a points coupon's points against the
 * points threshold) needs a second person to audit it, and a direct issue
 * (`POST /v1/coupons/issue`, console or till) above it is refused with a message that sends the
 * user to an audited batch document. A batch change of level gives the target level's upgrade
 * incentive points: they count against the points threshold, measured when saved and again at
 * the audit. Default thresholds: 10 000.00 yuan, 10 000 points.
 */

let scene: CouponScene;
let admin: ApiClient;
let checker: ApiClient;

const picked = (ids: readonly number[]) => ids.map((member) => ({ member }));
const draft = (client: ApiClient, body: Record<string, unknown>) =>
  okData<any>(client.post('/v1/batch-operate/saveNew', { body: { operation: 'grantCoupon', selectionMode: 'picked', ...body } }));
const audit = (client: ApiClient, id: number, locale?: string) =>
  client.post('/v1/batch-operate/audit', { query: { id }, ...(locale ? { headers: { locale } } : {}) });
const info = (id: number, client: ApiClient = admin) => okData<any>(client.get(`/v1/batch-operate/info/${id}`));
const issuedCount = async (template: number) => (await okData<any>(admin.get(`/v1/coupon-template/info/${template}`))).issuedCount;
const issue = (client: ApiClient, body: { templateId: number; memberId: number; quantity: number }, locale?: string) =>
  client.post('/v1/coupons/issue', { body: { requestNo: requestNo('CV'), ...body }, ...(locale ? { headers: { locale } } : {}) });

/** Waits until the document's run has ended. */
async function finished(id: number): Promise<any> {
  for (let i = 0; i < 400; i += 1) {
    const doc = await info(id);
    if (doc.state !== 'RUNNING' && doc.state !== 'INITIAL') return doc;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`document ${id} did not finish`);
}

const secondPerson = (kind: string, amount: string, threshold: string) =>
  `需要第二人审核：该单据创建${kind} ${amount}，超过审批阈值 ${threshold}，而您创建或修改过它的金额`;

/** The direct issue's refusal: 409, both languages, nothing issued. */
function expectDirectRefusal(res: ApiResponse, zh: string): void {
  expect(res.status, JSON.stringify(res.body)).toBe(409);
  expect(res.body.msg).toBe(zh);
}

beforeAll(async () => {
  scene = await startCouponScene();
  admin = scene.admin;
  checker = await signInNewUser(scene.t, scene.tenant, { login: 'coupon-checker', grants: 'all' });
});
afterAll(async () => scene?.t.close());

describe('a batch grant of coupons', () => {
  it('above the threshold (100.00 × 10 coupons × 11 members) needs a second person; the detail says so', async () => {
    const template = await effectiveTemplate(admin, { name: '百元券', rule: { cashValue: '100.00' } });
    const members = await createMembers({ client: admin, count: 11 });
    const doc = await draft(admin, { couponTemplate: template, couponCount: 10, lines: picked(members) });
    expect(doc.valueMakers).toEqual([doc.createdBy]);
    expect((await info(doc.id)).approval).toEqual({
      action: 'audit',
      values: [{ kind: 'couponValue', amount: 11_000, threshold: 10_000, above: true }],
      required: true,
      makers: [doc.createdBy],
      mayApprove: false,
    });
    expect((await info(doc.id, checker)).approval.mayApprove).toBe(true);

    const self = await audit(admin, doc.id);
    expect(self.status, JSON.stringify(self.body)).toBe(409);
    expect(self.body.msg).toBe(secondPerson('券价值', '11000.00', '10000.00'));
    expect((await audit(admin, doc.id, 'en_US')).body.msg).toBe(
      'Needs a second person: this document creates 11000.00 of coupon value, above the approval threshold of 10000.00, and you created or changed its amounts',
    );
    expect(await issuedCount(template)).toBe(0);

    await okData(audit(checker, doc.id));
    expect(await finished(doc.id)).toMatchObject({ state: 'EFFECTED', succeededCount: 11 });
    expect(await issuedCount(template)).toBe(110);
  });

  it('lets the maker audit at the threshold; whoever changes the coupons per member becomes a maker; the merchant moves the threshold', async () => {
    const template = await effectiveTemplate(admin, { name: '五十元券', rule: { cashValue: '50.00' } });
    const members = await createMembers({ client: admin, count: 10 });
    // 50.00 × 20 × 10 = 10 000.00: at the threshold, the maker audits.
    const atThreshold = await draft(admin, { couponTemplate: template, couponCount: 20, lines: picked(members) });
    await okData(audit(admin, atThreshold.id));
    expect(await finished(atThreshold.id)).toMatchObject({ state: 'EFFECTED', succeededCount: 10 });

    const doc = await draft(admin, { couponTemplate: template, couponCount: 1, lines: picked(members) });
    // A remark makes no maker; more coupons per member does.
    const remarked = await okData<any>(
      checker.post('/v1/batch-operate/modify', { body: { id: doc.id, version: doc.version, remark: '复核' } }),
    );
    expect(remarked.valueMakers).toEqual([doc.createdBy]);
    const raised = await okData<any>(
      checker.post('/v1/batch-operate/modify', { body: { id: doc.id, version: remarked.version, couponCount: 30 } }),
    );
    expect(raised.valueMakers).toHaveLength(2);
    expect((await info(doc.id)).approval.values).toEqual([{ kind: 'couponValue', amount: 15_000, threshold: 10_000, above: true }]);
    expect((await audit(admin, doc.id)).status).toBe(409);
    expect((await audit(checker, doc.id)).body.msg).toBe(secondPerson('券价值', '15000.00', '10000.00'));

    await setValueThresholds(admin, { couponValueThreshold: '15000.00' });
    await okData(audit(checker, doc.id));
    expect(await finished(doc.id)).toMatchObject({ state: 'EFFECTED', succeededCount: 10 });
    await setValueThresholds(admin, { couponValueThreshold: '10000.00' });
  });

  it("counts a points coupon's points against the points threshold", async () => {
    const template = await effectiveTemplate(admin, { name: '积分券', lineType: 'points', rule: { pointsValue: 5000 } });
    const members = await createMembers({ client: admin, count: 3 });
    const doc = await draft(admin, { couponTemplate: template, couponCount: 1, lines: picked(members) });
    expect((await info(doc.id)).approval.values).toEqual([{ kind: 'points', amount: 15_000, threshold: 10_000, above: true }]);
    expect((await audit(admin, doc.id)).body.msg).toBe(secondPerson('积分', '15000', '10000'));
    await okData(audit(checker, doc.id));
  });
});

describe('coupons issued directly (POST /v1/coupons/issue)', () => {
  it('refuses 101 coupons of 100.00 (10 100.00 above 10 000.00), sending to a batch document; 100 are issued', async () => {
    const template = await effectiveTemplate(admin, { name: '直发百元券', rule: { cashValue: '100.00' } });
    const [member] = await createMembers({ client: admin, count: 1 });
    expectDirectRefusal(
      await issue(admin, { templateId: template, memberId: member, quantity: 101 }),
      '直接发放的 101 张券共计券价值 10100.00，超过审批阈值 10000.00；直接发券没有第二人审核，请改用批量操作单发放（由他人审核）',
    );
    expect((await issue(scene.till, { templateId: template, memberId: member, quantity: 101 }, 'en_US')).body.msg).toBe(
      'Issuing these 101 coupons directly gives 10100.00 of coupon value, above the approval threshold of 10000.00; a direct issue has no second person, use a batch operation document (grant coupons), audited by someone else',
    );
    expect(await issuedCount(template)).toBe(0);
    const given = await okData<any>(issue(scene.till, { templateId: template, memberId: member, quantity: 100 }));
    expect(given.coupons).toHaveLength(100);
  });

  it('measures each type: a discount by its cap, an uncapped one as unbounded, a pick-up coupon by its goods, a points coupon by its points', async () => {
    const [member] = await createMembers({ client: admin, count: 1 });
    const capped = await effectiveTemplate(admin, {
      name: '九折封顶',
      lineType: 'all_discount',
      rule: { allDiscountRate: 9, allDiscountCap: '20.00' },
    });
    await okData(issue(admin, { templateId: capped, memberId: member, quantity: 500 }));
    expect((await issue(admin, { templateId: capped, memberId: member, quantity: 501 })).status).toBe(409);

    const uncapped = await effectiveTemplate(admin, { name: '九折不封顶', lineType: 'all_discount', rule: { allDiscountRate: 9 } });
    expectDirectRefusal(
      await issue(admin, { templateId: uncapped, memberId: member, quantity: 1 }),
      '直接发放的 1 张券共计券价值 不封顶，超过审批阈值 10000.00；直接发券没有第二人审核，请改用批量操作单发放（由他人审核）',
    );
    expect(await issuedCount(uncapped)).toBe(0);

    const goods = scene.catalogue.plainGoods;
    const price = Number((await okData<any>(admin.get(`/v1/product/info/${goods}`))).price);
    const pickup = await effectiveTemplate(admin, {
      name: '提货券',
      lineType: 'goods',
      rule: { pickupGoods: goods, pickupQuantity: 2 },
    });
    // Two coupons of two goods each are within a threshold of 4 × the price, three are not.
    await setValueThresholds(admin, { couponValueThreshold: (price * 4).toFixed(2) });
    await okData(issue(admin, { templateId: pickup, memberId: member, quantity: 2 }));
    expect((await issue(admin, { templateId: pickup, memberId: member, quantity: 3 })).status).toBe(409);
    await setValueThresholds(admin, { couponValueThreshold: '10000.00' });

    const points = await effectiveTemplate(admin, { name: '五千积分券', lineType: 'points', rule: { pointsValue: 5000 } });
    await okData(issue(scene.till, { templateId: points, memberId: member, quantity: 2 }));
    expectDirectRefusal(
      await issue(scene.till, { templateId: points, memberId: member, quantity: 3 }),
      '直接发放的 3 张券共计积分 15000，超过审批阈值 10000；直接发券没有第二人审核，请改用批量操作单发放（由他人审核）',
    );
  });
});

describe('a batch change of level', () => {
  // New members enter at the lowest-rank free level: this one, which gives nothing.
  beforeAll(async () => {
    await okData(
      admin.post('/v1/level/saveNew', { body: { levelType: 'FREE', code: 'BASE', name: '普通会员', rankOrder: 1, growthThreshold: 0 } }),
    );
  });

  /** A free level above any entry level, with upgrade incentives of these points (rank orders are unique). */
  async function levelWithIncentives(args: { code: string; rankOrder: number; points: readonly number[] }): Promise<number> {
    const { code, rankOrder, points } = args;
    const level = await okData<any>(
      admin.post('/v1/level/saveNew', {
        body: { levelType: 'FREE', code, name: `激励等级${code}`, rankOrder, growthThreshold: 900_000 * rankOrder },
      }),
    );
    for (const p of points)
      await okData(admin.post('/v1/upgrade-incentive/saveNew', { body: { name: `升级送${p}`, level: level.id, points: p } }));
    return level.id;
  }
  const changeLevel = (client: ApiClient, targetLevel: number, members: readonly number[]) =>
    draft(client, { operation: 'changeLevel', targetLevel, lines: picked(members) });

  it("counts the target level's upgrade incentive points (6 000 × 2 members) against the points threshold", async () => {
    const level = await levelWithIncentives({ code: 'INC1', rankOrder: 8, points: [4000, 2000] });
    const members = await createMembers({ client: admin, count: 2 });
    const doc = await changeLevel(admin, level, members);
    expect((await info(doc.id)).approval.values).toEqual([{ kind: 'points', amount: 12_000, threshold: 10_000, above: true }]);
    expect((await audit(admin, doc.id)).body.msg).toBe(secondPerson('积分', '12000', '10000'));
    await okData(audit(checker, doc.id));
    expect(await finished(doc.id)).toMatchObject({ state: 'EFFECTED', succeededCount: 2 });
    expect((await pointsOf({ t: scene.t, tenant: scene.tenant, memberId: members[0] })).balance).toBe(6000);
  });

  it('refuses an audit once the incentives grew after the save; saved again, the maker is refused above the threshold', async () => {
    const level = await levelWithIncentives({ code: 'INC2', rankOrder: 9, points: [6000] });
    const [member] = await createMembers({ client: admin, count: 1 });
    const doc = await changeLevel(admin, level, [member]);
    expect((await info(doc.id)).approval.values).toEqual([{ kind: 'points', amount: 6000, threshold: 10_000, above: false }]);
    await okData(admin.post('/v1/upgrade-incentive/saveNew', { body: { name: '后加激励', level, points: 1_000_000 } }));
    const stale = await audit(admin, doc.id);
    expect(stale.status, JSON.stringify(stale.body)).toBe(409);
    expect(stale.body.msg).toBe(`单据“${doc.number}”保存后其赠送的价值已变化（目标等级的升级激励或券的价值），请重新保存后再审核`);
    const saved = await okData<any>(
      admin.post('/v1/batch-operate/modify', { body: { id: doc.id, version: doc.version, remark: '重新保存' } }),
    );
    expect(saved.levelPoints).toBe(1_006_000);
    expect((await audit(admin, doc.id)).body.msg).toBe(secondPerson('积分', '1006000', '10000'));
    expect((await pointsOf({ t: scene.t, tenant: scene.tenant, memberId: member })).balance).toBe(0);
  });
});
