import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { effectiveTemplate, okData, type CouponScene } from '../helpers/coupon-fixtures';
import type { ApiClient } from '../helpers/fixtures';
import { startGroupSendScene, type GroupSendScene, type Run } from '../helpers/group-send-fixtures';

/**
 * Bulk coupon issues (GROUP_COUPON, issue 28 item 3) through the real API and PostgreSQL: a send
 * freezes the customer group's members when it starts and gives each one coupon set, in the
 * background, with the per-member result on the detail; a member who joins later gets nothing; a
 * job delivered again after it served part of the run (or twice at once) serves nobody twice;
 * pause and resume finish the run, stop leaves the rest unserved; the grants, bad input and the
 * value approval rule on audit.
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
const groupOf = (count: number, frozen?: readonly number[]) => helpers.groupOf(count, frozen);
const registerAt = (store: number) => helpers.registerAt(store);
const runOf = (activityId: number, client?: ApiClient) => helpers.runOf(activityId, client);
const ended = (activityId: number) => helpers.ended(activityId);
const results = (activityId: number, filters?: Record<string, unknown>) => helpers.results(activityId, filters);
const frozenRun = (activityId: number) => helpers.frozenRun(activityId);
const deliver = (...args: Parameters<typeof helpers.deliver>) => helpers.deliver(...args);
const awardsPerMember = (activityId: number) => helpers.awardsPerMember(activityId);

/** A GROUP_COUPON activity giving `count` coupons of the template (the scene's unless named) to the group, audited unless asked not to. */
const bulkIssue = (group: number, options: { count?: number; templateId?: number; audit?: boolean } = {}) =>
  helpers.bulkIssue(group, options.templateId ?? template, options);

/** The coupons a member holds of the template (the coupon inquiry's count). */
async function couponsOf(memberId: number, templateId = template): Promise<number> {
  const page = await okData<{ total: number }>(
    admin.post('/v1/coupon/query', { body: { page: 1, pageSize: 1, filters: { member: memberId, template: templateId } } }),
  );
  return page.total;
}

describe('sending coupons to an imported member list', () => {
  it('sends to the static group imported from the list: each listed member once, nobody else', async () => {
    const { members } = await groupOf(3);
    const numbers = await scene.t.database.db.execute<{ member_number: string }>(
      sql`select member_number from members where tenant_id = ${scene.tenant.tenantId} and id = any(${`{${members.slice(0, 2).join(',')}}`}::bigint[])`,
    );
    const list = await okData<{ id: number; added: number }>(
      admin.post('/v1/customer-group/import', { body: { name: `导入名单${Date.now()}`, lines: numbers.rows.map((r) => r.member_number) } }),
    );
    expect(list.added).toBe(2);
    const activity = await bulkIssue(list.id, { count: 1 });
    await okData(admin.post('/v1/group-send/start', { query: { id: activity } }));
    expect(await ended(activity)).toMatchObject({ state: 'DONE', memberCount: 2, issued: 2 });
    expect([await couponsOf(members[0]), await couponsOf(members[1]), await couponsOf(members[2])]).toEqual([1, 1, 0]);
  });
});

describe('sending coupons to a customer group', () => {
  it('gives one coupon set to each member frozen at the start, skips a frozen member with its reason, and not a member who joins later', async () => {
    const { store, group, members } = await groupOf(4, [3]);
    const activity = await bulkIssue(group, { count: 2 });
    expect(await runOf(activity)).toBeNull();

    const started = await okData<Run>(admin.post('/v1/group-send/start', { query: { id: activity } }));
    expect(started).toMatchObject({ memberCount: 4 });
    // Joins the group after the start: the run's recipients were frozen in the start's transaction.
    const late = await registerAt(store);

    const run = await ended(activity);
    expect(run).toMatchObject({ state: 'DONE', memberCount: 4, pending: 0, issued: 3, skipped: 1 });
    for (const member of members.slice(0, 3)) expect(await couponsOf(member)).toBe(2);
    expect(await couponsOf(members[3])).toBe(0);
    expect(await couponsOf(late)).toBe(0);

    const listed = await results(activity);
    expect(listed.total).toBe(4);
    expect(listed.records.map((r) => r.result).sort()).toEqual(['ISSUED', 'ISSUED', 'ISSUED', 'SKIPPED']);
    expect(listed.records.find((r) => r.result === 'SKIPPED')).toMatchObject({ reason: 'memberUnavailable', coupons: 0 });
    expect(listed.records.filter((r) => r.result === 'ISSUED').every((r) => r.coupons === 2)).toBe(true);
    expect((await results(activity, { result: ['SKIPPED'] })).total).toBe(1);

    // One send per activity.
    const again = await admin.post('/v1/group-send/start', { query: { id: activity }, headers: EN });
    expect(again.status).toBe(409);
    expect(again.body.msg).toMatch(/sent already/);
    // The giving is the activity's: its evaluation counts the members and coupons.
    const evaluation = await okData<{ summary: { participants: number; coupons: number } }>(
      admin.post('/v1/activities/evaluation', { body: { activityId: activity } }),
    );
    expect(evaluation.summary).toMatchObject({ participants: 3, coupons: 6 });
  });

  it('serves nobody twice when the job is delivered again after serving part of the run, or twice at once', async () => {
    const { group, members } = await groupOf(5);
    const activity = await bulkIssue(group, { count: 1 });
    const job = await frozenRun(activity);
    // The first delivery serves two members and is "killed" (its slice ends there, nothing enqueued).
    expect(await deliver(job, 2)).toEqual({ served: 2, more: true });
    expect(await runOf(activity)).toMatchObject({ state: 'RUNNING', issued: 2, pending: 3 });
    // Delivered again, twice at once: the three left are served once between them.
    const [a, b] = await Promise.all([deliver(job), deliver(job)]);
    expect(a.served + b.served).toBe(3);
    // And once more after the end: nothing.
    expect(await deliver(job)).toEqual({ served: 0, more: false });
    expect(await runOf(activity)).toMatchObject({ state: 'DONE', memberCount: 5, issued: 5, skipped: 0, pending: 0 });
    for (const member of members) expect(await couponsOf(member)).toBe(1);
    expect(await awardsPerMember(activity)).toEqual([1, 1, 1, 1, 1]);
  });

  it('pauses (a delivery then serves nothing) and finishes once resumed, without the members who joined meanwhile', async () => {
    const { store, group, members } = await groupOf(3);
    const activity = await bulkIssue(group, { count: 1 });
    const job = await frozenRun(activity);
    const paused = await okData<Run>(admin.post('/v1/group-send/pause', { query: { id: job.runId } }));
    expect(paused).toMatchObject({ state: 'PAUSED', pending: 3 });
    expect(await deliver(job)).toEqual({ served: 0, more: false });
    expect((await admin.post('/v1/group-send/pause', { query: { id: job.runId } })).status).toBe(409);
    for (const member of members) expect(await couponsOf(member)).toBe(0);
    // Joins the group while the run is paused: not one of its frozen recipients.
    const late = await registerAt(store);

    expect(await okData<Run>(admin.post('/v1/group-send/resume', { query: { id: job.runId } }))).toMatchObject({ id: job.runId });
    expect(await ended(activity)).toMatchObject({ state: 'DONE', memberCount: 3, issued: 3, pending: 0 });
    for (const member of members) expect(await couponsOf(member)).toBe(1);
    expect(await couponsOf(late)).toBe(0);
    expect((await results(activity)).total).toBe(3);
  });

  it('stops: the members not yet served are skipped as stopped and get nothing, and the run stays stopped', async () => {
    const { group, members } = await groupOf(4);
    const activity = await bulkIssue(group, { count: 1 });
    const job = await frozenRun(activity);
    expect((await deliver(job, 1)).served).toBe(1);
    const stopped = await okData<Run>(admin.post('/v1/group-send/stop', { query: { id: job.runId } }));
    expect(stopped).toMatchObject({ state: 'STOPPED', issued: 1, skipped: 3, pending: 0 });
    expect(await deliver(job)).toEqual({ served: 0, more: false });
    expect((await admin.post('/v1/group-send/resume', { query: { id: job.runId } })).status).toBe(409);
    expect((await Promise.all(members.map((m) => couponsOf(m)))).sort()).toEqual([0, 0, 0, 1]);
    const skipped = await results(activity, { result: ['SKIPPED'] });
    expect(skipped.records.map((r) => r.reason)).toEqual(['stopped', 'stopped', 'stopped']);
  });

  it('skips the members the template has no coupons left for, naming the reason', async () => {
    const { group } = await groupOf(3);
    const scarce = await effectiveTemplate(admin, { name: 'Two left', totalQuantity: 2 });
    const activity = await bulkIssue(group, { templateId: scarce, count: 1 });
    await okData(admin.post('/v1/group-send/start', { query: { id: activity } }));
    expect(await ended(activity)).toMatchObject({ state: 'DONE', issued: 2, skipped: 1 });
    const skipped = await results(activity, { result: ['SKIPPED'] });
    expect(skipped.records.map((r) => r.reason)).toEqual(['soldOut']);
  });

  it("stops the send with the activity's own stop", async () => {
    const { group, members } = await groupOf(2);
    const activity = await bulkIssue(group, { count: 1 });
    const job = await frozenRun(activity);
    await okData(admin.post('/v1/activity/stop', { query: { id: activity }, body: { reason: '不发了' } }));
    expect(await runOf(activity)).toMatchObject({ state: 'STOPPED', skipped: 2 });
    expect(await deliver(job)).toEqual({ served: 0, more: false });
    for (const member of members) expect(await couponsOf(member)).toBe(0);
  });

  it('keeps the group a bulk coupon issue sends to: its delete is refused with 409 and the group stays', async () => {
    const { group } = await groupOf(1);
    await bulkIssue(group, { count: 1 });
    const refused = await admin.post('/v1/customer-group/delete', { query: { id: group } });
    expect(refused.status, JSON.stringify(refused.body)).toBe(409);
    expect((await admin.get(`/v1/customer-group/info/${group}`)).status).toBe(200);
  });
});

describe('who may send, and what is refused', () => {
  it('lets readers see the run and only maintainers start, pause or stop it', async () => {
    const { group } = await groupOf(1);
    const activity = await bulkIssue(group);
    const reader = await helpers.userWith('gsreader', [{ resourceId: '营销/批量发券', action: '活动查看' }]);
    const nobody = await helpers.userWith('gsnobody', [{ resourceId: '券/券查询', action: '数据查看' }]);

    expect((await reader.post('/v1/group-send/start', { query: { id: activity } })).status).toBe(403);
    expect((await nobody.get('/v1/group-send/run', { query: { activityId: activity } })).status).toBe(403);
    expect((await nobody.post('/v1/group-send-recipients/query', { body: { filters: { activityId: activity } } })).status).toBe(403);
    expect(await runOf(activity, reader)).toBeNull();

    const job = await frozenRun(activity);
    for (const move of ['pause', 'resume', 'stop']) {
      expect((await reader.post(`/v1/group-send/${move}`, { query: { id: job.runId } })).status).toBe(403);
    }
    expect(await runOf(activity, reader)).toMatchObject({ id: job.runId, memberCount: 1 });
  });

  it('refuses bad input with 400 naming the field, in the caller’s language', async () => {
    const noId = await admin.post('/v1/group-send/start', { headers: EN });
    expect(noId.status).toBe(400);
    expect(noId.body.data.fields.map((f: { field: string }) => f.field)).toEqual(['id']);
    const textId = await admin.post('/v1/group-send/pause', { query: { id: 'abc' }, headers: EN });
    expect(textId.status).toBe(400);
    expect(textId.body.data.fields[0].field).toBe('id');

    const { group } = await groupOf(1);
    const bad = async (rule: Record<string, unknown>) => {
      const res = await admin.post('/v1/activity/saveNew', {
        headers: EN,
        body: { name: '坏的批量发券', kind: 'GROUP_COUPON', beginTime: '2020-01-01 00:00:00', endTime: '2099-01-01 00:00:00', rule },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      return res.body.data.fields as { field: string; msg: string }[];
    };
    const noGroup = await bad({ groupSendTemplate: template, groupSendCount: 1 });
    expect(noGroup.map((f) => f.field)).toEqual(['rule.groupSendGroup']);
    expect(noGroup[0].msg).not.toMatch(/^[a-z]+\./);
    expect((await bad({ groupSendGroup: group, groupSendTemplate: template, groupSendCount: 0 })).map((f) => f.field)).toEqual([
      'rule.groupSendCount',
    ]);
    const stopped = await effectiveTemplate(admin, { name: 'Stopped soon' });
    await okData(admin.post('/v1/coupon-template/stop', { query: { id: stopped }, body: {} }));
    expect((await bad({ groupSendGroup: group, groupSendTemplate: stopped, groupSendCount: 1 })).map((f) => f.field)).toEqual([
      'rule.groupSendTemplate',
    ]);

    // Not audited yet: no send.
    const draft = await bulkIssue(group, { audit: false });
    const early = await admin.post('/v1/group-send/start', { query: { id: draft }, headers: EN });
    expect(early.status).toBe(409);
    expect(early.body.msg).toMatch(/audited/);
    // Another kind's activity is no bulk issue.
    const unknown = await admin.post('/v1/group-send/start', { query: { id: 999_999_999 } });
    expect(unknown.status).toBe(404);
  });

  it('needs a second person to audit, and to start, a send worth more than the merchant threshold (the set × the members)', async () => {
    const { group } = await groupOf(2);
    const dear = await effectiveTemplate(admin, { name: 'Dear', rule: { cashValue: '500.00' } });
    // 500.00 × 15 coupons × 2 members = 15,000.00, above the default 10,000.00 of coupon value.
    const activity = await bulkIssue(group, { templateId: dear, count: 15, audit: false });
    const refused = await admin.post('/v1/activity/audit', { query: { id: activity }, headers: EN });
    expect(refused.status).toBe(409);
    expect(refused.body.msg).toContain('15000.00');
    const second = await helpers.userWith('gsauditor', [{ resourceId: '营销/批量发券', action: '配置维护' }]);
    await okData(second.post('/v1/activity/audit', { query: { id: activity } }));
    // The maker may not start it alone either, and nothing was frozen by the refused start.
    const makerStart = await admin.post('/v1/group-send/start', { query: { id: activity }, headers: EN });
    expect(makerStart.status).toBe(409);
    expect(makerStart.body.msg).toContain('15000.00');
    expect(await runOf(activity)).toBeNull();
    expect(await okData<Run>(second.post('/v1/group-send/start', { query: { id: activity } }))).toMatchObject({ memberCount: 2 });
    expect(await ended(activity)).toMatchObject({ state: 'DONE', issued: 2 });
  });
});
