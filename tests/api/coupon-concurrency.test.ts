import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { effectiveTemplate, issueOne, newMember, okData, requestNo, startCouponScene, type CouponScene } from '../helpers/coupon-fixtures';

/**
 * No sequence of requests issues past a limit or redeems a coupon twice: 64 concurrent calls
 * (each with its own request number) against one coupon, one template's last 10, one member's
 * limit of 2. Every call answers 2000 or 409, never a 5xx.
 */

let scene: CouponScene;
beforeAll(async () => {
  scene = await startCouponScene();
});
afterAll(async () => scene?.t.close());

const CALLS = 64;
const codes = (answers: { status: number; body: { code: number } }[]) => answers.map((a) => a.status).sort();
const count = async (query: ReturnType<typeof sql>) => Number((await scene.t.database.db.execute<{ n: string }>(query)).rows[0].n);

describe('coupons under concurrency', () => {
  it('64 concurrent redemptions of one coupon: exactly one succeeds', async () => {
    const { till, admin, catalogue } = scene;
    const member = await newMember(admin);
    const code = await issueOne(till, await effectiveTemplate(admin), member);
    const answers = await Promise.all(
      Array.from({ length: CALLS }, (_, i) =>
        till.post('/v1/coupons/redeem', {
          body: {
            requestNo: requestNo('U'),
            code,
            memberId: member,
            orderNo: `O-${i}`,
            storeId: catalogue.stores[0],
            lines: [{ goodsId: catalogue.plainGoods, quantity: 1, amount: '50.00' }],
          },
        }),
      ),
    );
    const statuses = codes(answers);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(CALLS - 1);
    for (const refused of answers.filter((a) => a.status === 409)) expect(refused.body.msg).toContain(code);
    const used = await count(
      sql`select count(*) as n from coupons where tenant_id = ${scene.tenant.tenantId} and code = ${code} and state = 'USED'`,
    );
    expect(used).toBe(1);
    const history = await count(sql`select count(*) as n from state_changes s join coupons c on c.id = s.record_id
      where s.tenant_id = ${scene.tenant.tenantId} and s.resource = 'coupon' and c.code = ${code} and s.action = 'redeem'`);
    expect(history).toBe(1);
  });

  it('64 concurrent issues against a template with 10 left: exactly 10 coupons', async () => {
    const { till, admin } = scene;
    const template = await effectiveTemplate(admin, { totalQuantity: 15 });
    const first = await newMember(admin);
    await okData(
      till.post('/v1/coupons/issue', { body: { requestNo: requestNo('I'), templateId: template, memberId: first, quantity: 5 } }),
    );
    const members = await Promise.all(Array.from({ length: 4 }, () => newMember(admin)));
    const answers = await Promise.all(
      Array.from({ length: CALLS }, (_, i) =>
        till.post('/v1/coupons/issue', {
          body: { requestNo: requestNo('I'), templateId: template, memberId: members[i % members.length] },
        }),
      ),
    );
    const statuses = codes(answers);
    expect(statuses.filter((s) => s === 200)).toHaveLength(10);
    expect(statuses.filter((s) => s === 409)).toHaveLength(CALLS - 10);
    const issued = await count(
      sql`select count(*) as n from coupons where tenant_id = ${scene.tenant.tenantId} and template = ${template}`,
    );
    expect(issued).toBe(15);
    const info = await okData<{ issuedCount: number; totalQuantity: number }>(admin.get(`/v1/coupon-template/info/${template}`));
    expect(info).toMatchObject({ issuedCount: 15, totalQuantity: 15 });
  });

  it('a member limit of 2 under 64 concurrent requests: 2 coupons', async () => {
    const { till, admin } = scene;
    const template = await effectiveTemplate(admin, { perMemberLimit: 2 });
    const member = await newMember(admin);
    const answers = await Promise.all(
      Array.from({ length: CALLS }, () =>
        till.post('/v1/coupons/issue', { body: { requestNo: requestNo('I'), templateId: template, memberId: member } }),
      ),
    );
    const statuses = codes(answers);
    expect(statuses.filter((s) => s === 200)).toHaveLength(2);
    expect(statuses.filter((s) => s === 409)).toHaveLength(CALLS - 2);
    const held = await count(
      sql`select count(*) as n from coupons where tenant_id = ${scene.tenant.tenantId} and template = ${template} and member = ${member}`,
    );
    expect(held).toBe(2);
    // Another member still gets theirs.
    await issueOne(till, template, await newMember(admin));
  });
});
