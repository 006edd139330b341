import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { applicationResource, grantOf } from '../../resources/setting/application.resource';
import type { EnumField } from '../../resources/define';
import { WEBHOOK_EVENTS } from '../../resources/setting/webhook-events';
import { createTenant, signIn, type ApiClient, type TestTenant } from '../helpers/fixtures';
import { spawnConsole, stopConsole, waitUntilReady, type ConsoleProcess } from '../helpers/console-process';
import { freePort } from '../helpers/free-port';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { startReceiver, until, type Receiver } from '../helpers/webhook-receiver';
import { effectiveTemplate, issueOne, requestNo } from '../helpers/coupon-fixtures';
import { auditedActivity, viewOf } from '../helpers/activity-fixtures';
import { timeEventsBetween } from '../../server/modules/webhooks/time-events.job';
import { applyLevelChange } from '../../server/modules/levels/level-change';

/**
 * Issue 31 §2 and §5: an application's webhook gets every event of a till sale once (after
 * de-duplicating by its id), signed; one member's events in order, a failing receiver retried
 * until it answers; the console killed with -9 mid-delivery and started again still delivers
 * everything. The changes go through the real app (this process, no queue); the deliveries are
 * made by a console process of its own on the same database, as `npm start` runs it.
 */

let t: TestApp;
let tenant: TestTenant;
let admin: ApiClient;
let storeId: number;
let receiver: Receiver;
let dataDir: string;
let deliverer: ConsoleProcess | null = null;

const ALL_EVENTS = Object.keys(WEBHOOK_EVENTS);

async function ok<T = any>(response: Promise<{ status: number; body: any }>): Promise<T> {
  const answer = await response;
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data as T;
}

function grant(resource: string, action: string): string {
  const options = Object.keys((applicationResource.fields.grants as EnumField).options);
  const found = options.find((value) => grantOf(value).resourceId.endsWith(resource) && grantOf(value).action === action);
  if (!found) throw new Error(`no grant ${resource} ${action}`);
  return found;
}

/** An application whose webhook posts every event to the receiver's `hook`, which checks them with its secret. */
async function subscribedApplication(name: string, hook: string): Promise<number> {
  const { id } = await ok<{ id: number }>(
    admin.post('/v1/application/saveNew', {
      body: { name, kind: 'ERP', grants: [grant('标准会员', '会员资料查看')], webhookUrl: receiver.url(hook), webhookEvents: ALL_EVENTS },
    }),
  );
  const secret = (await ok<{ secret: string }>(admin.post('/v1/application/rotateWebhookSecret', { query: { id } }))).secret;
  receiver.secrets.set(hook, secret);
  return id;
}

const newMember = async (mobile: string) =>
  (await ok<{ id: number }>(admin.post('/v1/member/saveNew', { body: { name: `推送会员${mobile.slice(-4)}`, mobile } }))).id;

const sale = (memberId: number, orderNo: string, amount = '100.00') =>
  ok(admin.post('/v1/points/transaction', { body: { orderNo, memberId, storeId, lines: [{ goodsCode: 'G1', quantity: 1, amount }] } }));

/** The application's outbox rows, in id order. */
async function deliveries(applicationId: number) {
  const { rows } = await t.database.db.execute<{ id: number; event_id: string; event: string; member_id: number | null; state: string }>(
    sql`select id, event_id, event, member_id, state from webhook_deliveries where application_id = ${applicationId} order by id`,
  );
  return rows;
}

const allSettled = (applicationId: number) => async () => (await deliveries(applicationId)).every((d) => d.state !== 'PENDING');

function startDeliverer(): Promise<ConsoleProcess> {
  return (async () => {
    const started = spawnConsole({
      dataDir,
      port: await freePort(),
      env: { DATABASE_URL: inject('databaseUrl'), PASSWORD_HASH_COST: '8', SEED_DEMO: '0' },
    });
    await waitUntilReady(started);
    return started;
  })();
}

beforeAll(async () => {
  t = await startTestApp();
  tenant = await createTenant(t.database);
  admin = await signIn(t.app, { tenant: tenant.code, login: tenant.adminLogin, password: tenant.adminPassword });
  const area = await ok<{ id: number }>(admin.post('/v1/area/saveNew', { body: { code: 'WH', name: '推送区域' } }));
  storeId = (
    await ok<{ id: number }>(admin.post('/v1/store/saveNew', { body: { code: 'WH1', name: '推送站', type: 'GAS_STATION', area: area.id } }))
  ).id;
  receiver = await startReceiver();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'webhooks-'));
  deliverer = await startDeliverer();
}, 240_000);

afterAll(async () => {
  if (deliverer) await stopConsole(deliverer);
  receiver?.release();
  await receiver?.close();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  await t?.close();
});

describe('webhooks', () => {
  it('refuses a URL that is not http(s) and an event outside the catalogue, naming the field', async () => {
    const bad = await admin.post('/v1/application/saveNew', {
      body: { name: '坏地址', kind: 'ERP', grants: [grant('标准会员', '会员资料查看')], webhookUrl: 'ftp://example.com/x' },
    });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('webhookUrl');
    const event = await admin.post('/v1/application/saveNew', {
      body: { name: '坏事件', kind: 'ERP', grants: [grant('标准会员', '会员资料查看')], webhookEvents: ['MEMBER_DELETED'] },
    });
    expect(event.status).toBe(400);
    expect(JSON.stringify(event.body)).toContain('webhookEvents');
  });

  it('writes nothing for a tenant without a subscription, and nothing before a secret is set', async () => {
    const { id } = await ok<{ id: number }>(
      admin.post('/v1/application/saveNew', {
        body: {
          name: '无密钥',
          kind: 'ERP',
          grants: [grant('标准会员', '会员资料查看')],
          webhookUrl: receiver.url('none'),
          webhookEvents: ALL_EVENTS,
        },
      }),
    );
    await newMember('13700000001');
    expect(await deliveries(id)).toEqual([]);
    expect((await ok<{ secretSet: boolean }>(admin.get('/v1/application/webhook', { query: { id } }))).secretSet).toBe(false);
  });

  it('delivers every event of a till sale once, signed, in order per member', async () => {
    const id = await subscribedApplication('ERP 一号', 'sale');
    const memberId = await newMember('13700000002');
    await issueOne(admin, await effectiveTemplate(admin), memberId);
    await sale(memberId, 'WH-SALE-1');
    await sale(memberId, 'WH-SALE-2');
    await until('the deliveries', allSettled(id));
    const rows = await deliveries(id);
    expect(rows.map((r) => r.event)).toEqual(['MEMBER_REGISTERED', 'COUPON_ISSUED', 'POINTS_POSTED', 'POINTS_POSTED']);
    expect(rows.every((r) => r.state === 'DELIVERED')).toBe(true);
    const got = receiver.unique('sale');
    expect(got.every((r) => r.signed)).toBe(true);
    // Once each, in the outbox's order (all of one member here).
    expect(got.map((r) => r.id)).toEqual(rows.map((r) => r.event_id));
    expect(got.map((r) => r.data.memberId)).toEqual(rows.map(() => memberId));
    const view = await ok<{ records: { id: number; state: string; lastStatus: number }[] }>(
      admin.post('/v1/webhook-deliveries/query', { body: { filters: { applicationId: id } } }),
    );
    expect(view.records.map((r) => [r.state, r.lastStatus])).toEqual(rows.map(() => ['DELIVERED', 200]));
  });

  it('retries a failing receiver and keeps a member’s later events behind the earlier one', async () => {
    const id = await subscribedApplication('ERP 二号', 'retry');
    // The first event is refused three times; the later ones must wait for it.
    let failing: string | null = null;
    receiver.answer = (request, nth) => {
      if (request.hook !== 'retry') return 200;
      failing ??= request.id;
      return request.id === failing && nth <= 3 ? 503 : 200;
    };
    try {
      const memberId = await newMember('13700000003');
      await sale(memberId, 'WH-RETRY-1');
      await until('the deliveries', allSettled(id));
    } finally {
      receiver.answer = () => 200;
    }
    const rows = await deliveries(id);
    expect(rows[0].event_id).toBe(failing);
    const arrivals = receiver.of('retry').map((r) => r.id);
    // Three refusals, then the success, and only then the rest, once each, in order.
    expect(arrivals).toEqual([failing, failing, failing, ...rows.map((r) => r.event_id)]);
    const view = await ok<{ records: { id: number; attempts: number; lastStatus: number }[] }>(
      admin.post('/v1/webhook-deliveries/query', { body: { filters: { applicationId: id } } }),
    );
    expect(view.records.find((r) => r.id === rows[0].id)).toMatchObject({ attempts: 4, lastStatus: 200 });
  });

  it('tells of a stored-value top-up, a coupon written off by an audited document and an activity stopped by hand', async () => {
    const id = await subscribedApplication('ERP 六号', 'more');
    const memberId = await newMember('13700000007');
    await ok(
      admin.post('/v1/stored-value/recharge', { body: { requestNo: requestNo('WH-R'), memberId, amount: '20.00', channel: 'store' } }),
    );
    const code = await issueOne(admin, await effectiveTemplate(admin), memberId);
    const doc = await ok<{ id: number; number: string }>(
      admin.post('/v1/coupon-write-off/saveNew', { body: { store: storeId, lines: [{ code, discount: '5.00' }] } }),
    );
    await ok(admin.post('/v1/coupon-write-off/audit', { query: { id: doc.id } }));
    const activity = await auditedActivity({ t, admin }, 'SCORE_DOUBLING', { rule: { doublingMultiple: 2 } });
    await ok(admin.post(`/v1/${viewOf('SCORE_DOUBLING')}/stop`, { query: { id: activity.id }, body: { reason: 'over' } }));
    await until('the deliveries', allSettled(id));
    const got = receiver.unique('more');
    expect(got.every((r) => r.signed)).toBe(true);
    // Once each; the member's own in the outbox's order (an event of no member has no lane to wait in).
    const rows = await deliveries(id);
    expect(got.map((r) => r.id).sort()).toEqual(rows.map((r) => r.event_id).sort());
    const members = got.filter((r) => r.data.memberId === memberId).map((r) => r.type);
    expect(members).toEqual(rows.filter((r) => Number(r.member_id) === memberId).map((r) => r.event));
    expect(members).toEqual(['MEMBER_REGISTERED', 'STORED_VALUE_MOVED', 'COUPON_ISSUED', 'COUPON_REDEEMED']);
    const of = (type: string) => got.filter((r) => r.type === type).map((r) => r.data);
    expect(of('STORED_VALUE_MOVED')).toEqual([expect.objectContaining({ memberId, amount: '20.00', balance: '20.00' })]);
    expect(of('COUPON_REDEEMED')).toEqual([expect.objectContaining({ memberId, code, storeId, discount: '5.00' })]);
    expect(of('DOCUMENT_AUDITED')).toEqual([expect.objectContaining({ document: 'coupon-write-off', number: doc.number, lines: 1 })]);
    expect(of('ACTIVITY_STOPPED')).toEqual([
      expect.objectContaining({ activityId: activity.id, number: activity.number, kind: 'SCORE_DOUBLING' }),
    ]);
  });

  it('tells of a level change, and of an activity’s window opening and closing once its instant has passed', async () => {
    const id = await subscribedApplication('ERP 七号', 'level');
    const memberId = await newMember('13700000008');
    const level = await ok<{ id: number }>(
      admin.post('/v1/level/saveNew', { body: { levelType: 'FREE', code: 'WHL1', name: '推送卡', rankOrder: 1, growthThreshold: 0 } }),
    );
    // A person's change of level (a batch document's line makes the same call).
    await t.database.db.transaction((tx) =>
      applyLevelChange({ tx, tenantId: tenant.tenantId, memberId, toLevelId: level.id, cause: 'manual' }),
    );
    const activity = await auditedActivity({ t, admin }, 'SCORE_DOUBLING', {
      rule: { doublingMultiple: 2 },
      beginTime: '2031-06-01 08:00:00',
      endTime: '2031-07-01 00:00:00',
    });
    const { rows } = await t.database.db.execute<{ begin_time: Date; end_time: Date }>(
      sql`select begin_time, end_time from activities where tenant_id = ${tenant.tenantId} and id = ${activity.id}`,
    );
    const [begin, end] = [new Date(rows[0].begin_time), new Date(rows[0].end_time)];
    await timeEventsBetween(t.database.db, { from: new Date(begin.getTime() - 60_000), to: new Date(begin.getTime() - 1) });
    await timeEventsBetween(t.database.db, { from: new Date(begin.getTime() - 1), to: begin });
    await timeEventsBetween(t.database.db, { from: new Date(end.getTime() - 1), to: end });
    await until('the deliveries', allSettled(id));
    const got = receiver.unique('level');
    expect(got.every((r) => r.signed)).toBe(true);
    const of = (type: string) => got.filter((r) => r.type === type).map((r) => r.data);
    expect(of('MEMBER_LEVEL_CHANGED')).toEqual([
      expect.objectContaining({ memberId, fromLevelId: null, toLevelId: level.id, cause: 'manual' }),
    ]);
    const mine = (data: Record<string, unknown>) => data.activityId === activity.id;
    expect(of('ACTIVITY_STARTED').filter(mine)).toEqual([expect.objectContaining({ number: activity.number, kind: 'SCORE_DOUBLING' })]);
    expect(of('ACTIVITY_STOPPED').filter(mine)).toEqual([expect.objectContaining({ number: activity.number, reason: 'ENDED' })]);
  });

  it('resends one delivery with its event id, and refuses one of another tenant', async () => {
    const id = await subscribedApplication('ERP 三号', 'resend');
    await newMember('13700000004');
    await until('the deliveries', allSettled(id));
    const [first] = await deliveries(id);
    const before = receiver.of('resend').filter((r) => r.id === first.event_id).length;
    await ok(admin.post('/v1/application/resendDelivery', { query: { id: first.id } }));
    await until('the resend', () => receiver.of('resend').filter((r) => r.id === first.event_id).length === before + 1);
    const other = await createTenant(t.database);
    const stranger = await signIn(t.app, { tenant: other.code, login: other.adminLogin, password: other.adminPassword });
    expect((await stranger.post('/v1/application/resendDelivery', { query: { id: first.id } })).status).toBe(404);
  });

  it('writes a coupon’s expiry once the minute it expires in has passed, and only then', async () => {
    const id = await subscribedApplication('ERP 五号', 'time');
    const memberId = await newMember('13700000006');
    const code = await issueOne(admin, await effectiveTemplate(admin, { name: 'Expiring' }), memberId);
    const { rows } = await t.database.db.execute<{ id: number; valid_to: Date }>(
      sql`select id, valid_to from coupons where tenant_id = ${tenant.tenantId} and code = ${code}`,
    );
    const validTo = new Date(rows[0].valid_to);
    await timeEventsBetween(t.database.db, { from: new Date(validTo.getTime() - 60_000), to: new Date(validTo.getTime() - 1) });
    // The window before holds other coupons' expiries (issued a moment earlier), not this one's.
    const expiries = async () =>
      (
        await t.database.db.execute<{ coupon: string }>(
          sql`select data->>'couponId' as coupon from webhook_deliveries where application_id = ${id} and event = 'COUPON_EXPIRED'`,
        )
      ).rows.map((r) => Number(r.coupon));
    expect(await expiries()).not.toContain(Number(rows[0].id));
    await timeEventsBetween(t.database.db, { from: new Date(validTo.getTime() - 1), to: validTo });
    await until('the deliveries', allSettled(id));
    expect((await expiries()).filter((coupon) => coupon === Number(rows[0].id))).toHaveLength(1);
    const expired = receiver.unique('time').find((r) => r.type === 'COUPON_EXPIRED' && r.data.couponId === Number(rows[0].id));
    expect(expired?.data).toMatchObject({ memberId, couponId: Number(rows[0].id), code });
  });

  it('still delivers everything after the console is killed with -9 mid-delivery', async () => {
    const id = await subscribedApplication('ERP 四号', 'kill');
    let held = false;
    receiver.answer = (request) => {
      if (held || request.hook !== 'kill') return 200;
      held = true;
      return 'hold';
    };
    const memberId = await newMember('13700000005');
    await sale(memberId, 'WH-KILL-1');
    await until('a delivery in flight', () => held);
    deliverer!.child.kill('SIGKILL');
    await deliverer!.exited;
    receiver.release();
    deliverer = await startDeliverer();
    await until('the deliveries', allSettled(id));
    const rows = await deliveries(id);
    expect(rows.every((r) => r.state === 'DELIVERED')).toBe(true);
    const got = receiver.unique('kill');
    expect(got.map((r) => r.id)).toEqual(rows.map((r) => r.event_id));
    expect(got.every((r) => r.signed)).toBe(true);
    // The one in flight when the console was killed came again after the restart.
    expect(receiver.of('kill').length).toBeGreaterThan(got.length);
  }, 240_000);
});
