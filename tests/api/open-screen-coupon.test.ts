import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStore } from '../helpers/card-fixtures';
import { saveSettings } from '../helpers/stored-value-fixtures';
import { effectiveTemplate, okData, startCouponScene, type CouponScene } from '../helpers/coupon-fixtures';
import type { ApiClient } from '../helpers/fixtures';
import { memberApp, type AppAnswer } from '../helpers/member-app';

/**
 * Splash-screen coupons (OPEN_SCREEN_COUPON, issue 29 item 4) through the real API and
 * PostgreSQL, called as the merchant's app calls them (its application key). The engine's loop:
 * create, simulate before audit, audit, the app asks what the member opening it is offered, the
 * member claims with the offer's token, the offer is gone once the member's limit is reached,
 * stop, evaluate. Only members the customer group selects at the claim may claim: a member
 * outside it is offered nothing and refused with 409 even with a token; one who joins the group
 * later is offered the coupons. Bad input named by field; the group cannot be deleted while used.
 */

let scene: CouponScene;
let admin: ApiClient;
let fromApp: (url: string, body: object) => Promise<AppAnswer>;
let serial = 0;

const EN = { locale: 'en_US' };
const VIEW = 'activity-open-screen-coupon';

beforeAll(async () => {
  scene = await startCouponScene();
  admin = scene.admin;
  fromApp = await memberApp(scene.t.app, admin, 'Member app');
});
afterAll(async () => scene?.t.close());

/** A member registered at a store. */
async function registerAt(store: number): Promise<number> {
  serial += 1;
  const mobile = `137${String(Date.now() % 10_000_000).padStart(7, '0')}`.slice(0, 8) + String(serial).padStart(3, '0');
  return (
    await okData<{ id: number }>(admin.post('/v1/member/saveNew', { body: { name: `开屏会员${serial}`, mobile, registerStore: store } }))
  ).id;
}

/** A store, the customer group of the members registered there, and `count` of them. */
async function storeGroup(count: number): Promise<{ store: number; group: number; members: number[] }> {
  const store = await createStore(admin, '开屏门店');
  const members: number[] = [];
  for (let i = 0; i < count; i += 1) members.push(await registerAt(store));
  const group = await okData<{ id: number }>(
    admin.post('/v1/customer-group/saveNew', {
      body: { name: `开屏客群${(serial += 1)}`, rule: JSON.stringify({ metric: 'registerStore', operator: 'in', value: [store] }) },
    }),
  );
  return { store, group: group.id, members };
}

/** A splash-screen coupon campaign for the group: `count` coupons a claim, a stock, once per member unless told. */
async function splashCampaign(group: number, template: number, options: { count?: number; stock?: number; perMember?: number } = {}) {
  const created = await okData<{ id: number }>(
    admin.post(`/v1/${VIEW}/saveNew`, {
      body: {
        name: `开屏发券 ${(serial += 1)}`,
        beginTime: '2020-01-01 00:00:00',
        endTime: '2099-01-01 00:00:00',
        rule: { openScreenGroup: group, claimTemplate: template, claimCount: options.count ?? 1 },
        budget: { totalCoupons: options.stock ?? 100, perMemberTimes: options.perMember ?? 1 },
      },
    }),
  );
  return created.id;
}

async function audit(id: number): Promise<void> {
  await okData(admin.post(`/v1/${VIEW}/audit`, { query: { id } }));
  await scene.t.app.sessionCache.sync();
}

const offerTo = async (memberId: number) => {
  const answer = await fromApp('/v1/activities/splash-offer', { memberId });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data.offer as { activityId: number; token: string; awards: unknown[]; name: string } | null;
};

const claim = (memberId: number, token: string) => fromApp('/v1/activities/claim', { memberId, token });

const couponsOf = async (template: number, member?: number) =>
  (
    await okData<{ total: number }>(
      admin.post('/v1/coupon/query', { body: { filters: { template, ...(member ? { member } : {}) }, pageSize: 1 } }),
    )
  ).total;

describe('OPEN_SCREEN_COUPON through the contract loop', () => {
  it('offers the coupons to the group’s members opening the app, gives them once on a claim, refuses others, stops, and evaluates', async () => {
    const template = await effectiveTemplate(admin, { name: 'Splash' });
    const { store, group, members } = await storeGroup(2);
    const [member, second] = members;
    const outsider = await registerAt(await createStore(admin, '别的门店'));
    const id = await splashCampaign(group, template, { count: 2, stock: 10 });

    // Before its audit: the detail simulates a member of the group, refuses one outside it; the app offers nothing.
    const simulated = await okData<{ awards: unknown[] }>(
      admin.post('/v1/activities/simulate-claim', { body: { activityId: id, memberId: member } }),
    );
    expect(simulated.awards).toEqual([{ type: 'coupon', templateId: template, count: 2 }]);
    const outside = await admin.post('/v1/activities/simulate-claim', { body: { activityId: id, memberId: outsider }, headers: EN });
    expect(outside.status).toBe(409);
    expect(outside.body.msg).toMatch(/^The member is not in the customer group of "开屏发券 \d+"$/);
    expect(await offerTo(member)).toBeNull();

    await audit(id);
    // The member opens the app: offered the campaign, with a token; claiming gives what the simulator said.
    const offer = await offerTo(member);
    expect(offer).toMatchObject({ activityId: id, awards: simulated.awards });
    const given = await claim(member, offer!.token);
    expect(given.status, JSON.stringify(given.body)).toBe(200);
    expect(given.body.data.couponIds).toHaveLength(2);
    expect(await couponsOf(template, member)).toBe(2);
    // Once per member: opening the app again offers nothing more.
    expect(await offerTo(member)).toBeNull();

    // Outside the group: offered nothing, and a token got another way is refused; nothing issued.
    expect(await offerTo(outsider)).toBeNull();
    const token = await fromApp('/v1/activities/claim-token', { activityId: id, memberId: outsider });
    expect(token.status).toBe(200);
    const refused = await claim(outsider, token.body.data.token);
    expect(refused.status).toBe(409);
    expect(refused.body.msg).toMatch(/not in the customer group/);
    expect(await couponsOf(template, outsider)).toBe(0);

    // The group is read at the claim: a member who joins it now is offered the coupons.
    const newcomer = await registerAt(store);
    expect((await offerTo(newcomer))?.activityId).toBe(id);

    const summary = (
      await okData<{ summary: Record<string, unknown> }>(admin.post('/v1/activities/evaluation', { body: { activityId: id } }))
    ).summary;
    expect(summary).toMatchObject({ participants: 1, transactions: 1, coupons: 2 });

    // Stopped: the second member of the group is offered nothing, and a token made before gives nothing.
    const early = await fromApp('/v1/activities/claim-token', { activityId: id, memberId: second });
    await okData(admin.post(`/v1/${VIEW}/stop`, { query: { id }, body: { reason: 'Test over' } }));
    await scene.t.app.sessionCache.sync();
    expect(await offerTo(second)).toBeNull();
    expect((await claim(second, early.body.data.token)).status).toBe(409);
    expect(await couponsOf(template)).toBe(2);
  });

  it('offers the next campaign when the first one’s stock is spent', async () => {
    const template = await effectiveTemplate(admin, { name: 'Splash stock' });
    const { group, members } = await storeGroup(2);
    const first = await splashCampaign(group, template, { stock: 1 });
    const next = await splashCampaign(group, template, { stock: 5 });
    await audit(first);
    await audit(next);
    const offer = await offerTo(members[0]);
    expect(offer?.activityId).toBe(first);
    expect((await claim(members[0], offer!.token)).status).toBe(200);
    // The first campaign's one coupon is gone: the other member is offered the next campaign.
    expect((await offerTo(members[1]))?.activityId).toBe(next);
  });
});

describe('the merchant’s caps per member', () => {
  it('shows a new campaign only under the cap per day, and the one shown today again', async () => {
    const template = await effectiveTemplate(admin, { name: 'Splash cap' });
    const { group, members } = await storeGroup(1);
    const [member] = members;
    const first = await splashCampaign(group, template, { stock: 5 });
    const second = await splashCampaign(group, template, { stock: 5 });
    await audit(first);
    await audit(second);
    await saveSettings(admin, 'push-plan-setting', { capPerDay: 1, capPerWeek: 5, optOutText: '拒收请回复R' });
    try {
      // The first showing is the day's one touch; reopening the app shows the same campaign again.
      expect((await offerTo(member))?.activityId).toBe(first);
      expect((await offerTo(member))?.activityId).toBe(first);
      const offer = await offerTo(member);
      expect((await claim(member, offer!.token)).status).toBe(200);
      // Claimed: the next campaign would be a second touch today, over the cap of 1: nothing is shown.
      expect(await offerTo(member)).toBeNull();
      // A cap of 2 a day lets the second campaign through, once, and nothing after it.
      await saveSettings(admin, 'push-plan-setting', { capPerDay: 2, capPerWeek: 5, optOutText: '拒收请回复R' });
      expect((await offerTo(member))?.activityId).toBe(second);
    } finally {
      await saveSettings(admin, 'push-plan-setting', { capPerDay: 50, capPerWeek: 50, optOutText: '拒收请回复R' });
    }
  });
});

describe('bad input', () => {
  it('names the field of a missing group; refuses a bad or unknown member on the splash offer; keeps a group in use', async () => {
    const template = await effectiveTemplate(admin, { name: 'Splash bad' });
    const missing = await admin.post(`/v1/${VIEW}/saveNew`, {
      body: {
        name: 'No group',
        beginTime: '2020-01-01 00:00:00',
        endTime: '2099-01-01 00:00:00',
        rule: { claimTemplate: template, claimCount: 1 },
        budget: { totalCoupons: 10 },
      },
      headers: EN,
    });
    expect(missing.status).toBe(400);
    expect((missing.body.data.fields as { field: string }[]).map((f) => f.field)).toEqual(['rule.openScreenGroup']);

    const bad = await fromApp('/v1/activities/splash-offer', { memberId: 'someone' });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body.data)).toContain('memberId');
    expect((await fromApp('/v1/activities/splash-offer', { memberId: 999_999_999 })).status).toBe(404);

    const { group } = await storeGroup(0);
    await splashCampaign(group, template);
    const deleted = await admin.post('/v1/customer-group/delete', { query: { id: group } });
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(409);
  });
});
