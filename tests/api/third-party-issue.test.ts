import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EnumField } from '../../resources/define';
import { applicationResource, grantOf } from '../../resources/setting/application.resource';
import { downloadTaskSheet } from '../helpers/workbooks';
import { effectiveTemplate, newMember, okData, requestNo, startCouponScene, type CouponScene } from '../helpers/coupon-fixtures';
import type { ApiClient } from '../helpers/fixtures';

/**
 * Third-party issuing (THIRD_PARTY_ISSUE, issue 28 item 1) through the real API and PostgreSQL:
 * the campaign's application issues coupons to a member and cancels them, each call once by its
 * own request number (a replay answers the first answer, another body 409, concurrent calls with
 * one number issue once); only that application may call; a cancel voids the unused coupons of
 * one issue, refuses when one was used, and a coupon is either redeemed or cancelled, never both.
 */

let scene: CouponScene;
let admin: ApiClient;
let template: number;
let serial = 0;

interface Answer {
  status: number;
  headers: Record<string, unknown>;
  body: { code: number; msg: string; data: any };
}

/** A call as a partner makes it: its key in the header, no cookie. */
async function withKey(key: string, url: string, body: object, locale = 'zh_CN'): Promise<Answer> {
  const response = await scene.t.app.inject({
    method: 'POST',
    url: `/loyalty${url}`,
    headers: { 'x-api-key': key, locale },
    payload: body,
  });
  return { status: response.statusCode, headers: response.headers, body: response.json() };
}

/** An application holding 营销/第三方发券 · 配置维护, and a key of it. */
async function partner(name: string): Promise<{ id: number; key: string }> {
  const grants = Object.keys((applicationResource.fields.grants as EnumField).options).filter((value) => {
    const { resourceId, action } = grantOf(value);
    return resourceId === '营销/第三方发券' && action === '配置维护';
  });
  expect(grants).toHaveLength(1);
  const app = await okData<{ id: number }>(admin.post('/v1/application/saveNew', { body: { name, kind: 'OTHER', stores: [], grants } }));
  const { key } = await okData<{ key: string }>(admin.post('/v1/application/issueKey', { query: { id: app.id }, body: {} }));
  return { id: app.id, key };
}

/** A THIRD_PARTY_ISSUE campaign of the application, audited unless asked not to. */
async function campaign(
  applicationId: number,
  options: { maxPerRequest?: number; budget?: Record<string, number>; audit?: boolean } = {},
): Promise<number> {
  const created = await okData<{ id: number }>(
    admin.post('/v1/activity/saveNew', {
      body: {
        name: `第三方发券${(serial += 1)}`,
        kind: 'THIRD_PARTY_ISSUE',
        beginTime: '2020-01-01 00:00:00',
        endTime: '2099-01-01 00:00:00',
        budget: options.budget ?? { totalCoupons: 100 },
        rule: {
          thirdApplication: applicationId,
          thirdTemplate: template,
          thirdMaxPerRequest: options.maxPerRequest ?? 3,
          thirdSettlementPrice: 2.5,
        },
      },
    }),
  );
  if (options.audit !== false) await okData(admin.post('/v1/activity/audit', { query: { id: created.id } }));
  return created.id;
}

/** The member's coupons of the template by state (the coupon inquiry). */
async function couponsOf(memberId: number): Promise<{ code: string; state: string; source: string; sourceRef: string }[]> {
  const page = await okData<{ records: { code: string; state: string; source: string; sourceRef: string }[] }>(
    admin.post('/v1/coupon/query', { body: { page: 1, pageSize: 100, filters: { member: memberId, template } } }),
  );
  return page.records;
}

let issuer: { id: number; key: string };

beforeAll(async () => {
  scene = await startCouponScene();
  admin = scene.admin;
  template = await effectiveTemplate(admin);
  issuer = await partner('合作方甲');
}, 120_000);
afterAll(async () => scene?.t.close());

describe('third-party issuing', () => {
  it('issues once per request number: a replay answers the first answer, another body 409 in the caller’s language', async () => {
    const activityId = await campaign(issuer.id);
    const member = await newMember(admin);
    const no = requestNo('T');
    const first = await withKey(issuer.key, '/v1/third-coupon/issue', { requestNo: no, activityId, memberId: member, quantity: 2 });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.data.coupons).toHaveLength(2);
    expect(first.body.data.coupons[0].validTo).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);

    const replay = await withKey(issuer.key, '/v1/third-coupon/issue', { requestNo: no, activityId, memberId: member, quantity: 2 });
    expect(replay.status).toBe(200);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.body.data).toEqual(first.body.data);

    const other = await withKey(
      issuer.key,
      '/v1/third-coupon/issue',
      { requestNo: no, activityId, memberId: member, quantity: 1 },
      'en_US',
    );
    expect(other.status).toBe(409);
    expect(other.body.msg).toContain(no);
    expect(other.body.msg).toMatch(/already used/i);

    const held = await couponsOf(member);
    expect(held).toHaveLength(2);
    expect(held.every((c) => c.source === 'THIRD_PARTY' && c.state === 'UNUSED')).toBe(true);
  });

  it('issues once under 16 concurrent calls with one request number, never a 5xx', async () => {
    const activityId = await campaign(issuer.id);
    const member = await newMember(admin);
    const no = requestNo('C');
    const answers = await Promise.all(
      Array.from({ length: 16 }, (_, i) =>
        withKey(issuer.key, '/v1/third-coupon/issue', { requestNo: no, activityId, memberId: member, quantity: i % 2 === 0 ? 1 : 2 }),
      ),
    );
    const statuses = answers.map((a) => a.status);
    expect(
      statuses.every((s) => s === 200 || s === 409),
      statuses.join(','),
    ).toBe(true);
    const winners = answers.filter((a) => a.status === 200);
    const quantity = winners[0].body.data.coupons.length;
    // Every 200 is the one answer; every 409 asked for the other quantity.
    for (const a of winners) expect(a.body.data).toEqual(winners[0].body.data);
    expect(answers.filter((a) => a.status === 409)).toHaveLength(answers.filter((_, i) => (i % 2 === 0 ? 1 : 2) !== quantity).length);
    expect(await couponsOf(member)).toHaveLength(quantity);
  });

  it('answers only the campaign’s application: another partner 403, a console user 403, bad input 400 naming the field', async () => {
    const activityId = await campaign(issuer.id, { maxPerRequest: 2 });
    const member = await newMember(admin);
    const stranger = await partner('合作方乙');
    const body = { requestNo: requestNo('S'), activityId, memberId: member };
    expect((await withKey(stranger.key, '/v1/third-coupon/issue', body)).status).toBe(403);
    expect((await admin.post('/v1/third-coupon/issue', { body })).status).toBe(403);
    const tooMany = await withKey(issuer.key, '/v1/third-coupon/issue', { ...body, quantity: 3 }, 'en_US');
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.data.fields[0].field).toBe('quantity');
    expect(tooMany.body.data.fields[0].msg).toMatch(/at most 2/);
    // A refused call stored nothing: the number is free.
    expect((await withKey(issuer.key, '/v1/third-coupon/issue', body)).status).toBe(200);
    expect((await withKey(issuer.key, '/v1/third-coupon/issue', { ...body, requestNo: '' })).status).toBe(400);
    expect((await couponsOf(member)).length).toBe(1);
  });

  it('refuses a campaign not audited, and stops at its coupon budget', async () => {
    const draft = await campaign(issuer.id, { audit: false });
    const member = await newMember(admin);
    const closed = await withKey(issuer.key, '/v1/third-coupon/issue', { requestNo: requestNo('D'), activityId: draft, memberId: member });
    expect(closed.status).toBe(409);
    const small = await campaign(issuer.id, { budget: { totalCoupons: 2 } });
    expect(
      (await withKey(issuer.key, '/v1/third-coupon/issue', { requestNo: requestNo('B'), activityId: small, memberId: member, quantity: 2 }))
        .status,
    ).toBe(200);
    const spent = await withKey(
      issuer.key,
      '/v1/third-coupon/issue',
      { requestNo: requestNo('B'), activityId: small, memberId: member },
      'en_US',
    );
    expect(spent.status).toBe(409);
    expect(spent.body.msg).toMatch(/nothing left/);
  });

  it('needs a second person to audit a campaign without a coupon budget (its issuing is unbounded)', async () => {
    const activityId = await campaign(issuer.id, { budget: {}, audit: false });
    const audit = await admin.post('/v1/activity/audit', { query: { id: activityId } });
    expect(audit.status).toBe(409);
    expect(audit.body.code).not.toBe(2000);
  });

  it('cancels the unused coupons of one issue once; a used one refuses the cancel; redeem and cancel never both pass', async () => {
    const activityId = await campaign(issuer.id);
    const member = await newMember(admin);
    const issueNo = requestNo('I');
    const issued = await withKey(issuer.key, '/v1/third-coupon/issue', { requestNo: issueNo, activityId, memberId: member, quantity: 2 });
    expect(issued.status).toBe(200);
    const cancelNo = requestNo('X');
    const cancel = await withKey(issuer.key, '/v1/third-coupon/cancel', { requestNo: cancelNo, activityId, issueRequestNo: issueNo });
    expect(cancel.status, JSON.stringify(cancel.body)).toBe(200);
    expect(cancel.body.data.voided).toEqual(issued.body.data.coupons.map((c: { code: string }) => c.code).sort());
    expect((await couponsOf(member)).map((c) => c.state)).toEqual(['VOIDED', 'VOIDED']);
    // The same cancel again: its first answer; another cancel of the same issue: nothing left to cancel.
    const again = await withKey(issuer.key, '/v1/third-coupon/cancel', { requestNo: cancelNo, activityId, issueRequestNo: issueNo });
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body.data).toEqual(cancel.body.data);
    expect(
      (await withKey(issuer.key, '/v1/third-coupon/cancel', { requestNo: requestNo('X'), activityId, issueRequestNo: issueNo })).status,
    ).toBe(409);
    // An issue that never happened.
    expect(
      (await withKey(issuer.key, '/v1/third-coupon/cancel', { requestNo: requestNo('X'), activityId, issueRequestNo: 'nope' })).status,
    ).toBe(404);

    // Redeem and cancel one coupon at once: exactly one of them passes.
    const raceNo = requestNo('R');
    const race = await withKey(issuer.key, '/v1/third-coupon/issue', { requestNo: raceNo, activityId, memberId: member });
    const code = race.body.data.coupons[0].code as string;
    const [redeemed, cancelled] = await Promise.all([
      scene.till.post('/v1/coupons/redeem', {
        body: {
          requestNo: requestNo('U'),
          code,
          memberId: member,
          orderNo: requestNo('O'),
          storeId: scene.catalogue.stores[0],
          lines: [{ goodsId: scene.catalogue.plainGoods, quantity: 1, amount: '50.00' }],
        },
      }),
      withKey(issuer.key, '/v1/third-coupon/cancel', { requestNo: requestNo('X'), activityId, issueRequestNo: raceNo }),
    ]);
    expect([redeemed.status, cancelled.status].sort()).toEqual([200, 409]);
    const state = (await couponsOf(member)).find((c) => c.code === code)?.state;
    expect(state).toBe(redeemed.status === 200 ? 'USED' : 'VOIDED');
    if (redeemed.status === 200) expect(cancelled.body.msg).toContain(code);
  });

  it('reconciles on the detail: each request with its coupons used and cancelled, the settlement, totals that add up; readers of other entries see nothing', async () => {
    const activityId = await campaign(issuer.id);
    const member = await newMember(admin);
    const kept = requestNo('K');
    const dropped = requestNo('V');
    const first = await withKey(issuer.key, '/v1/third-coupon/issue', { requestNo: kept, activityId, memberId: member, quantity: 3 });
    await withKey(issuer.key, '/v1/third-coupon/issue', { requestNo: dropped, activityId, memberId: member, quantity: 2 });
    await withKey(issuer.key, '/v1/third-coupon/cancel', { requestNo: requestNo('X'), activityId, issueRequestNo: dropped });
    const redeemed = await scene.till.post('/v1/coupons/redeem', {
      body: {
        requestNo: requestNo('U'),
        code: first.body.data.coupons[0].code,
        memberId: member,
        orderNo: requestNo('O'),
        storeId: scene.catalogue.stores[0],
        lines: [{ goodsId: scene.catalogue.plainGoods, quantity: 1, amount: '50.00' }],
      },
    });
    expect(redeemed.status).toBe(200);

    const page = await okData<{ records: Record<string, unknown>[]; totals: Record<string, number> }>(
      admin.post('/v1/third-party-issues/query', { body: { page: 1, pageSize: 10, filters: { activityId } } }),
    );
    const byNo = Object.fromEntries(page.records.map((r) => [r.requestNo, r]));
    expect(byNo[kept]).toMatchObject({ coupons: 3, used: 1, cancelled: 0, settlement: 7.5 });
    expect(byNo[dropped]).toMatchObject({ coupons: 2, used: 0, cancelled: 2, settlement: 0 });
    expect(page.totals).toEqual({ issues: 2, coupons: 5, used: 1, cancelled: 2, settlement: 7.5 });
    // Someone who reads only the coupon list reads no campaign's reconciliation.
    expect(
      (await scene.reader.post('/v1/third-party-issues/query', { body: { page: 1, pageSize: 10, filters: { activityId } } })).status,
    ).toBe(403);
  });
  it('lists each cancel once on 作废券 with its totals, export and detail of the coupons it voided', async () => {
    const activityId = await campaign(issuer.id);
    const member = await newMember(admin);
    const issued = requestNo('I');
    const first = await withKey(issuer.key, '/v1/third-coupon/issue', { requestNo: issued, activityId, memberId: member, quantity: 2 });
    const cancelNo = requestNo('K');
    const cancel = { requestNo: cancelNo, activityId, issueRequestNo: issued, reason: '用户退款' };
    expect((await withKey(issuer.key, '/v1/third-coupon/cancel', cancel)).status).toBe(200);
    // The replay answers the first answer and lists nothing more.
    expect((await withKey(issuer.key, '/v1/third-coupon/cancel', cancel)).headers['idempotent-replayed']).toBe('true');

    const page = await okData<{ records: Record<string, unknown>[]; totals: Record<string, number> }>(
      admin.post('/v1/third-party-cancels/query', { body: { page: 1, pageSize: 10, filters: { activityId } } }),
    );
    expect(page.records).toHaveLength(1);
    expect(page.records[0]).toMatchObject({
      requestNo: cancelNo,
      issueRequestNo: issued,
      applicationName: '合作方甲',
      coupons: 2,
      reason: '用户退款',
    });
    expect(page.totals).toEqual({ cancels: 1, coupons: 2 });
    const byKeyword = await okData<{ records: unknown[] }>(
      admin.post('/v1/third-party-cancels/query', { body: { page: 1, pageSize: 10, filters: { keyword: cancelNo } } }),
    );
    expect(byKeyword.records).toHaveLength(1);

    const detail = await okData<{ records: { code: string; requestNo: string }[]; totals: Record<string, number> }>(
      admin.post('/v1/third-party-cancel-coupons/query', { body: { page: 1, pageSize: 10, filters: { cancelId: page.records[0]!.id } } }),
    );
    const codes = (first.body.data.coupons as { code: string }[]).map((c) => c.code).sort();
    expect(detail.records.map((r) => r.code).sort()).toEqual(codes);
    expect(detail.totals).toEqual({ coupons: 2 });

    const { taskId } = await okData<{ taskId: number }>(
      admin.post('/v1/third-party-cancels/export', { body: { filters: { activityId } }, headers: { locale: 'en_US' } }),
    );
    const [header, ...rows] = await downloadTaskSheet({ app: scene.t.app, client: admin, taskId, locale: 'en_US' });
    expect(header).toContain('Cancel request number');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toContain(cancelNo);
    expect(
      (await scene.reader.post('/v1/third-party-cancels/query', { body: { page: 1, pageSize: 10, filters: { activityId } } })).status,
    ).toBe(403);
  });
});
