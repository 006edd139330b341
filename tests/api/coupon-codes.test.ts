import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { downloadTaskSheet } from '../helpers/workbooks';
import { effectiveTemplate, newMember, okData, requestNo, startCouponScene, type CouponScene } from '../helpers/coupon-fixtures';
import type { ApiClient } from '../helpers/fixtures';

/**
 * Coupon code export (EXPORT_CODE_SEND_COUPON, issue 28 item 1) through the real API and
 * PostgreSQL: the audit generates the campaign's count of random codes, unique per merchant; the
 * export (file centre) holds every one; a code bound to a member becomes the member's coupon once,
 * however many binds race for it; a rebind is 409; the codes' totals count generated, bound and
 * redeemed.
 */

let scene: CouponScene;
let admin: ApiClient;
let template: number;
let serial = 0;

/** A coupon code export campaign, audited unless asked not to. */
async function campaign(
  rule: { codeCount: number; codeLength: number },
  audit = true,
  budget: Record<string, number> = {},
): Promise<number> {
  const created = await okData<{ id: number }>(
    admin.post('/v1/activity/saveNew', {
      body: {
        name: `导出券码${(serial += 1)}`,
        kind: 'EXPORT_CODE_SEND_COUPON',
        beginTime: '2020-01-01 00:00:00',
        endTime: '2099-01-01 00:00:00',
        budget,
        rule: { codeTemplate: template, ...rule },
      },
    }),
  );
  if (audit) await okData(admin.post('/v1/activity/audit', { query: { id: created.id } }));
  return created.id;
}

interface CodesPage {
  records: { code: string; state: string; memberNumber: string | null; couponCode: string | null }[];
  totals: { generated: number; bound: number; redeemed: number };
}
const codesOf = (activityId: number, filters: Record<string, unknown> = {}) =>
  okData<CodesPage>(admin.post('/v1/coupon-codes/query', { body: { page: 1, pageSize: 20, filters: { activityId, ...filters } } }));

/** Every code of the campaign, from the file the file centre exports. */
async function exportedCodes(activityId: number): Promise<string[]> {
  const { taskId } = await okData<{ taskId: number }>(
    admin.post('/v1/coupon-codes/export', { body: { filters: { activityId } }, headers: { locale: 'en_US' } }),
  );
  const [header, ...rows] = await downloadTaskSheet({ app: scene.t.app, client: admin, taskId, locale: 'en_US' });
  const column = (header as string[]).indexOf('Code');
  expect(column).toBeGreaterThanOrEqual(0);
  return rows.map((row) => String(row[column]));
}

const bind = (code: string, memberId: number, locale = 'zh_CN') =>
  admin.post('/v1/coupon-codes/bind', { body: { code, memberId }, headers: { locale } });

beforeAll(async () => {
  scene = await startCouponScene();
  admin = scene.admin;
  template = await effectiveTemplate(admin);
}, 120_000);
afterAll(async () => scene?.t.close());

describe('coupon code export', () => {
  it('generates nothing before the audit, then exactly the count of unique codes of the length asked for', async () => {
    // 1,200 codes of a 10-yuan coupon pass the approval threshold: their maker may not audit them alone.
    const tooMuch = await campaign({ codeCount: 1200, codeLength: 8 }, false);
    const refused = await admin.post('/v1/activity/audit', { query: { id: tooMuch }, headers: { locale: 'en_US' } });
    expect(refused.status).toBe(409);
    expect((await codesOf(tooMuch)).totals.generated).toBe(0);
    // A coupon budget of 900 keeps the worth under the threshold.
    const activityId = await campaign({ codeCount: 1200, codeLength: 8 }, false, { totalCoupons: 900 });
    expect((await codesOf(activityId)).totals).toEqual({ generated: 0, bound: 0, redeemed: 0 });
    await okData(admin.post('/v1/activity/audit', { query: { id: activityId } }));
    expect((await codesOf(activityId)).totals).toEqual({ generated: 1200, bound: 0, redeemed: 0 });

    const codes = await exportedCodes(activityId);
    expect(codes).toHaveLength(1200);
    expect(new Set(codes).size).toBe(1200);
    expect(codes.every((code) => /^[A-HJ-NP-Z2-9]{8}$/.test(code))).toBe(true);
    // Another campaign of the merchant shares none of them.
    const other = await exportedCodes(await campaign({ codeCount: 300, codeLength: 8 }));
    expect(other).toHaveLength(300);
    expect(other.filter((code) => codes.includes(code))).toEqual([]);
  });

  it('refuses a length outside 6–32 or a count of none, naming the field in the caller’s language', async () => {
    for (const rule of [
      { codeCount: 10, codeLength: 33 },
      { codeCount: 10, codeLength: 2 },
      { codeCount: 0, codeLength: 12 },
    ]) {
      const answer = await admin.post('/v1/activity/saveNew', {
        body: {
          name: 'bad',
          kind: 'EXPORT_CODE_SEND_COUPON',
          beginTime: '2020-01-01 00:00:00',
          endTime: '2099-01-01 00:00:00',
          rule: { codeTemplate: template, ...rule },
        },
        headers: { locale: 'en_US' },
      });
      expect(answer.status, JSON.stringify(answer.body)).toBe(400);
      const field = rule.codeCount === 0 ? 'rule.codeCount' : 'rule.codeLength';
      expect(JSON.stringify(answer.body)).toContain(field);
    }
  });

  it('binds a code once under 16 concurrent binds; a rebind is 409 and an unknown code 404', async () => {
    const activityId = await campaign({ codeCount: 5, codeLength: 12 });
    const [code] = await exportedCodes(activityId);
    const members = await Promise.all(Array.from({ length: 16 }, () => newMember(admin)));
    const answers = await Promise.all(members.map((member) => bind(code!, member)));
    const statuses = answers.map((a) => a.status);
    expect(
      statuses.filter((s) => s === 200),
      statuses.join(','),
    ).toHaveLength(1);
    expect(
      statuses.filter((s) => s === 409),
      statuses.join(','),
    ).toHaveLength(15);
    const winner = answers.findIndex((a) => a.status === 200);
    const won = answers[winner]!.body.data as { code: string; memberId: number; coupon: { code: string; validTo: string } };
    expect(won).toMatchObject({ code, activityId, memberId: members[winner] });
    expect(won.coupon.validTo).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);

    // The winner holds one coupon of the template; nobody else got one.
    const held = await okData<{ records: { code: string; memberId?: number }[]; total: number }>(
      admin.post('/v1/coupon/query', { body: { page: 1, pageSize: 100, filters: { template } } }),
    );
    expect(held.records.filter((c) => c.code === won.coupon.code)).toHaveLength(1);
    expect((await codesOf(activityId)).totals).toEqual({ generated: 5, bound: 1, redeemed: 0 });

    const again = await bind(code!, members[winner]!, 'en_US');
    expect(again.status).toBe(409);
    expect(again.body.msg).toContain(code);
    expect(again.body.msg).toMatch(/bound already/);
    const zh = await bind(code!.toLowerCase(), members[0]!);
    expect(zh.status).toBe(409);
    expect(zh.body.msg).toContain('已绑定');
    const unknown = await bind('NOSUCHCODE42', members[0]!, 'en_US');
    expect(unknown.status).toBe(404);
    expect(unknown.body.msg).toContain('NOSUCHCODE42');
    // A stopped campaign binds no more of its codes.
    await okData(admin.post('/v1/activity/stop', { query: { id: activityId }, body: { reason: 'test over' } }));
    const [, other] = await exportedCodes(activityId);
    const late = await bind(other!, members[0]!, 'en_US');
    expect(late.status).toBe(409);
    expect(late.body.msg).toMatch(/not running/);
    const malformed = await bind('has space-and-dash', members[0]!, 'en_US');
    expect(malformed.status).toBe(400);
    expect(JSON.stringify(malformed.body)).toContain('code');
  });

  it('counts a bound code’s coupon as redeemed once used at a till, and shows who holds it', async () => {
    const activityId = await campaign({ codeCount: 3, codeLength: 10 });
    const [first, second] = await exportedCodes(activityId);
    const member = await newMember(admin);
    const bound = await okData<{ coupon: { code: string } }>(bind(first!, member));
    await okData(bind(second!, member));
    const redeemed = await scene.till.post('/v1/coupons/redeem', {
      body: {
        requestNo: requestNo('U'),
        code: bound.coupon.code,
        memberId: member,
        orderNo: requestNo('O'),
        storeId: scene.catalogue.stores[0],
        lines: [{ goodsId: scene.catalogue.plainGoods, quantity: 1, amount: '50.00' }],
      },
    });
    expect(redeemed.status, JSON.stringify(redeemed.body)).toBe(200);
    const page = await codesOf(activityId);
    expect(page.totals).toEqual({ generated: 3, bound: 2, redeemed: 1 });
    const byCode = Object.fromEntries(page.records.map((r) => [r.code, r]));
    expect(byCode[first!]).toMatchObject({ state: 'USED', couponCode: bound.coupon.code });
    expect(byCode[second!]?.state).toBe('BOUND');
    expect((await codesOf(activityId, { state: 'UNBOUND' })).totals.generated).toBe(1);
    // Someone who reads only the coupon list reads no campaign's codes.
    expect((await scene.reader.post('/v1/coupon-codes/query', { body: { page: 1, pageSize: 10, filters: { activityId } } })).status).toBe(
      403,
    );
  });

  it("redeems a code at the till without a bind first: it becomes the redeeming member's coupon, once", async () => {
    const activityId = await campaign({ codeCount: 2, codeLength: 8 });
    const [code] = await exportedCodes(activityId);
    const member = await newMember(admin);
    const other = await newMember(admin);
    const redeem = (memberId: number, no = requestNo('U'), locale = 'zh_CN', presented = code!.toLowerCase()) =>
      scene.till.post('/v1/coupons/redeem', {
        headers: { locale },
        body: {
          requestNo: no,
          code: presented,
          memberId,
          orderNo: `O-${no}`,
          storeId: scene.catalogue.stores[0],
          lines: [{ goodsId: scene.catalogue.plainGoods, quantity: 1, amount: '50.00' }],
        },
      });
    const no = requestNo('U');
    const redeemed = await redeem(member, no);
    expect(redeemed.status, JSON.stringify(redeemed.body)).toBe(200);
    const page = await codesOf(activityId);
    expect(page.totals).toEqual({ generated: 2, bound: 1, redeemed: 1 });
    const row = page.records.find((r) => r.code === code);
    expect(row).toMatchObject({ state: 'USED', couponCode: redeemed.body.data.code });
    // The same request again: its first answer, nothing more.
    const replay = await redeem(member, no);
    expect(replay.body.data).toEqual(redeemed.body.data);
    expect((await codesOf(activityId)).totals).toEqual({ generated: 2, bound: 1, redeemed: 1 });
    // Another member presenting the code: it is someone else's coupon now.
    const stranger = await redeem(other, requestNo('U'), 'en_US');
    expect(stranger.status).toBe(409);
    // The bind route then finds it bound.
    expect((await bind(code!, other)).status).toBe(409);
    expect(stranger.body.msg).toContain(code!.toLowerCase());
    // A code nobody issued is still unknown.
    expect((await redeem(member, requestNo('U'), 'zh_CN', 'NOSUCHCODE')).status).toBe(404);
  });
});
