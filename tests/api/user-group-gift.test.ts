import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { okData, type CouponScene } from '../helpers/coupon-fixtures';
import type { ApiClient } from '../helpers/fixtures';
import { startGroupSendScene, type GroupSendScene, type Run } from '../helpers/group-send-fixtures';
import { pointsOf } from '../helpers/points-fixtures';

/**
 * Customer group gifts (USER_GROUP_GIFT, issue 29 item 4, entry 精准营销) through the real API and
 * PostgreSQL, on the send runs of bulk coupon issues: created and audited, a send gives every
 * member frozen at its start the points (through the points ledger) and coupons once, with the
 * per-member result; a job delivered again after a kill, or twice at once, gives nobody points
 * twice; points above the merchant's points threshold need a second person; the entry's grants.
 */

let scene: CouponScene;
let admin: ApiClient;
let template: number;
let helpers: GroupSendScene['helpers'];

beforeAll(async () => {
  ({ scene, admin, template, helpers } = await startGroupSendScene());
});
afterAll(async () => scene?.t.close());

const EN = { locale: 'en_US' };

/** A USER_GROUP_GIFT activity giving the reward to the group, audited unless asked not to. */
const groupGift = (...args: Parameters<typeof helpers.groupGift>) => helpers.groupGift(...args);

const balanceOf = async (memberId: number) => (await pointsOf({ t: scene.t, tenant: scene.tenant, memberId })).balance;

/** The coupons a member holds of the template (the coupon inquiry's count). */
async function couponsOf(memberId: number): Promise<number> {
  const page = await okData<{ total: number }>(
    admin.post('/v1/coupon/query', { body: { page: 1, pageSize: 1, filters: { member: memberId, template } } }),
  );
  return page.total;
}

describe('gifts to a customer group', () => {
  it('is created under precision marketing, audited and sent: each member frozen at the start gets the points and coupons once, with the result per member', async () => {
    const { store, group, members } = await helpers.groupOf(3, [2]);
    const activity = await groupGift(group, { rewardPoints: 300, rewardCouponTemplate: template, rewardCouponCount: 1 });
    const info = await okData<{ family: string; state: string }>(admin.get(`/v1/activity/info/${activity}`));
    expect(info).toMatchObject({ family: 'PRECISION_MARKETING', state: 'PROCESSING' });
    // The entry's list shows it.
    const listed = await okData<{ records: { id: number }[] }>(
      admin.post('/v1/activity-family-precision-marketing/query', { body: { page: 1, pageSize: 100 } }),
    );
    expect(listed.records.map((r) => r.id)).toContain(activity);

    const started = await okData<Run>(admin.post('/v1/group-send/start', { query: { id: activity } }));
    expect(started).toMatchObject({ memberCount: 3 });
    const late = await helpers.registerAt(store);
    expect(await helpers.ended(activity)).toMatchObject({ state: 'DONE', memberCount: 3, issued: 2, skipped: 1, pending: 0 });

    expect(await balanceOf(members[0])).toBe(300);
    expect(await balanceOf(members[1])).toBe(300);
    expect(await couponsOf(members[0])).toBe(1);
    expect(await balanceOf(members[2])).toBe(0);
    expect(await balanceOf(late)).toBe(0);

    const rows = (await helpers.results(activity)).records;
    expect(rows.map((r) => `${r.result}:${r.points}:${r.coupons}`).sort()).toEqual(['ISSUED:300:1', 'ISSUED:300:1', 'SKIPPED:0:0']);
    expect(rows.find((r) => r.result === 'SKIPPED')?.reason).toBe('memberUnavailable');
    const evaluation = await okData<{ summary: { participants: number; points: number } }>(
      admin.post('/v1/activities/evaluation', { body: { activityId: activity } }),
    );
    expect(evaluation.summary).toMatchObject({ participants: 2, points: 600 });
  });

  it('gives nobody points twice when the send is delivered again after a kill, twice at once, and after it ended', async () => {
    const { group, members } = await helpers.groupOf(4);
    const activity = await groupGift(group, { rewardPoints: 50 });
    const job = await helpers.frozenRun(activity);
    expect(await helpers.deliver(job, 1)).toEqual({ served: 1, more: true });
    const [a, b] = await Promise.all([helpers.deliver(job), helpers.deliver(job)]);
    expect(a.served + b.served).toBe(3);
    expect(await helpers.deliver(job)).toEqual({ served: 0, more: false });
    expect(await helpers.runOf(activity)).toMatchObject({ state: 'DONE', issued: 4, pending: 0 });
    for (const member of members)
      expect(await pointsOf({ t: scene.t, tenant: scene.tenant, memberId: member })).toMatchObject({ balance: 50, sum: 50 });
    expect(await helpers.awardsPerMember(activity)).toEqual([1, 1, 1, 1]);
    // A second start of the same activity is refused: one send per activity.
    expect((await admin.post('/v1/group-send/start', { query: { id: activity } })).status).toBe(409);
  });

  it('refuses a gift giving nothing, naming the field in the caller’s language', async () => {
    const { group } = await helpers.groupOf(1);
    const res = await admin.post('/v1/activity/saveNew', {
      headers: EN,
      body: {
        name: '空礼',
        kind: 'USER_GROUP_GIFT',
        beginTime: '2020-01-01 00:00:00',
        endTime: '2099-01-01 00:00:00',
        rule: { groupSendGroup: group },
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    const fields = res.body.data.fields as { field: string; msg: string }[];
    expect(fields.map((f) => f.field)).toEqual(['rule.rewardPoints']);
    expect(fields[0].msg).not.toMatch(/^[a-z]+\./);
  });
});

describe('who may send a group gift', () => {
  it('needs a second person to audit, and to start, a gift of more points than the merchant threshold (points × the members)', async () => {
    const { group, members } = await helpers.groupOf(2);
    // 6,000 points × 2 members = 12,000, above the default threshold of 10,000 points.
    const activity = await groupGift(group, { rewardPoints: 6000 }, { audit: false });
    const refused = await admin.post('/v1/activity/audit', { query: { id: activity }, headers: EN });
    expect(refused.status).toBe(409);
    expect(refused.body.msg).toContain('12000');
    const second = await helpers.userWith('uggauditor', [{ resourceId: '营销/精准营销', action: '配置维护' }]);
    await okData(second.post('/v1/activity/audit', { query: { id: activity } }));
    const makerStart = await admin.post('/v1/group-send/start', { query: { id: activity }, headers: EN });
    expect(makerStart.status).toBe(409);
    expect(await helpers.runOf(activity)).toBeNull();
    expect(await okData<Run>(second.post('/v1/group-send/start', { query: { id: activity } }))).toMatchObject({ memberCount: 2 });
    expect(await helpers.ended(activity)).toMatchObject({ state: 'DONE', issued: 2 });
    for (const member of members) expect(await balanceOf(member)).toBe(6000);
  });

  it('opens the send to the precision-marketing entry’s grants, not the bulk issue’s, and the reverse', async () => {
    const { group } = await helpers.groupOf(1);
    const gift = await groupGift(group, { rewardPoints: 10 });
    const bulk = { id: await helpers.bulkIssue(group, template, { count: 1 }) };
    const reader = await helpers.userWith('uggreader', [{ resourceId: '营销/精准营销', action: '活动查看' }]);
    const bulkMaker = await helpers.userWith('uggbulk', [{ resourceId: '营销/批量发券', action: '配置维护' }]);

    expect((await reader.post('/v1/group-send/start', { query: { id: gift } })).status).toBe(403);
    expect((await bulkMaker.post('/v1/group-send/start', { query: { id: gift } })).status).toBe(403);
    expect((await bulkMaker.get('/v1/group-send/run', { query: { activityId: gift } })).status).toBe(403);
    expect((await reader.get('/v1/group-send/run', { query: { activityId: bulk.id } })).status).toBe(403);

    await okData(admin.post('/v1/group-send/start', { query: { id: gift } }));
    await okData(admin.post('/v1/group-send/start', { query: { id: bulk.id } }));
    await helpers.ended(gift);
    await helpers.ended(bulk.id);
    expect(await helpers.runOf(gift, reader)).toMatchObject({ memberCount: 1 });
    // The per-member results show each reader only the sends of their own entry.
    expect((await helpers.results(gift, {}, reader)).total).toBe(1);
    expect((await helpers.results(bulk.id, {}, reader)).total).toBe(0);
    expect((await helpers.results(gift, {}, bulkMaker)).total).toBe(0);
    expect((await helpers.results(bulk.id, {}, bulkMaker)).total).toBe(1);
  });
});
