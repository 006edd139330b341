import { sql } from 'drizzle-orm';
import { vi } from 'vitest';
import { startRun, type GroupSendJob } from '../../server/modules/activities/group-send/group-send.runs';
import { serveRun } from '../../server/modules/activities/group-send/group-send.serve';
import { createStore } from './card-fixtures';
import { effectiveTemplate, okData, startCouponScene, type CouponScene } from './coupon-fixtures';
import type { PermissionRef } from '../../resources/catalog/types';
import { createUser, signIn, type ApiClient } from './fixtures';

/**
 * What the tests of the kinds sent to a group share (bulk coupon issues, customer group gifts,
 * server/modules/activities/group-send): a customer group of fresh members, the run as the detail
 * shows it, its per-member results, and the job delivered by the test itself.
 */

/** The run as `GET /v1/group-send/run` answers it. */
export interface Run {
  id: number;
  state: string;
  memberCount: number;
  pending: number;
  issued: number;
  skipped: number;
}

/** One row of the per-member results (`group-send-recipients`). */
export interface RecipientRow {
  memberNumber: string;
  result: string;
  reason: string | null;
  coupons: number;
  points: number;
}

let serial = 0;

/** The helpers bound to a scene (its admin makes the records). */
export function groupSendHelpers(scene: CouponScene) {
  const admin = scene.admin;

  /** A member registered at a store (frozen when asked). */
  async function registerAt(store: number, frozen = false): Promise<number> {
    serial += 1;
    const mobile = `139${String(Date.now() % 10_000_000).padStart(7, '0')}`.slice(0, 8) + String(serial).padStart(3, '0');
    const member = await okData<{ id: number }>(
      admin.post('/v1/member/saveNew', { body: { name: `发送会员${serial}`, mobile, registerStore: store } }),
    );
    if (frozen) await okData(admin.post('/v1/member/freeze', { query: { id: member.id }, body: { reason: '测试' } }));
    return member.id;
  }

  /** `count` members registered at a new store, and the customer group of that store's members (those at `frozen` indexes frozen). */
  async function groupOf(count: number, frozen: readonly number[] = []): Promise<{ store: number; group: number; members: number[] }> {
    const store = await createStore(admin, '客群发送门店');
    const members: number[] = [];
    for (let i = 0; i < count; i += 1) members.push(await registerAt(store, frozen.includes(i)));
    const group = await okData<{ id: number }>(
      admin.post('/v1/customer-group/saveNew', {
        body: {
          name: `门店客群${(serial += 1)}-${Date.now()}`,
          rule: JSON.stringify({ metric: 'registerStore', operator: 'in', value: [store] }),
        },
      }),
    );
    return { store, group: group.id, members };
  }

  const runOf = (activityId: number, client: ApiClient = admin) =>
    okData<Run | null>(client.get('/v1/group-send/run', { query: { activityId } }));

  /** Waits until the background run has ended (polls the run the detail shows). */
  const ended = (activityId: number): Promise<Run> =>
    vi.waitFor(
      async () => {
        const run = await runOf(activityId);
        if (!run || run.state === 'RUNNING') throw new Error(`run of ${activityId} still running`);
        return run;
      },
      { timeout: 20_000, interval: 100 },
    );

  /** The per-member results of an activity's send (the detail's tab). */
  const results = (activityId: number, filters: Record<string, unknown> = {}, client: ApiClient = admin) =>
    okData<{ total: number; records: RecipientRow[] }>(
      client.post('/v1/group-send-recipients/query', { body: { page: 1, pageSize: 100, filters: { activityId, ...filters } } }),
    );

  /** The run started as the start route does, without its delivery: the test delivers the job itself. */
  const frozenRun = (activityId: number): Promise<GroupSendJob> =>
    startRun({
      db: scene.t.database.db,
      tenantId: scene.tenant.tenantId,
      userId: scene.tenant.adminUserId,
      locale: 'zh_CN',
      activityId,
      now: new Date(),
      timeZone: 'Asia/Shanghai',
    });

  const deliver = (job: GroupSendJob, slice?: number) =>
    serveRun({ db: scene.t.database.db, job, clock: () => new Date(), ...(slice === undefined ? {} : { slice }) });

  /** Givings recorded for the activity per member (the evaluation's source). */
  async function awardsPerMember(activityId: number): Promise<number[]> {
    const rows = await scene.t.database.db.execute<{ n: number }>(sql`select count(*)::int as n from activity_awards
      where tenant_id = ${scene.tenant.tenantId} and activity_id = ${activityId} group by member_id order by member_id`);
    return rows.rows.map((row) => Number(row.n));
  }

  /** A user of the tenant holding only `grants`, signed in. */
  async function userWith(login: string, grants: readonly PermissionRef[]): Promise<ApiClient> {
    await createUser(scene.t.database, { tenantId: scene.tenant.tenantId, login, grants: [...grants] });
    return signIn(scene.t.app, { tenant: scene.tenant.code, login, password: scene.tenant.adminPassword });
  }

  /** A GROUP_COUPON activity giving `count` coupons of the template to the group, audited unless asked not to. */
  async function bulkIssue(group: number, templateId: number, options: { count?: number; audit?: boolean } = {}): Promise<number> {
    const created = await okData<{ id: number }>(
      admin.post('/v1/activity/saveNew', {
        body: {
          name: `批量发券${(serial += 1)}`,
          kind: 'GROUP_COUPON',
          beginTime: '2020-01-01 00:00:00',
          endTime: '2099-01-01 00:00:00',
          rule: { groupSendGroup: group, groupSendTemplate: templateId, groupSendCount: options.count ?? 2 },
        },
      }),
    );
    if (options.audit !== false) await okData(admin.post('/v1/activity/audit', { query: { id: created.id } }));
    return created.id;
  }

  /** A USER_GROUP_GIFT activity giving the reward to the group (with a budget when given), audited unless asked not to. */
  async function groupGift(
    group: number,
    reward: { rewardPoints?: number; rewardCouponTemplate?: number; rewardCouponCount?: number },
    options: { audit?: boolean; budget?: Record<string, number> } = {},
  ): Promise<number> {
    const created = await okData<{ id: number }>(
      admin.post('/v1/activity/saveNew', {
        body: {
          name: `客群赠礼${(serial += 1)}`,
          kind: 'USER_GROUP_GIFT',
          beginTime: '2020-01-01 00:00:00',
          endTime: '2099-01-01 00:00:00',
          ...(options.budget ? { budget: options.budget } : {}),
          rule: { groupSendGroup: group, ...reward },
        },
      }),
    );
    if (options.audit !== false) await okData(admin.post('/v1/activity/audit', { query: { id: created.id } }));
    return created.id;
  }

  return { registerAt, groupOf, runOf, ended, results, frozenRun, deliver, awardsPerMember, userWith, bulkIssue, groupGift };
}

/** The scene a group send's tests start on: a coupon scene, its administrator, an effective template and the helpers above. */
export interface GroupSendScene {
  readonly scene: CouponScene;
  readonly admin: ApiClient;
  readonly template: number;
  readonly helpers: ReturnType<typeof groupSendHelpers>;
}

export async function startGroupSendScene(): Promise<GroupSendScene> {
  const scene = await startCouponScene();
  return { scene, admin: scene.admin, template: await effectiveTemplate(scene.admin), helpers: groupSendHelpers(scene) };
}
