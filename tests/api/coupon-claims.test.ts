import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { effectiveTemplate, newMember, okData, startCouponScene, type CouponScene } from '../helpers/coupon-fixtures';
import { createUser, signIn, type ApiClient } from '../helpers/fixtures';
import { startStandIns, type StandIns } from '../helpers/channel-stand-ins';
import { memberApp, type AppAnswer } from '../helpers/member-app';
import { createMembers } from '../helpers/points-fixtures';

/**
 * Coupon claims (MINI_PROGRAM_GAIN_COUPON, issue 28 item 2) through the real API and PostgreSQL,
 * called as the mini program calls them: with its application key. The engine's contract loop
 * (create, simulate before audit, audit, simulate, fire by a claim, stop, evaluate); 64
 * concurrent claims against a stock of 10 give exactly 10; a claim token is single-use (a
 * replay, even 8 at once, gives nothing more) and bound to its member; the per-member and per-day
 * limits; bad input named by field; the value approval rule on audit. A WeChat card coupon claim
 * (WEI_XIN_COUPON) publishes its card through the channel gateway on audit: recorded as not
 * connected while WeChat is not, created (its card id answered by claims) once it is.
 */

let scene: CouponScene;
let admin: ApiClient;
let asMiniProgram: (url: string, body: object) => Promise<AppAnswer>;
let serial = 0;
let standIns: StandIns;

const EN = { locale: 'en_US' };
const VIEW = 'activity-mini-program-gain-coupon';

beforeAll(async () => {
  [scene, standIns] = await Promise.all([startCouponScene(), startStandIns()]);
  admin = scene.admin;
  asMiniProgram = await memberApp(scene.t.app, admin);
});
afterAll(async () => {
  await scene?.t.close();
  await standIns?.close();
});

const tokenFor = async (activityId: number, memberId: number): Promise<string> => {
  const answer = await asMiniProgram('/v1/activities/claim-token', { activityId, memberId });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data.token as string;
};

const claim = (memberId: number, token: string) => asMiniProgram('/v1/activities/claim', { memberId, token });

/** A claim campaign giving `count` coupons of the template per claim from a stock of `stock`, audited unless asked not to. */
async function campaign(
  template: number,
  options: { count?: number; stock?: number; perMember?: number; perDay?: number; audit?: boolean; view?: string } = {},
): Promise<number> {
  const view = options.view ?? VIEW;
  const created = await okData<{ id: number }>(
    admin.post(`/v1/${view}/saveNew`, {
      body: {
        name: `领券 ${(serial += 1)}`,
        beginTime: '2020-01-01 00:00:00',
        endTime: '2099-01-01 00:00:00',
        rule: { claimTemplate: template, claimCount: options.count ?? 1 },
        budget: {
          totalCoupons: options.stock ?? 100,
          perMemberTimes: options.perMember ?? null,
          perMemberPerDayTimes: options.perDay ?? null,
        },
      },
    }),
  );
  if (options.audit !== false) await audit(created.id, admin, view);
  return created.id;
}

async function audit(id: number, client: ApiClient = admin, view = VIEW): Promise<void> {
  await okData(client.post(`/v1/${view}/audit`, { query: { id } }));
  await scene.t.app.sessionCache.sync();
}

/** Coupons of a template held by a member (or by anyone). */
const couponsOf = async (template: number, member?: number) =>
  (
    await okData<{ total: number }>(
      admin.post('/v1/coupon/query', { body: { filters: { template, ...(member ? { member } : {}) }, pageSize: 1 } }),
    )
  ).total;

const evaluation = async (activityId: number) =>
  (await okData<{ summary: Record<string, unknown> }>(admin.post('/v1/activities/evaluation', { body: { activityId } }))).summary;

describe('MINI_PROGRAM_GAIN_COUPON through the contract loop', () => {
  it('simulates before audit, gives on a claim what the simulator said, once per token, stops, and evaluates', async () => {
    const template = await effectiveTemplate(admin, { name: 'Claimed' });
    const member = await newMember(admin);
    const id = await campaign(template, { count: 3, stock: 30, audit: false });

    // Before its audit the detail simulates it; the mini program cannot claim yet.
    const simulated = await okData<{ awards: unknown[] }>(
      admin.post('/v1/activities/simulate-claim', { body: { activityId: id, memberId: member } }),
    );
    expect(simulated.awards).toEqual([{ type: 'coupon', templateId: template, count: 3 }]);
    expect(await couponsOf(template)).toBe(0);
    const early = await claim(member, await tokenFor(id, member));
    expect(early.status).toBe(409);
    expect(early.body.msg).toMatch(/not open for claims/);

    await audit(id);
    const token = await tokenFor(id, member);
    const given = await claim(member, token);
    expect(given.status, JSON.stringify(given.body)).toBe(200);
    expect(given.body.data).toMatchObject({ activityId: id, memberId: member, awards: simulated.awards });
    expect(given.body.data.couponIds).toHaveLength(3);
    expect(await couponsOf(template, member)).toBe(3);

    // The same claim again (a captured request replayed): nothing more.
    const replay = await claim(member, token);
    expect(replay.status).toBe(409);
    expect(replay.body.msg).toBe('This claim token has been used already');
    expect(await couponsOf(template, member)).toBe(3);

    expect(await evaluation(id)).toMatchObject({ participants: 1, transactions: 1, coupons: 3, cost: '30.00' });

    await okData(admin.post(`/v1/${VIEW}/stop`, { query: { id }, body: { reason: 'Test over' } }));
    await scene.t.app.sessionCache.sync();
    const after = await claim(member, await tokenFor(id, member));
    expect(after.status).toBe(409);
    expect(await couponsOf(template, member)).toBe(3);
  });
});

describe('stock, tokens and limits', () => {
  it('gives exactly 10 of 64 concurrent claims against a stock of 10', async () => {
    const template = await effectiveTemplate(admin, { name: 'Ten in stock' });
    const id = await campaign(template, { stock: 10 });
    const members = await createMembers({ client: admin, count: 64 });
    const tokens = await Promise.all(members.map((m) => tokenFor(id, m)));
    const answers = await Promise.all(members.map((m, i) => claim(m, tokens[i])));
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(10);
    expect(statuses.filter((s) => s === 409)).toHaveLength(54);
    for (const refused of answers.filter((a) => a.status === 409)) expect(refused.body.msg).toMatch(/all claimed/);
    expect(await couponsOf(template)).toBe(10);
    expect(await evaluation(id)).toMatchObject({ participants: 10, coupons: 10 });
    // Each winner holds exactly one coupon.
    const holders = answers.flatMap((a, i) => (a.status === 200 ? [members[i]] : []));
    for (const holder of holders) expect(await couponsOf(template, holder)).toBe(1);
  });

  it('gives a token once even when it is replayed 8 times at once, and refuses another member’s, a forged and an ended token', async () => {
    const template = await effectiveTemplate(admin, { name: 'Once per token' });
    const id = await campaign(template, { count: 2 });
    const [member, other] = await createMembers({ client: admin, count: 2 });
    const token = await tokenFor(id, member);
    const answers = await Promise.all(Array.from({ length: 8 }, () => claim(member, token)));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409, 409, 409, 409, 409, 409]);
    expect(await couponsOf(template, member)).toBe(2);

    // Bound to its member.
    const stolen = await claim(other, await tokenFor(id, member));
    expect(stolen.status).toBe(403);
    expect(stolen.body.msg).toBe('This claim token belongs to another member');
    expect(await couponsOf(template, other)).toBe(0);

    // Forged: any change breaks its signature; 400 naming the field.
    const fresh = await tokenFor(id, other);
    const [version, payload, signature] = fresh.split('.');
    const body = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
    const forged = `${version}.${Buffer.from(JSON.stringify({ ...body, a: id + 1 })).toString('base64url')}.${signature}`;
    for (const bad of [forged, 'not-a-token', `${fresh}x`]) {
      const refused = await claim(other, bad);
      expect(refused.status, bad).toBe(400);
      expect(refused.body.data.fields).toEqual([{ field: 'token', msg: 'The claim token is not valid' }]);
    }

    // Ended: ten minutes after it was made.
    scene.clock.set(new Date(Date.now() + 11 * 60_000));
    try {
      const ended = await claim(other, fresh);
      expect(ended.status).toBe(400);
      expect(ended.body.data.fields).toEqual([{ field: 'token', msg: 'The claim token has expired; get a new one' }]);
    } finally {
      scene.clock.set(null);
    }
    expect(await couponsOf(template, other)).toBe(0);
    // Unknown campaign, or a member of none: 404 before any token is made.
    expect((await asMiniProgram('/v1/activities/claim-token', { activityId: 999_999_999, memberId: member })).status).toBe(404);
    expect((await asMiniProgram('/v1/activities/claim-token', { activityId: id, memberId: 999_999_999 })).status).toBe(404);
  });

  it('holds a member to one claim a day and two in all; a refused claim leaves its token unused', async () => {
    const template = await effectiveTemplate(admin, { name: 'Limited' });
    const id = await campaign(template, { perMember: 2, perDay: 1 });
    const member = await newMember(admin);
    // The merchant's zone is Asia/Shanghai (UTC+8): 15:50 UTC is 23:50 there.
    const at = (d: number, hour: number, minute: number) => new Date(Date.UTC(2030, 5, d, hour, minute, 0));
    try {
      scene.clock.set(at(1, 15, 50));
      expect((await claim(member, await tokenFor(id, member))).status).toBe(200);
      scene.clock.set(at(1, 15, 55));
      const secondToday = await tokenFor(id, member);
      const refused = await claim(member, secondToday);
      expect(refused.status).toBe(409);
      expect(refused.body.msg).toMatch(/today's claim limit/);
      // Past midnight there, seven minutes later: the refused token claims, since a refusal did not use it.
      scene.clock.set(at(1, 16, 2));
      expect((await claim(member, secondToday)).status).toBe(200);
      scene.clock.set(at(3, 4, 0));
      const third = await claim(member, await tokenFor(id, member));
      expect(third.status).toBe(409);
      expect(third.body.msg).toMatch(/reached the claim limit/);
      expect(await couponsOf(template, member)).toBe(2);
      // The simulator says the same, and keeps nothing.
      const simulated = await admin.post('/v1/activities/simulate-claim', { body: { activityId: id, memberId: member }, headers: EN });
      expect(simulated.status).toBe(409);
      expect(simulated.body.msg).toMatch(/reached the claim limit/);
    } finally {
      scene.clock.set(null);
    }
    expect(await evaluation(id)).toMatchObject({ participants: 1, transactions: 2, coupons: 2 });
  });
});

describe('saving and auditing a claim campaign', () => {
  const bad = async (body: Record<string, unknown>) => {
    const res = await admin.post(`/v1/${VIEW}/saveNew`, {
      body: { name: 'Bad claim', beginTime: '2020-01-01 00:00:00', endTime: '2099-01-01 00:00:00', ...body },
      headers: EN,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    return res.body.data.fields as { field: string; msg: string }[];
  };

  it('names the field of a missing stock, a stock below one claim, more than 10 coupons a claim, a stopped template', async () => {
    const template = await effectiveTemplate(admin, { name: 'For bad input' });
    expect(await bad({ rule: { claimTemplate: template, claimCount: 1 } })).toEqual([
      { field: 'budget.totalCoupons', msg: 'Set the stock of a claim campaign (its coupon budget)' },
    ]);
    expect(await bad({ rule: { claimTemplate: template, claimCount: 5 }, budget: { totalCoupons: 4 } })).toEqual([
      { field: 'budget.totalCoupons', msg: 'The stock must hold at least one claim (5 coupons)' },
    ]);
    expect((await bad({ rule: { claimTemplate: template, claimCount: 11 }, budget: { totalCoupons: 100 } })).map((f) => f.field)).toEqual([
      'rule.claimCount',
    ]);
    expect((await bad({ rule: { claimCount: 1 }, budget: { totalCoupons: 100 } })).map((f) => f.field)).toEqual(['rule.claimTemplate']);
    const stopped = await effectiveTemplate(admin, { name: 'Stopped soon' });
    await okData(admin.post('/v1/coupon-template/stop', { query: { id: stopped }, body: {} }));
    expect((await bad({ rule: { claimTemplate: stopped, claimCount: 1 }, budget: { totalCoupons: 100 } })).map((f) => f.field)).toEqual([
      'rule.claimTemplate',
    ]);
  });

  it('needs a second person to audit a stock worth more than the merchant threshold', async () => {
    const template = await effectiveTemplate(admin, { name: 'Big stock' });
    // 10.00 × 2,000 coupons = 20,000.00, above the default 10,000.00 of coupon value.
    const id = await campaign(template, { stock: 2000, audit: false });
    const refused = await admin.post(`/v1/${VIEW}/audit`, { query: { id }, headers: EN });
    expect(refused.status).toBe(409);
    expect(refused.body.msg).toContain('20000.00');
    await createUser(scene.t.database, {
      tenantId: scene.tenant.tenantId,
      login: 'claimauditor',
      grants: [{ resourceId: '营销/微信领券', action: '配置维护' }],
    });
    const second = await signIn(scene.t.app, { tenant: scene.tenant.code, login: 'claimauditor', password: scene.tenant.adminPassword });
    await audit(id, second);
    const member = await newMember(admin);
    expect((await claim(member, await tokenFor(id, member))).status).toBe(200);
  });
});

describe('WEI_XIN_COUPON: the card through the channel gateway', () => {
  const WX = 'activity-wei-xin-coupon';
  interface CallRow {
    operation: string;
    outcome: string;
  }
  const cardCalls = async () =>
    (
      await okData<{ records: CallRow[] }>(
        admin.post('/v1/channel-calls/query', { body: { filters: { channel: 'wechat', operation: 'card/create' }, pageSize: 100 } }),
      )
    ).records;
  const cardIdOf = async (id: number) => (await okData<{ wechatCardId: string | null }>(admin.get(`/v1/${WX}/info/${id}`))).wechatCardId;

  it('records the card as not connected while WeChat is not, creates it once WeChat is, and answers its id to claims', async () => {
    const template = await effectiveTemplate(admin, { name: 'WeChat card' });
    const member = await newMember(admin);

    // WeChat not connected: the audit records what it would have sent; claims still give the coupons.
    const offline = await campaign(template, { count: 2, stock: 20, perMember: 1, view: WX });
    expect(await cardCalls()).toMatchObject([{ operation: 'card/create', outcome: 'NOT_CONNECTED' }]);
    expect(await cardIdOf(offline)).toBeNull();
    const given = await claim(member, await tokenFor(offline, member));
    expect(given.status, JSON.stringify(given.body)).toBe(200);
    expect(given.body.data).toMatchObject({ activityId: offline, wechatCardId: null });
    expect(given.body.data.couponIds).toHaveLength(2);

    // Connected (WeChat's stand-in): the card is created, a 10-yuan cash card of the stock's 20.
    const current = await okData<{ version: number }>(admin.get('/v1/wechat-channel/get'));
    await okData(
      admin.post('/v1/wechat-channel/save', {
        body: {
          appId: 'wx0123456789abcdef',
          appSecret: standIns.wechat.appSecret,
          apiBaseUrl: `${standIns.baseUrl}/wechat`,
          version: current.version,
        },
      }),
    );
    const before = standIns.wechat.cardsCreated;
    const online = await campaign(template, { count: 2, stock: 20, perMember: 1, view: WX });
    expect(standIns.wechat.cardsCreated).toBe(before + 1);
    const sent = standIns.received.filter((r) => r.path === '/wechat/card/create').at(-1);
    expect(JSON.parse(sent!.body)).toMatchObject({
      card: { card_type: 'CASH', cash: { reduce_cost: 1000, base_info: { sku: { quantity: 20 }, get_limit: 2 } } },
    });
    const cardId = `pCARD${before + 1}`;
    expect(await cardIdOf(online)).toBe(cardId);
    const second = await claim(member, await tokenFor(online, member));
    expect(second.body.data).toMatchObject({ activityId: online, wechatCardId: cardId });
    // The mini program's campaigns name no card.
    const mini = await campaign(template, { count: 1, stock: 5 });
    expect((await claim(member, await tokenFor(mini, member))).body.data).toMatchObject({ wechatCardId: null });
  });
});
