import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EnumField } from '../../resources/define';
import { applicationResource } from '../../resources/setting/application.resource';
import { okData, type CouponScene } from '../helpers/coupon-fixtures';
import type { ApiClient } from '../helpers/fixtures';
import { startGroupSendScene, type GroupSendScene } from '../helpers/group-send-fixtures';
import { adjustPoints, pointsOf } from '../helpers/points-fixtures';

/**
 * A group send's batch given at once (server/modules/activities/group-send, `giveBatch`) for an
 * activity with a budget and with points, through the real API and PostgreSQL: a budget spent
 * mid-batch gives exactly the budget (in member order, the others skipped for the budget), also
 * with two deliveries at once; points are credited once per member even when a batch is served
 * again after its marks were lost, and each member keeps balance = entries = lots, also a
 * member whose lot was due (expired first, then credited).
 */

let scene: CouponScene;
let admin: ApiClient;
let template: number;
let helpers: GroupSendScene['helpers'];

beforeAll(async () => {
  ({ scene, admin, template, helpers } = await startGroupSendScene());
});
afterAll(async () => scene?.t.close());

type Budget = { totalPoints?: number; totalCoupons?: number; totalTimes?: number; perMemberTimes?: number };

/** An audited USER_GROUP_GIFT activity giving the reward to the group, with a budget. */
const groupGift = (group: number, reward: Parameters<typeof helpers.groupGift>[1], budget: Budget = {}) =>
  helpers.groupGift(group, reward, { budget });

const points = (memberId: number) => pointsOf({ t: scene.t, tenant: scene.tenant, memberId });

/** What the activity's total budget bucket has counted. */
async function budgetUsed(activityId: number): Promise<{ times: number; points: number; coupons: number }> {
  const rows = await scene.t.database.db.execute<{ times: string; points: string; coupons: string }>(sql`select times, points, coupons
    from activity_budgets where tenant_id = ${scene.tenant.tenantId} and activity_id = ${activityId} and bucket = 'total'`);
  const row = rows.rows[0];
  return { times: Number(row.times), points: Number(row.points), coupons: Number(row.coupons) };
}

describe('a batch with a budget', () => {
  it('gives exactly the points budget when it runs out mid-batch: the first members in member order, the others skipped for the budget', async () => {
    const { group, members } = await helpers.groupOf(5);
    const activity = await groupGift(group, { rewardPoints: 100 }, { totalPoints: 300 });
    const job = await helpers.frozenRun(activity);
    expect(await helpers.deliver(job)).toEqual({ served: 5, more: false });
    expect(await helpers.runOf(activity)).toMatchObject({ state: 'DONE', issued: 3, skipped: 2, pending: 0 });
    const balances = await Promise.all(members.map(points));
    expect(balances.map((b) => b.balance)).toEqual([100, 100, 100, 0, 0]);
    for (const b of balances) expect(b.sum).toBe(b.balance);
    for (const b of balances) expect(b.lots).toBe(b.balance);
    expect(await budgetUsed(activity)).toEqual({ times: 3, points: 300, coupons: 0 });
    const rows = (await helpers.results(activity)).records;
    expect(rows.filter((r) => r.result === 'SKIPPED').map((r) => r.reason)).toEqual(['budget', 'budget']);
    expect(await helpers.awardsPerMember(activity)).toEqual([1, 1, 1]);
  });

  it('gives exactly the coupon budget with two deliveries at once, and takes a member’s times once', async () => {
    const { group, members } = await helpers.groupOf(6);
    // 2 coupons each, 7 in the budget: three members (6 coupons), the fourth would pass it.
    const activity = await groupGift(
      group,
      { rewardCouponTemplate: template, rewardCouponCount: 2 },
      { totalCoupons: 7, perMemberTimes: 1 },
    );
    const job = await helpers.frozenRun(activity);
    const [a, b] = await Promise.all([helpers.deliver(job), helpers.deliver(job)]);
    expect(a.served + b.served).toBe(6);
    expect(await helpers.runOf(activity)).toMatchObject({ state: 'DONE', issued: 3, skipped: 3, pending: 0 });
    expect(await budgetUsed(activity)).toEqual({ times: 3, points: 0, coupons: 6 });
    const coupons = await scene.t.database.db.execute<{ member: string; n: number }>(sql`select member, count(*)::int as n from coupons
      where tenant_id = ${scene.tenant.tenantId} and source_ref = (select number from activities where id = ${activity})
      group by member order by member`);
    expect(coupons.rows.map((r) => [Number(r.member), r.n])).toEqual(members.slice(0, 3).map((m) => [m, 2]));
    // Each member given counted once in their own bucket; the members skipped for the total gave theirs back.
    const mine = await scene.t.database.db.execute<{ times: string }>(sql`select times from activity_budgets
      where tenant_id = ${scene.tenant.tenantId} and activity_id = ${activity} and bucket like 'member:%' order by bucket`);
    expect(mine.rows.map((r) => Number(r.times)).sort()).toEqual([0, 0, 0, 1, 1, 1]);
  });
});

describe('a batch with points', () => {
  it('credits each member once when a batch is served again after its marks were lost: nothing posted twice', async () => {
    const { group, members } = await helpers.groupOf(3);
    const activity = await groupGift(group, { rewardPoints: 70, rewardCouponTemplate: template, rewardCouponCount: 1 });
    const job = await helpers.frozenRun(activity);
    expect(await helpers.deliver(job)).toEqual({ served: 3, more: false });
    // The batch served again, as if its marks had not been written: every giving is found recorded.
    await scene.t.database.db.execute(sql`update group_send_recipients set result = 'PENDING', reason = null, coupon_ids = null
      where tenant_id = ${scene.tenant.tenantId} and run_id = ${job.runId}`);
    await scene.t.database.db.execute(sql`update group_send_runs set state = 'RUNNING'
      where tenant_id = ${scene.tenant.tenantId} and id = ${job.runId}`);
    expect(await helpers.deliver(job)).toEqual({ served: 3, more: false });
    for (const member of members) expect(await points(member)).toEqual({ balance: 70, sum: 70, lots: 70 });
    const entries = await scene.t.database.db.execute<{ n: number }>(sql`select count(*)::int as n from points_entries
      where tenant_id = ${scene.tenant.tenantId} and idempotency_key like ${`activity:${activity}:group-send:%`}`);
    expect(entries.rows[0].n).toBe(3);
    expect(await helpers.awardsPerMember(activity)).toEqual([1, 1, 1]);
  });

  it('expires a member’s due lot before crediting them, keeping balance = entries = lots', async () => {
    const { group, members } = await helpers.groupOf(3);
    await adjustPoints({ client: admin, grants: [[members[1], 30]] });
    await scene.t.database.db.execute(sql`update points_lots set expires_at = now() - interval '1 day'
      where tenant_id = ${scene.tenant.tenantId} and member_id = ${members[1]}`);
    const activity = await groupGift(group, { rewardPoints: 50 });
    expect((await okData<{ memberCount: number }>(admin.post('/v1/group-send/start', { query: { id: activity } }))).memberCount).toBe(3);
    expect(await helpers.ended(activity)).toMatchObject({ state: 'DONE', issued: 3 });
    for (const member of members) expect(await points(member)).toEqual({ balance: 50, sum: 50, lots: 50 });
    const expired = await scene.t.database.db.execute<{ delta: string }>(sql`select delta from points_entries
      where tenant_id = ${scene.tenant.tenantId} and member_id = ${members[1]} and kind = 'expire'`);
    expect(expired.rows.map((r) => Number(r.delta))).toEqual([-30]);
  });

  it('announces every coupon and points entry of a batch to a subscribed application’s webhook, once each', async () => {
    const { id: application } = await okData<{ id: number }>(
      admin.post('/v1/application/saveNew', {
        body: {
          name: `批量订阅${Date.now()}`,
          kind: 'ERP',
          grants: [Object.keys((applicationResource.fields.grants as EnumField).options)[0]],
          webhookUrl: 'https://hooks.example.test/batch',
          webhookEvents: ['COUPON_ISSUED', 'POINTS_POSTED'],
        },
      }),
    );
    await okData(admin.post('/v1/application/rotateWebhookSecret', { query: { id: application } }));
    // Enough members that the batch's events ask first whether anyone subscribes (outbox.ts MANY_EVENTS).
    const { group, members } = await helpers.groupOf(60);
    const activity = await groupGift(group, { rewardPoints: 5, rewardCouponTemplate: template, rewardCouponCount: 1 });
    const job = await helpers.frozenRun(activity);
    expect(await helpers.deliver(job)).toEqual({ served: 60, more: false });
    const events = await scene.t.database.db.execute<{ event: string; n: number; members: number }>(sql`select event, count(*)::int as n,
        count(distinct member_id)::int as members
      from webhook_deliveries where tenant_id = ${scene.tenant.tenantId} and application_id = ${application}
        and member_id = any(${`{${members.join(',')}}`}::bigint[])
      group by event order by event`);
    expect(events.rows).toEqual([
      { event: 'COUPON_ISSUED', n: 60, members: 60 },
      { event: 'POINTS_POSTED', n: 60, members: 60 },
    ]);
  });
});
