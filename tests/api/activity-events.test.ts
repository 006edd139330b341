import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runBirthdayGifts } from '../../server/modules/activities/events/birthday.job';
import { effectiveTemplate, okData, requestNo } from '../helpers/coupon-fixtures';
import { createTenant, signIn, signInNewUser, type ApiClient, type TestTenant } from '../helpers/fixtures';
import { adjustPoints } from '../helpers/points-fixtures';
import { createCatalogue } from '../helpers/stored-value-fixtures';
import { startTestApp, testClock, type TestApp, type TestClock } from '../helpers/test-app';

/**
 * Member events and exchanges (issue 13, server/modules/activities/events/): each kind fires
 * where its event happens, once, within its budget and limits, and only inside its window;
 * the upgrade gift only on a rise; the birthday job run twice gives once; an exchange spends
 * points and issues coupons once per request number.
 */

let t: TestApp;
let clock: TestClock;
let tenant: TestTenant;
let admin: ApiClient;
let till: ApiClient;
let template: number;
let serial = 0;

/** A Shanghai wall time as an instant. */
const at = (text: string) => new Date(`${text.replace(' ', 'T')}+08:00`);
const NOW = '2026-06-15 10:00:00';

function nextMobile(): string {
  serial += 1;
  return `137${String(Date.now() % 100_000).padStart(5, '0')}${String(serial).padStart(3, '0')}`;
}

async function register(body: Record<string, unknown> = {}): Promise<number> {
  const mobile = nextMobile();
  return (await okData<{ id: number }>(admin.post('/v1/member/saveNew', { body: { name: `活动会员${serial}`, mobile, ...body } }))).id;
}

async function balanceOf(memberId: number): Promise<number> {
  const res = await admin.get('/v1/points/account', { query: { memberId } });
  return res.body.code === 2000 ? Number(res.body.data.balance) : 0;
}

async function couponsOf(memberId: number): Promise<number> {
  return (await okData<{ total: number }>(admin.post('/v1/coupon/query', { body: { filters: { member: memberId } } }))).total;
}

/** Creates an activity of a kind (window around NOW unless the body says otherwise) and audits it. */
async function activity(kind: string, body: Record<string, unknown>, audit = true): Promise<number> {
  const created = await okData<{ id: number }>(
    admin.post('/v1/activity/saveNew', {
      body: { name: `${kind} ${(serial += 1)}`, kind, beginTime: '2026-06-01 00:00:00', endTime: '2027-01-01 00:00:00', ...body },
    }),
  );
  if (audit) await okData(admin.post('/v1/activity/audit', { query: { id: created.id } }));
  // The active set is dropped when the change's notice arrives: wait for it.
  await t.app.sessionCache.sync();
  return created.id;
}

async function stop(id: number): Promise<void> {
  await okData(admin.post('/v1/activity/stop', { query: { id }, body: { reason: 'test over' } }));
  await t.app.sessionCache.sync();
}

async function awardsOf(
  activityId: number,
): Promise<{ member_id: number; source_no: string; points: number; coupons: number; cause: string | null }[]> {
  const result = await t.database.db.execute<{
    member_id: number;
    source_no: string;
    points: number;
    coupons: number;
    cause: string | null;
  }>(sql`
    select member_id, source_no, points, coupons, cause from activity_awards
    where tenant_id = ${tenant.tenantId} and activity_id = ${activityId} order by id`);
  return result.rows.map((r) => ({ ...r, member_id: Number(r.member_id), points: Number(r.points), coupons: Number(r.coupons) }));
}

beforeAll(async () => {
  clock = testClock();
  clock.set(at(NOW));
  t = await startTestApp({ clock });
  tenant = await createTenant(t.database);
  admin = await signIn(t.app, { tenant: tenant.code, login: tenant.adminLogin, password: tenant.adminPassword });
  till = await signInNewUser(t, tenant, {
    login: 'etill',
    grants: [{ resourceId: '积分/积分查询/交易接入', action: 'configure' }],
  });
  template = await effectiveTemplate(admin);
});

afterAll(async () => {
  await t?.close();
});

describe('register gift', () => {
  it('gives points and coupons once on registration, within the total budget; a later edit gives nothing', async () => {
    const id = await activity('REGISTER_GIFT', {
      rule: { rewardPoints: 100, rewardCouponTemplate: template, rewardCouponCount: 1 },
      budget: { totalTimes: 2 },
    });
    const first = await register();
    expect(await balanceOf(first)).toBe(100);
    expect(await couponsOf(first)).toBe(1);
    const record = await okData<{ version: number }>(admin.get(`/v1/member/info/${first}`));
    await okData(admin.post('/v1/member/modify', { body: { id: first, version: record.version, remark: 'edited' } }));
    expect(await balanceOf(first)).toBe(100);

    const second = await register();
    const third = await register();
    expect(await balanceOf(second)).toBe(100);
    // The budget of two registrations is spent.
    expect(await balanceOf(third)).toBe(0);
    expect(await couponsOf(third)).toBe(0);
    expect((await awardsOf(id)).map((a) => a.member_id)).toEqual([first, second]);
    // The effect evaluation counts the gifts: two members, their points, the coupons' face value.
    const effect = await okData<{ summary: Record<string, unknown>; byDay: { day: string }[] }>(
      admin.post('/v1/activities/evaluation', { body: { activityId: id } }),
    );
    expect(effect.summary).toMatchObject({ participants: 2, points: 200, coupons: 2, cost: '20.00', salesAmount: '0.00' });
    expect(effect.byDay.map((d) => d.day)).toEqual(['2026-06-15']);
    await stop(id);
  });

  it('a gift whose coupon cannot be issued gives nothing and takes no budget (the whole budget stays)', async () => {
    const scarce = await effectiveTemplate(admin, { name: 'Scarce gift', totalQuantity: 1 });
    await okData(admin.post('/v1/coupons/issue', { body: { requestNo: requestNo('I'), templateId: scarce, memberId: await register() } }));
    const id = await activity('REGISTER_GIFT', { rule: { rewardCouponTemplate: scarce, rewardCouponCount: 1 }, budget: { totalTimes: 1 } });
    const refused = await register();
    expect(await couponsOf(refused)).toBe(0);
    expect(await awardsOf(id)).toEqual([]);
    const info = await okData<{ version: number }>(admin.get(`/v1/coupon-template/info/${scarce}`));
    await okData(admin.post('/v1/coupon-template/modify', { body: { id: scarce, version: info.version, totalQuantity: 10 } }));
    const given = await register();
    const late = await register();
    expect([await couponsOf(given), await couponsOf(late)]).toEqual([1, 0]);
    expect((await awardsOf(id)).map((a) => a.member_id)).toEqual([given]);
    await stop(id);
  });

  it('gives nothing outside its window or once stopped', async () => {
    const later = await activity('REGISTER_GIFT', { rule: { rewardPoints: 5 }, beginTime: '2026-07-01 00:00:00' });
    const stopped = await activity('REGISTER_GIFT', { rule: { rewardPoints: 7 } });
    await stop(stopped);
    const member = await register();
    expect(await balanceOf(member)).toBe(0);
    expect(await awardsOf(later)).toEqual([]);
    await stop(later);
  });
});

describe('scope', () => {
  it('a WeChat registration gift gives members registered through WeChat only', async () => {
    const wechat = await okData<{ id: number }>(
      admin.post('/v1/channel/saveNew', { body: { code: 'WX-OA', name: '公众号', type: 'weixin' } }),
    );
    const id = await activity('REGISTER_GIFT', { rule: { rewardPoints: 15 }, channels: [wechat.id] });
    const fromWechat = await register({ channel: 'weixin' });
    const atStore = await register({ channel: 'store' });
    expect([await balanceOf(fromWechat), await balanceOf(atStore)]).toEqual([15, 0]);
    await stop(id);
  });
});

describe('invite gift', () => {
  it('rewards the inviter once per member invited and the new member once; the inviter limit holds', async () => {
    const id = await activity('INVITE_GIFT', { rule: { rewardPoints: 30, inviteePoints: 20 }, budget: { perMemberTimes: 2 } });
    const inviter = await register();
    const a = await register({ invitedBy: inviter });
    const b = await register({ invitedBy: inviter });
    const c = await register({ invitedBy: inviter });
    expect(await balanceOf(inviter)).toBe(60);
    expect([await balanceOf(a), await balanceOf(b), await balanceOf(c)]).toEqual([20, 20, 20]);
    const awards = await awardsOf(id);
    expect(awards.filter((w) => w.member_id === inviter).map((w) => w.source_no)).toEqual([`invitee:${a}`, `invitee:${b}`]);
    // The inviter cannot be changed afterwards (the engine keeps it), and changing nothing gives nothing.
    const record = await okData<{ version: number }>(admin.get(`/v1/member/info/${a}`));
    await okData(admin.post('/v1/member/modify', { body: { id: a, version: record.version, invitedBy: c, remark: 'edited' } }));
    expect((await okData<{ invitedBy: number }>(admin.get(`/v1/member/info/${a}`))).invitedBy).toBe(inviter);

    // A frozen inviter earns nothing; the new member still gets the invitee reward.
    const frozen = await register();
    await okData(admin.post('/v1/member/freeze', { query: { id: frozen }, body: { reason: 'test' } }));
    const d = await register({ invitedBy: frozen });
    expect([await balanceOf(frozen), await balanceOf(d)]).toEqual([0, 20]);
    expect(await balanceOf(c)).toBe(20);
    await stop(id);
  });
});

describe('activation gift', () => {
  it('gives on activation once; a member already in use is refused and gets nothing', async () => {
    const id = await activity('ACTIVATE_GIFT', { rule: { rewardPoints: 40, rewardCouponTemplate: template, rewardCouponCount: 2 } });
    const member = await register();
    // Members who registered through WeChat wait for activation (no console path registers them so).
    await t.database.db.execute(sql`update members set state = 'unactivated' where tenant_id = ${tenant.tenantId} and id = ${member}`);
    const answer = await okData<{ state: string; activities: { activityId: number; awards: unknown[] }[] }>(
      till.post('/v1/members/activation', { body: { memberId: member } }),
    );
    expect(answer.state).toBe('using');
    expect(answer.activities).toEqual([
      expect.objectContaining({
        activityId: id,
        kind: 'ACTIVATE_GIFT',
        awards: [
          { type: 'points', points: 40 },
          { type: 'coupon', templateId: template, count: 2 },
        ],
      }),
    ]);
    expect(await balanceOf(member)).toBe(40);
    expect(await couponsOf(member)).toBe(2);
    const again = await till.post('/v1/members/activation', { body: { memberId: member } });
    expect(again.status).toBe(409);
    expect(await balanceOf(member)).toBe(40);
    // An unknown member is not found; someone who may only read members may not activate.
    expect((await till.post('/v1/members/activation', { body: { memberId: 999999 } })).status).toBe(404);
    const reader = await signInNewUser(t, tenant, {
      login: 'ereader',
      grants: [{ resourceId: '会员/标准会员', action: '会员资料查看' }],
    });
    expect((await reader.post('/v1/members/activation', { body: { memberId: member } })).status).toBe(403);
    await stop(id);
  });
});

describe('upgrade gift', () => {
  it('gives on a rise to a listed level only, once, recorded with the level change', async () => {
    const level = async (code: string, rankOrder: number, growthThreshold: number) =>
      (
        await okData<{ id: number }>(
          admin.post('/v1/level/saveNew', { body: { levelType: 'FREE', code, name: code, rankOrder, growthThreshold } }),
        )
      ).id;
    const basic = await level('E-BASIC', 1, 0);
    const silver = await level('E-SILVER', 2, 100);
    await okData(admin.post('/v1/grow-value-rule/saveNew', { body: { name: '消费成长', source: 'CONSUMPTION', yuanPerPoint: '1.00' } }));
    const id = await activity('UPGRADE_GIFT', { rule: { upgradeToLevels: [silver], rewardPoints: 70 } });
    // A gift for reaching the entry level: a new member and a drop to it are no rise.
    const toBasic = await activity('UPGRADE_GIFT', { rule: { upgradeToLevels: [basic], rewardPoints: 9 } });

    // The entry level of a new member is no upgrade.
    const member = await register();
    expect((await okData<{ level: number }>(admin.get(`/v1/member/info/${member}`))).level).toBe(basic);
    expect(await awardsOf(id)).toEqual([]);

    const sell = (orderNo: string, amount: string) =>
      okData<{ level: number; points: number }>(
        till.post('/v1/points/transaction', { body: { orderNo, memberId: member, lines: [{ goodsCode: 'G1', quantity: 1, amount }] } }),
      );
    const order = requestNo('UP');
    expect((await sell(order, '120.00')).level).toBe(silver);
    const [award] = await awardsOf(id);
    expect(award).toMatchObject({ member_id: member, source_no: `level:${silver}`, points: 70 });
    expect(award.cause).toMatch(/^level-change:\d+ growth order:/);
    const balance = await balanceOf(member);

    // Down (a full return under a rule that allows dropping) and up again: no second gift.
    const { version } = await okData<{ version: number }>(admin.get('/v1/level-valuate-rule/get'));
    await okData(
      admin.post('/v1/level-valuate-rule/save', { body: { mode: 'REALTIME', canDowngrade: true, protectionMonths: 0, version } }),
    );
    await okData(till.post('/v1/points/return', { body: { returnNo: requestNo('R'), orderNo: order, amount: '120.00' } }));
    expect((await okData<{ level: number }>(admin.get(`/v1/member/info/${member}`))).level).toBe(basic);
    expect((await sell(requestNo('UP'), '150.00')).level).toBe(silver);
    expect(await awardsOf(id)).toHaveLength(1);
    expect(await awardsOf(toBasic)).toEqual([]);
    expect(await balanceOf(member)).toBe(balance - 120 + 150);
    await stop(id);
    await stop(toBasic);
  });
});

describe('birthday gift', () => {
  it('gives solar and lunar birthdays on their day, days before, once per year however often the job runs', async () => {
    const today = await activity('BIRTHDAY_GIFT', {
      birthdayGives: 'POINTS',
      rule: { birthdayDaysBefore: 0, rewardPoints: 88 },
      endTime: '2027-12-31 00:00:00',
    });
    const ahead = await activity('BIRTHDAY_GIFT', {
      birthdayGives: 'POINTS',
      rule: { birthdayDaysBefore: 3, rewardPoints: 11 },
      endTime: '2027-12-31 00:00:00',
    });
    const solar = await register({ birthday: '1990-06-15' });
    const solarAhead = await register({ birthday: '1985-06-18' });
    // 1990-10-03 was the 15th of the 8th lunar month: 25 September 2026.
    const lunar = await register({ birthday: '1990-10-03', birthdayType: 'lunar' });
    const other = await register({ birthday: '1990-06-16' });
    // Born on 10 September: more than a week before the next run, which makes up a week only.
    const missed = await register({ birthday: '1980-09-10' });
    const db = t.database.db;
    const tenantId = tenant.tenantId;

    // 15 June 2026, 00:30 in Shanghai (still the 14th in UTC): the merchant's day decides.
    await runBirthdayGifts({ db, tenantId, now: at('2026-06-15 00:30:00') });
    await runBirthdayGifts({ db, tenantId, now: at('2026-06-15 01:30:00') });
    expect(await balanceOf(solar)).toBe(88);
    expect(await balanceOf(solarAhead)).toBe(11);
    expect(await balanceOf(other)).toBe(0);
    expect(await balanceOf(lunar)).toBe(0);
    expect((await awardsOf(today)).map((a) => [a.member_id, a.source_no])).toEqual([[solar, '2026']]);

    // The lunar birthday. The run makes up the week it missed (from 19 September), so the gift
    // three days ahead serves it too (on the 22nd); run twice, each gives once.
    await runBirthdayGifts({ db, tenantId, now: at('2026-09-25 09:00:00') });
    await runBirthdayGifts({ db, tenantId, now: at('2026-09-25 09:00:00') });
    expect(await balanceOf(lunar)).toBe(88 + 11);
    expect(await balanceOf(solar)).toBe(88);
    expect(await balanceOf(missed)).toBe(0);
    expect((await awardsOf(ahead)).map((a) => [a.member_id, a.source_no])).toEqual([
      [solarAhead, '2026'],
      [lunar, '2026'],
    ]);

    // The next year's birthday is another year: given again.
    await runBirthdayGifts({ db, tenantId, now: at('2027-06-15 08:00:00') });
    expect((await awardsOf(today)).filter((a) => a.member_id === solar).map((a) => a.source_no)).toEqual(['2026', '2027']);

    // Two processes running the job at once give once.
    const july = await register({ birthday: '1991-07-01' });
    await Promise.all([
      runBirthdayGifts({ db, tenantId, now: at('2027-07-01 08:00:00') }),
      runBirthdayGifts({ db, tenantId, now: at('2027-07-01 08:00:00') }),
    ]);
    // (The days-before gift serves it too, on 28 June, made up by the same runs.)
    expect(await balanceOf(july)).toBe(88 + 11);
    expect((await awardsOf(today)).filter((a) => a.member_id === july)).toHaveLength(1);
    expect((await awardsOf(ahead)).filter((a) => a.member_id === july)).toHaveLength(1);
    await stop(today);
    await stop(ahead);
  });
});

describe('exchanges', () => {
  it('spends points for coupons once per request number, within the member limit', async () => {
    const id = await activity('SCORE_GAIN_COUPON', {
      rule: { couponPointsCost: 300, rewardCouponTemplate: template, rewardCouponCount: 1 },
      budget: { perMemberTimes: 2 },
    });
    const member = await register();
    await adjustPoints({ client: admin, grants: [[member, 1000]] });
    const no = requestNo('X');
    const res = await till.post('/v1/activities/exchange', { body: { requestNo: no, activityId: id, memberId: member, quantity: 1 } });
    expect(res.body.code, JSON.stringify(res.body)).toBe(2000);
    expect(res.body.data).toMatchObject({
      requestNo: no,
      points: 300,
      balance: 700,
      awards: [{ type: 'coupon', templateId: template, count: 1 }],
    });
    expect(res.body.data.couponIds).toHaveLength(1);

    // A replay answers the same and spends nothing; another body under the number is refused.
    const replay = await till.post('/v1/activities/exchange', { body: { requestNo: no, activityId: id, memberId: member, quantity: 1 } });
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.body.data).toEqual(res.body.data);
    expect(
      (await till.post('/v1/activities/exchange', { body: { requestNo: no, activityId: id, memberId: member, quantity: 2 } })).status,
    ).toBe(409);
    expect(await balanceOf(member)).toBe(700);

    await okData(till.post('/v1/activities/exchange', { body: { requestNo: requestNo('X'), activityId: id, memberId: member } }));
    // The member limit of two exchanges is reached: refused, nothing spent.
    const third = await till.post('/v1/activities/exchange', { body: { requestNo: requestNo('X'), activityId: id, memberId: member } });
    expect(third.status).toBe(409);
    expect(await balanceOf(member)).toBe(400);
    expect(await couponsOf(member)).toBe(2);
    await stop(id);
  });

  it('spends points for goods; refuses without enough points, outside the window and for an unknown activity', async () => {
    const goods = await activity('SCORE_EXCHANGE_GOODS', {
      rule: { goodsPointsCost: 250, exchangeQuantity: 2, exchangeGoods: (await createCatalogue(admin)).plainGoods },
    });
    const later = await activity('SCORE_GAIN_COUPON', {
      rule: { couponPointsCost: 1, rewardCouponTemplate: template },
      beginTime: '2026-12-01 00:00:00',
    });
    const member = await register();
    await adjustPoints({ client: admin, grants: [[member, 600]] });
    const data = await okData<{ awards: unknown[]; balance: number }>(
      till.post('/v1/activities/exchange', { body: { requestNo: requestNo('G'), activityId: goods, memberId: member, quantity: 2 } }),
    );
    expect(data.balance).toBe(100);
    expect(data.awards).toEqual([{ type: 'gift', goodsCode: expect.any(String), quantity: 4 }]);
    const poor = await till.post('/v1/activities/exchange', { body: { requestNo: requestNo('G'), activityId: goods, memberId: member } });
    expect(poor.status).toBe(409);
    const closed = await till.post('/v1/activities/exchange', { body: { requestNo: requestNo('G'), activityId: later, memberId: member } });
    expect(closed.status).toBe(409);
    const unknown = await till.post('/v1/activities/exchange', {
      body: { requestNo: requestNo('G'), activityId: 999999, memberId: member },
    });
    expect(unknown.status).toBe(404);
    const bad = await till.post('/v1/activities/exchange', {
      body: { requestNo: requestNo('G'), activityId: goods, memberId: member, quantity: 0 },
    });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('quantity');
    expect(await balanceOf(member)).toBe(100);
    await stop(goods);
    await stop(later);
  });
});
