import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startStandIns, type StandIns } from '../helpers/channel-stand-ins';
import { effectiveTemplate, okData, startCouponScene, type CouponScene } from '../helpers/coupon-fixtures';
import { signInNewUser, type ApiClient } from '../helpers/fixtures';
import { groupSendHelpers, type Run } from '../helpers/group-send-fixtures';
import { memberApp } from '../helpers/member-app';
import { pointsOf } from '../helpers/points-fixtures';
import { serveRun } from '../../server/modules/activities/group-send/group-send.serve';
import { startDueRuns } from '../../server/modules/activities/push-plans/push-plan.schedule';

/**
 * Push plans (PUSH_PLAN, issue 29 item 3, entry 推送计划) through the real API and PostgreSQL, with
 * the SMS service and JPush played by the local stand-ins: a plan is created, audited and sent to
 * a customer group; each member is given the gift once and each channel's message is sent once
 * per (run, member, channel) or suppressed with its reason, which the per-member report shows; a
 * job delivered again after a kill, or twice at once, messages nobody twice; every suppression
 * reason; the hold before sending; grants per channel; 400 naming the field; the value approval.
 */

let scene: CouponScene;
let admin: ApiClient;
let standIns: StandIns;
let template: number;
let helpers: ReturnType<typeof groupSendHelpers>;
let serial = 0;

const EN = { locale: 'en_US' };
const SHANGHAI_HOUR = () =>
  Number(new Intl.DateTimeFormat('en-GB', { timeZone: 'Asia/Shanghai', hour: '2-digit', hourCycle: 'h23' }).format(new Date()));

async function saveSettings(resource: string, fields: Record<string, unknown>): Promise<void> {
  const current = await okData<{ version: number }>(admin.get(`/v1/${resource}/get`));
  await okData(admin.post(`/v1/${resource}/save`, { body: { ...fields, version: current.version } }));
}

/** SMS connected to the stand-in, with quiet hours as given (none by default). */
const connectSms = (quiet: { quietFromHour: number; quietToHour: number } = { quietFromHour: 0, quietToHour: 0 }) =>
  saveSettings('sms-channel', {
    accessKeyId: 'LTAI-STAND-IN',
    accessKeySecret: standIns.sms.accessKeySecret,
    signName: '会员中心',
    endpoint: standIns.baseUrl,
    ...quiet,
  });
const connectWechat = () =>
  saveSettings('wechat-channel', {
    appId: 'wx0123456789abcdef',
    appSecret: standIns.wechat.appSecret,
    apiBaseUrl: `${standIns.baseUrl}/wechat`,
  });
const connectPush = () =>
  saveSettings('push-channel', {
    appKey: standIns.push.appKey,
    masterSecret: standIns.push.masterSecret,
    apiBaseUrl: `${standIns.baseUrl}/jpush`,
  });

beforeAll(async () => {
  [scene, standIns] = await Promise.all([startCouponScene(), startStandIns()]);
  admin = scene.admin;
  template = await effectiveTemplate(admin);
  helpers = groupSendHelpers(scene);
}, 120_000);
afterAll(async () => {
  await scene?.t.close();
  await standIns?.close();
});
beforeEach(async () => {
  await connectSms();
  await connectPush();
  await connectWechat();
  // Generous caps unless a test sets them.
  await saveSettings('push-plan-setting', { capPerDay: 50, capPerWeek: 50, optOutText: '拒收请回复R', catchUpMinutes: 120 });
});

interface Delivery {
  memberNumber: string;
  channel: string;
  result: string;
  reason: string | null;
  errorCode: string | null;
  runId: number;
}

type PlanRule = Record<string, unknown>;

/** A PUSH_PLAN activity to the group (SMS and app push, no wait, unless the rule says otherwise), audited unless asked not to. */
async function plan(group: number, rule: PlanRule = {}, options: { audit?: boolean; client?: ApiClient } = {}): Promise<number> {
  const client = options.client ?? admin;
  const created = await okData<{ id: number }>(
    client.post('/v1/activity/saveNew', {
      body: {
        name: `推送计划${(serial += 1)}`,
        kind: 'PUSH_PLAN',
        beginTime: '2020-01-01 00:00:00',
        endTime: '2099-01-01 00:00:00',
        rule: {
          groupSendGroup: group,
          pushChannels: ['SMS', 'APP_PUSH'],
          pushTitle: '周末特惠',
          pushContent: '会员日全场 8 折',
          smsTemplateCode: 'SMS_300',
          holdMinutes: 0,
          ...rule,
        },
      },
    }),
  );
  if (options.audit !== false) await okData(client.post('/v1/activity/audit', { query: { id: created.id } }));
  return created.id;
}

/** Starts the plan's run through the route and waits for it to end. */
async function sent(activity: number): Promise<Run> {
  await okData(admin.post('/v1/group-send/start', { query: { id: activity } }));
  return helpers.ended(activity);
}

/** The plan's per-member report (the detail's Messages tab). */
const report = (activity: number, filters: Record<string, unknown> = {}, client: ApiClient = admin) =>
  okData<{ total: number; records: Delivery[]; totals?: Record<string, number> }>(
    client.post('/v1/push-deliveries/query', { body: { page: 1, pageSize: 200, filters: { activityId: activity, ...filters } } }),
  );

const memberNumbers = async (ids: readonly number[]): Promise<string[]> => {
  const rows = await scene.t.database.db.execute<{ member_number: string }>(
    sql`select member_number from members where tenant_id = ${scene.tenant.tenantId} and id = any(${`{${ids.join(',')}}`}::bigint[]) order by id`,
  );
  return rows.rows.map((r) => r.member_number);
};
/** `count` members in a new group (those at `frozen` indexes frozen), their numbers, each an alias JPush knows. */
async function reachableGroup(count: number, frozen: readonly number[] = []) {
  const { group, members } = await helpers.groupOf(count, frozen);
  const numbers = await memberNumbers(members);
  for (const n of numbers) standIns.push.aliases.add(n);
  return { group, members, numbers };
}
const mobileOf = async (id: number): Promise<string> => {
  const rows = await scene.t.database.db.execute<{ mobile: string }>(
    sql`select mobile from members where tenant_id = ${scene.tenant.tenantId} and id = ${id}`,
  );
  return rows.rows[0].mobile;
};

/** The SMS the stand-in received for a mobile (each a SendSms call). */
const smsTo = (mobile: string) => standIns.received.filter((r) => r.params.PhoneNumbers === mobile);
/** The pushes JPush accepted for an alias. */
const pushesTo = (alias: string) =>
  standIns.push.pushed.filter((p) => JSON.stringify((p as { audience?: unknown }).audience) === JSON.stringify({ alias: [alias] }));

/** The result of each member's channel: `<memberNumber>:<channel>:<result>:<reason>`. */
const outcomes = (rows: readonly Delivery[]) => rows.map((r) => `${r.memberNumber}:${r.channel}:${r.result}:${r.reason ?? ''}`).sort();

describe('a push plan to a customer group', () => {
  it('is created under push plans, audited and sent: each member gets the coupon once and one SMS and one app push, in the per-member report', async () => {
    const { group, members, numbers } = await reachableGroup(2);
    const activity = await plan(group, { rewardCouponTemplate: template, rewardCouponCount: 1 });
    expect(await okData<{ family: string; state: string }>(admin.get(`/v1/activity/info/${activity}`))).toMatchObject({
      family: 'PUSH_PLAN',
      state: 'PROCESSING',
    });
    const listed = await okData<{ records: { id: number }[] }>(
      admin.post('/v1/activity-push-plan/query', { body: { page: 1, pageSize: 100 } }),
    );
    expect(listed.records.map((r) => r.id)).toContain(activity);

    expect(await sent(activity)).toMatchObject({ state: 'DONE', memberCount: 2, issued: 2, pending: 0 });
    const rows = (await report(activity)).records;
    expect(outcomes(rows)).toEqual(numbers.flatMap((n) => [`${n}:APP_PUSH:SENT:`, `${n}:SMS:SENT:`]).sort());

    // One SMS per member carrying the message and the opt-out text; one notification per alias.
    for (const [i, member] of members.entries()) {
      const received = smsTo(await mobileOf(member));
      expect(received).toHaveLength(1);
      expect(received[0].signatureValid).toBe(true);
      expect(JSON.parse(received[0].params.TemplateParam)).toEqual({ content: '会员日全场 8 折 拒收请回复R' });
      expect(pushesTo(numbers[i])).toHaveLength(1);
      const coupons = await okData<{ total: number }>(
        admin.post('/v1/coupon/query', { body: { page: 1, pageSize: 1, filters: { member, template } } }),
      );
      expect(coupons.total).toBe(1);
    }
    // The report filters by channel and result, and totals the whole filter.
    const sms = await report(activity, { channel: ['SMS'], result: ['SENT'] });
    expect(sms.total).toBe(2);
  });

  it('messages and gives nobody twice when the job is delivered again after a kill, twice at once, and after it ended', async () => {
    const { group, members, numbers } = await reachableGroup(4);
    const activity = await plan(group, { rewardPoints: 20 });
    const job = await helpers.frozenRun(activity);
    // A delivery killed after its batch committed and before the gateway answered: its member's
    // messages were decided (SENDING) and its gift given; nothing sends them again.
    await scene.t.database.db.execute(sql`update group_send_recipients set result = 'ISSUED', served_at = now()
      where tenant_id = ${scene.tenant.tenantId} and run_id = ${job.runId} and member_id = ${members[0]}`);
    await scene.t.database.db.execute(sql`insert into push_deliveries (tenant_id, run_id, member_id, channel, result)
      values (${scene.tenant.tenantId}, ${job.runId}, ${members[0]}, 'SMS', 'SENDING'), (${scene.tenant.tenantId}, ${job.runId}, ${members[0]}, 'APP_PUSH', 'SENDING')`);

    expect(await helpers.deliver(job, 1)).toEqual({ served: 1, more: true });
    const [a, b] = await Promise.all([helpers.deliver(job), helpers.deliver(job)]);
    expect(a.served + b.served).toBe(2);
    expect(await helpers.deliver(job)).toEqual({ served: 0, more: false });
    expect(await helpers.runOf(activity)).toMatchObject({ state: 'DONE', pending: 0 });

    expect(smsTo(await mobileOf(members[0]))).toHaveLength(0);
    expect(pushesTo(numbers[0])).toHaveLength(0);
    for (const [i, member] of members.slice(1).entries()) {
      expect(smsTo(await mobileOf(member))).toHaveLength(1);
      expect(pushesTo(numbers[i + 1])).toHaveLength(1);
      expect(await pointsOf({ t: scene.t, tenant: scene.tenant, memberId: member })).toMatchObject({ balance: 20, sum: 20 });
    }
    const rows = (await report(activity)).records;
    expect(rows).toHaveLength(8);
    expect(rows.filter((r) => r.result === 'SENDING').map((r) => r.memberNumber)).toEqual([numbers[0], numbers[0]]);
  });

  it('without a gift, serves each member by its messages alone: nobody messaged twice after a kill, twice at once, or after it ended', async () => {
    const { group, members, numbers } = await reachableGroup(5);
    const activity = await plan(group);
    const job = await helpers.frozenRun(activity);
    // A delivery killed after its batch of the first member committed and before the gateway
    // answered: the member's messages were decided (SENDING) and the run served through them.
    const db = scene.t.database.db;
    await db.execute(sql`insert into push_deliveries (tenant_id, run_id, member_id, channel, result)
      values (${scene.tenant.tenantId}, ${job.runId}, ${members[0]}, 'SMS', 'SENDING'), (${scene.tenant.tenantId}, ${job.runId}, ${members[0]}, 'APP_PUSH', 'SENDING')`);
    await db.execute(
      sql`update group_send_runs set served_through = ${members[0]} where tenant_id = ${scene.tenant.tenantId} and id = ${job.runId}`,
    );

    expect(await helpers.deliver(job, 1)).toEqual({ served: 1, more: true });
    const [a, b] = await Promise.all([helpers.deliver(job), helpers.deliver(job)]);
    expect(a.served + b.served).toBe(3);
    expect(await helpers.deliver(job)).toEqual({ served: 0, more: false });
    expect(await helpers.runOf(activity)).toMatchObject({ state: 'DONE', memberCount: 5, issued: 5, skipped: 0, pending: 0 });

    expect(smsTo(await mobileOf(members[0]))).toHaveLength(0);
    expect(pushesTo(numbers[0])).toHaveLength(0);
    for (const [i, member] of members.slice(1).entries()) {
      expect(smsTo(await mobileOf(member))).toHaveLength(1);
      expect(pushesTo(numbers[i + 1])).toHaveLength(1);
    }
    const rows = (await report(activity)).records;
    expect(rows).toHaveLength(10);
    expect(rows.filter((r) => r.result === 'SENDING').map((r) => r.memberNumber)).toEqual([numbers[0], numbers[0]]);
    // The Sending tab lists every member given (nothing to give but the messages), with when.
    const given = await admin.post('/v1/group-send-recipients/query', {
      body: { page: 1, pageSize: 10, filters: { activityId: activity, result: ['ISSUED'] } },
    });
    expect(given.body.data.total).toBe(5);
    for (const row of given.body.data.records) expect(row).toMatchObject({ result: 'ISSUED', reason: null, coupons: 0, points: 0 });
    expect(given.body.data.records.every((r: { servedAt: string | null }) => r.servedAt !== null)).toBe(true);
    // The Runs tab counts them alike.
    const runs = await okData<{ records: { issued: number; skipped: number }[] }>(
      admin.post('/v1/push-plan-runs/query', { body: { page: 1, pageSize: 10, filters: { activityId: activity } } }),
    );
    expect(runs.records).toMatchObject([{ issued: 5, skipped: 0 }]);
  });

  it('ends its run when a delivery’s slice ends with the last member', async () => {
    const { group } = await reachableGroup(2);
    const activity = await plan(group);
    const job = await helpers.frozenRun(activity);
    expect(await helpers.deliver(job, 2)).toEqual({ served: 2, more: false });
    expect(await helpers.runOf(activity)).toMatchObject({ state: 'DONE', issued: 2, pending: 0 });
  });

  it('without a gift, a stop mid-run keeps the members served and suppresses the others’ messages as stopped', async () => {
    const { group, members, numbers } = await reachableGroup(3);
    const activity = await plan(group);
    const job = await helpers.frozenRun(activity);
    expect(await helpers.deliver(job, 1)).toEqual({ served: 1, more: true });
    await okData(admin.post('/v1/group-send/stop', { query: { id: job.runId } }));
    expect(await helpers.deliver(job)).toEqual({ served: 0, more: false });
    expect(await helpers.runOf(activity)).toMatchObject({ state: 'STOPPED', issued: 1, skipped: 2, pending: 0 });
    const recipients = (await helpers.results(activity)).records;
    expect(recipients.map((r) => `${r.memberNumber}:${r.result}:${r.reason ?? ''}`).sort()).toEqual(
      [`${numbers[0]}:ISSUED:`, `${numbers[1]}:SKIPPED:stopped`, `${numbers[2]}:SKIPPED:stopped`].sort(),
    );
    expect(outcomes((await report(activity)).records)).toEqual(
      [
        `${numbers[0]}:APP_PUSH:SENT:`,
        `${numbers[0]}:SMS:SENT:`,
        ...numbers.slice(1).flatMap((n) => [`${n}:APP_PUSH:SUPPRESSED:stopped`, `${n}:SMS:SUPPRESSED:stopped`]),
      ].sort(),
    );
    expect(smsTo(await mobileOf(members[1]))).toHaveLength(0);
  });

  it('waits its hold before sending, and a stop during the hold sends nothing, each message suppressed as stopped', async () => {
    const { group, members } = await helpers.groupOf(2);
    const activity = await plan(group, { holdMinutes: 10 });
    const started = await okData<Run & { notBefore: string | null }>(admin.post('/v1/group-send/start', { query: { id: activity } }));
    expect(started).toMatchObject({ state: 'RUNNING', pending: 2 });
    expect(started.notBefore).not.toBeNull();
    // A delivery before the time serves nobody and says when to come back.
    const early = await helpers.deliver({ tenantId: scene.tenant.tenantId, runId: started.id });
    expect(early).toMatchObject({ served: 0, more: false });
    expect(early.waitUntil).toBeInstanceOf(Date);
    await okData(admin.post('/v1/group-send/stop', { query: { id: started.id } }));
    expect(await helpers.runOf(activity)).toMatchObject({ state: 'STOPPED', skipped: 2, pending: 0 });
    for (const member of members) expect(smsTo(await mobileOf(member))).toHaveLength(0);
    const rows = (await report(activity)).records;
    expect(rows.map((r) => `${r.result}:${r.reason}`)).toEqual(Array(4).fill('SUPPRESSED:stopped'));
  });
});

describe('why a message was not sent', () => {
  it('frequency cap: a member reached by a plan today gets no second plan, on any channel', async () => {
    await saveSettings('push-plan-setting', { capPerDay: 1, capPerWeek: 5, optOutText: '拒收请回复R' });
    const { group, members } = await helpers.groupOf(1);
    const [number] = await memberNumbers(members);
    standIns.push.aliases.add(number);
    await sent(await plan(group, { pushChannels: ['SMS'] }));
    const second = await plan(group);
    await sent(second);
    expect(outcomes((await report(second)).records)).toEqual([
      `${number}:APP_PUSH:SUPPRESSED:frequencyCap`,
      `${number}:SMS:SUPPRESSED:frequencyCap`,
    ]);
    expect(smsTo(await mobileOf(members[0]))).toHaveLength(1);
  });

  it('frequency cap: a splash-screen campaign the app showed the member today is a touch, so no plan reaches them', async () => {
    await saveSettings('push-plan-setting', { capPerDay: 1, capPerWeek: 5, optOutText: '拒收请回复R' });
    const { group, members } = await helpers.groupOf(1);
    const [number] = await memberNumbers(members);
    const splash = await okData<{ id: number }>(
      admin.post('/v1/activity-open-screen-coupon/saveNew', {
        body: {
          name: `开屏发券${(serial += 1)}`,
          beginTime: '2020-01-01 00:00:00',
          endTime: '2099-01-01 00:00:00',
          rule: { openScreenGroup: group, claimTemplate: template, claimCount: 1 },
          budget: { totalCoupons: 10, perMemberTimes: 1 },
        },
      }),
    );
    await okData(admin.post('/v1/activity-open-screen-coupon/audit', { query: { id: splash.id } }));
    await scene.t.app.sessionCache.sync();
    const fromApp = await memberApp(scene.t.app, admin, `Splash app ${serial}`);
    const offer = await fromApp('/v1/activities/splash-offer', { memberId: members[0] });
    expect(offer.body.data.offer?.activityId, JSON.stringify(offer.body)).toBe(splash.id);
    const activity = await plan(group, { pushChannels: ['SMS'] });
    await sent(activity);
    expect(outcomes((await report(activity)).records)).toEqual([`${number}:SMS:SUPPRESSED:frequencyCap`]);
    expect(smsTo(await mobileOf(members[0]))).toHaveLength(0);
  });

  it('member unavailable and no address: a frozen member gets no message, a member without a mobile no SMS (the app push goes)', async () => {
    const { group, members, numbers } = await reachableGroup(3, [1]);
    // A profile imported from an older system without a mobile (its mobile empty).
    await scene.t.database.db.execute(
      sql`update members set mobile = '' where tenant_id = ${scene.tenant.tenantId} and id = ${members[2]}`,
    );
    const activity = await plan(group);
    expect(await sent(activity)).toMatchObject({ state: 'DONE', issued: 3 });
    expect(outcomes((await report(activity)).records)).toEqual(
      [
        `${numbers[0]}:APP_PUSH:SENT:`,
        `${numbers[0]}:SMS:SENT:`,
        `${numbers[1]}:APP_PUSH:SUPPRESSED:memberUnavailable`,
        `${numbers[1]}:SMS:SUPPRESSED:memberUnavailable`,
        `${numbers[2]}:APP_PUSH:SENT:`,
        `${numbers[2]}:SMS:SUPPRESSED:noAddress`,
      ].sort(),
    );
    expect(pushesTo(numbers[1])).toHaveLength(0);
    expect(pushesTo(numbers[2])).toHaveLength(1);
  });

  it('quiet hours: no marketing SMS in the SMS account’s quiet hours, the app push still goes', async () => {
    const hour = SHANGHAI_HOUR();
    await connectSms({ quietFromHour: hour, quietToHour: (hour + 2) % 24 });
    const { group, members } = await helpers.groupOf(1);
    const [number] = await memberNumbers(members);
    standIns.push.aliases.add(number);
    const activity = await plan(group);
    await sent(activity);
    expect(outcomes((await report(activity)).records)).toEqual([`${number}:APP_PUSH:SENT:`, `${number}:SMS:SUPPRESSED:quietHours`]);
    expect(smsTo(await mobileOf(members[0]))).toHaveLength(0);
  });

  it('no consent: a member who refused SMS gets none, the refusal recorded on the member', async () => {
    const { group, members } = await helpers.groupOf(2);
    const numbers = await memberNumbers(members);
    await okData(
      admin.post('/v1/push-consent/saveNew', { body: { member: members[0], channel: 'SMS', consent: 'REFUSED', remark: '回复R' } }),
    );
    const activity = await plan(group, { pushChannels: ['SMS'] });
    await sent(activity);
    expect(outcomes((await report(activity)).records)).toEqual(
      [`${numbers[0]}:SMS:SUPPRESSED:noConsent`, `${numbers[1]}:SMS:SENT:`].sort(),
    );
  });

  it('duplicate mobile: two profiles of one phone (one written +86 by an older system) get one SMS', async () => {
    const { group, members } = await helpers.groupOf(2);
    const numbers = await memberNumbers(members);
    const mobile = await mobileOf(members[0]);
    // The second profile holds the same phone as an import from an older system wrote it.
    await scene.t.database.db.execute(sql`update members set mobile = ${`+86 ${mobile}`}
      where tenant_id = ${scene.tenant.tenantId} and id = ${members[1]}`);
    const activity = await plan(group, { pushChannels: ['SMS'] });
    await sent(activity);
    expect(outcomes((await report(activity)).records)).toEqual(
      [`${numbers[0]}:SMS:SENT:`, `${numbers[1]}:SMS:SUPPRESSED:duplicateMobile`].sort(),
    );
  });

  it('channel not connected: without JPush credentials the app push is suppressed, the SMS goes', async () => {
    await saveSettings('push-channel', { appKey: null, masterSecret: null });
    const { group, members } = await helpers.groupOf(1);
    const [number] = await memberNumbers(members);
    const activity = await plan(group);
    await sent(activity);
    const rows = (await report(activity, {}, admin)).records;
    expect(outcomes(rows)).toEqual([`${number}:APP_PUSH:SUPPRESSED:notConnected`, `${number}:SMS:SENT:`]);
    // The English report names the reason.
    const en = await admin.post('/v1/push-deliveries/query', {
      headers: EN,
      body: { page: 1, pageSize: 10, filters: { activityId: activity, reason: ['notConnected'] } },
    });
    expect(en.body.data.total).toBe(1);
  });
});

describe('a push plan on a schedule', () => {
  /** The schedules' tick at `now`, each run started delivered here; answers what it did. */
  const tick = (now: Date) =>
    startDueRuns({
      db: scene.t.database.db,
      now,
      dispatch: async (job) => {
        await helpers.deliver(job);
      },
    });
  const runsOf = async (activity: number) =>
    (
      await scene.t.database.db.execute<{ slot: string }>(
        sql`select slot from group_send_runs where tenant_id = ${scene.tenant.tenantId} and activity_id = ${activity} order by id`,
      )
    ).rows.map((r) => r.slot);
  /** The plan's runs as its Runs tab lists them (`push-plan-runs`), oldest first, each `<scheduled day>:<state>:<reason>`. */
  const runsTab = async (activity: number, client: ApiClient = admin) => {
    const rows = await okData<{ records: { id: number; scheduledAt: string | null; state: string; reason: string | null }[] }>(
      client.post('/v1/push-plan-runs/query', { body: { page: 1, pageSize: 100, filters: { activityId: activity } } }),
    );
    return rows.records
      .sort((a, b) => a.id - b.id)
      .map((r) => ({ id: r.id, key: `${(r.scheduledAt ?? '').slice(0, 10)}:${r.state}:${r.reason ?? ''}` }));
  };
  /** The runs' keys of the local days given (a time of today before the audit may be listed missed as well). */
  const onDays = async (activity: number, days: readonly string[]) =>
    (await runsTab(activity)).map((r) => r.key).filter((key) => days.includes(key.slice(0, 10)));

  /** Today's date in Shanghai, `offset` days on. */
  const localDay = (offset: number) =>
    new Intl.DateTimeFormat('sv-SE', { timeZone: 'Asia/Shanghai' }).format(new Date(Date.now() + offset * 24 * 3600_000));
  /** `HH:mm` in Shanghai on the day `offset` days from today, `minutes` later. */
  const at = (offset: number, time: string, minutes = 0) =>
    new Date(new Date(`${localDay(offset)}T${time}:00+08:00`).getTime() + minutes * 60_000);
  const balance = async (member: number) => (await pointsOf({ t: scene.t, tenant: scene.tenant, memberId: member })).balance;

  it('a daily plan sends once per day, each day’s run its own, and cannot be started by hand', async () => {
    const { group, members } = await helpers.groupOf(1);
    const activity = await plan(group, { pushChannels: ['SMS'], scheduleType: 'DAILY', sendTime: '08:00' });
    const byHand = await admin.post('/v1/group-send/start', { query: { id: activity }, headers: EN });
    expect(byHand.status).toBe(409);
    expect(byHand.body.msg).toContain('schedule');

    const [day1, day2] = [localDay(1), localDay(2)];
    expect((await tick(at(1, '08:00', 1))).started.length).toBeGreaterThanOrEqual(1);
    // Another tick the same day (another process, a minute later) starts nothing more.
    await tick(at(1, '08:00', 2));
    expect(await onDays(activity, [day1, day2])).toEqual([`${day1}:DONE:`]);
    await tick(at(2, '08:00', 1));
    expect(await onDays(activity, [day1, day2])).toEqual([`${day1}:DONE:`, `${day2}:DONE:`]);
    // One SMS per day's run; the report lists both runs.
    expect(smsTo(await mobileOf(members[0]))).toHaveLength(2);
    const rows = (await report(activity)).records;
    expect(new Set(rows.map((r) => r.runId)).size).toBe(2);
  });

  it('does not send the rest of a run whose day ended before it was served (a process down until the morning after)', async () => {
    const { group, members } = await helpers.groupOf(2);
    const activity = await plan(group, { pushChannels: ['SMS'], scheduleType: 'DAILY', sendTime: '09:00' });
    // Day 1, 09:01: the run starts and freezes its members; the process dies before serving any.
    const { started } = await startDueRuns({ db: scene.t.database.db, now: at(1, '09:00', 1), dispatch: async () => undefined });
    const [run] = (
      await scene.t.database.db.execute<{ id: string }>(
        // Day 1's run (before 09:00 in Shanghai the plan's time today is missed too, and recorded so).
        sql`select id from group_send_runs where tenant_id = ${scene.tenant.tenantId} and activity_id = ${activity} and slot = ${localDay(1)}`,
      )
    ).rows;
    const job = started.find((j) => j.runId === Number(run.id));
    expect(job).toBeDefined();
    // The first member was served on day 1 before the process died.
    expect(await serveRun({ db: scene.t.database.db, job: job!, clock: () => at(1, '09:00', 2), slice: 1 })).toEqual({
      served: 1,
      more: true,
    });
    // Back on day 2 at 08:00: yesterday's message is not sent; the member left is skipped with the reason.
    const late = await serveRun({ db: scene.t.database.db, job: job!, clock: () => at(2, '08:00') });
    expect(late).toEqual({ served: 0, more: false });
    expect(smsTo(await mobileOf(members[0]))).toHaveLength(1);
    expect(smsTo(await mobileOf(members[1]))).toHaveLength(0);
    expect(await helpers.runOf(activity)).toMatchObject({ state: 'DONE', memberCount: 2, skipped: 1, issued: 1 });
    const reasons = await admin.post('/v1/group-send-recipients/query', {
      headers: EN,
      body: { page: 1, pageSize: 10, filters: { activityId: activity } },
    });
    expect(reasons.body.data.records.map((r: { reason: string | null }) => r.reason)).toEqual(['dayEnded', null]);
    // The Messages report explains the message not sent the same way.
    const messages = (await report(activity)).records;
    expect(messages.map((m) => [m.memberNumber, m.channel, m.result, m.reason]).sort()).toEqual(
      [
        [(await memberNumbers([members[0]]))[0], 'SMS', 'SENT', null],
        [(await memberNumbers([members[1]]))[0], 'SMS', 'SUPPRESSED', 'dayEnded'],
      ].sort(),
    );
  });

  it('catches up a time missed while the service was down once, inside the window; past it (or past the day) records it missed and never sends it', async () => {
    const { group, members } = await helpers.groupOf(1);
    const mobile = await mobileOf(members[0]);
    const activity = await plan(group, { pushChannels: ['SMS'], scheduleType: 'DAILY', sendTime: '09:00' });
    const [day1, day2, day3, day4] = [1, 2, 3, 4].map(localDay);

    // Day 1: the service comes back at 10:30, inside the 120-minute catch-up window: sent once,
    // however many processes tick at once or after.
    const back = at(1, '09:00', 90);
    await Promise.all([tick(back), tick(back)]);
    await tick(new Date(back.getTime() + 60_000));
    expect(await onDays(activity, [day1])).toEqual([`${day1}:DONE:`]);
    expect(smsTo(mobile)).toHaveLength(1);

    // Down from then until 09:30 on day 3: day 2's time is recorded missed, day 3's is caught up.
    await tick(at(3, '09:00', 30));
    await tick(at(3, '09:00', 31));
    expect(await onDays(activity, [day2, day3])).toEqual([`${day2}:SKIPPED:missed`, `${day3}:DONE:`]);
    expect(smsTo(mobile)).toHaveLength(2);

    // Day 4: back at 11:30, past the window: missed, nothing sent; ticking again changes nothing.
    // (The tick serves every merchant's plans: runs other test files' plans start meanwhile are theirs.)
    const { started } = await tick(at(4, '09:00', 150));
    const ownRuns = (await runsTab(activity)).map((r) => r.id);
    expect(started.filter((job) => ownRuns.includes(job.runId))).toEqual([]);
    await tick(at(4, '09:00', 151));
    expect(await onDays(activity, [day4])).toEqual([`${day4}:SKIPPED:missed`]);
    expect(smsTo(mobile)).toHaveLength(2);
    // The Sending tab's run says why it was not sent.
    expect(await helpers.runOf(activity)).toMatchObject({ state: 'SKIPPED', reason: 'missed', memberCount: 0 });

    // A late-evening time is not caught up after midnight, even inside the window.
    const late = await plan(group, { pushChannels: ['SMS'], scheduleType: 'DAILY', sendTime: '23:30' });
    await tick(at(1, '23:30', 40));
    expect(await onDays(late, [day1])).toEqual([`${day1}:SKIPPED:missed`]);
    expect(smsTo(mobile)).toHaveLength(2);

    // A shorter window, the merchant's setting: 30 minutes.
    await saveSettings('push-plan-setting', { capPerDay: 50, capPerWeek: 50, optOutText: '拒收请回复R', catchUpMinutes: 30 });
    const short = await plan(group, { pushChannels: ['SMS'], scheduleType: 'DAILY', sendTime: '09:00' });
    await tick(at(1, '09:00', 45));
    expect(await onDays(short, [day1])).toEqual([`${day1}:SKIPPED:missed`]);
    const bad = await admin.post('/v1/push-plan-setting/save', {
      headers: EN,
      body: {
        capPerDay: 50,
        capPerWeek: 50,
        optOutText: '拒收请回复R',
        catchUpMinutes: 1,
        version: (await okData<{ version: number }>(admin.get('/v1/push-plan-setting/get'))).version,
      },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.data.fields.map((f: { field: string }) => f.field)).toEqual(['catchUpMinutes']);
  });

  it('a daily plan above the threshold gives nothing on a run until a second person approves that run; an approved run gives once', async () => {
    const { group, members } = await helpers.groupOf(2);
    const gifts = [
      { resourceId: '营销/推送计划/短信', action: '配置维护' },
      { resourceId: '营销/推送计划/赠礼发放', action: '配置维护' },
    ] as const;
    const second = await helpers.userWith('ppdailyok', [...gifts]);
    const smsOnly = await helpers.userWith('ppdailysms', [gifts[0]]);
    // 6,000 points × 2 members = 12,000 per run, above the default threshold of 10,000 points.
    const activity = await plan(
      group,
      { rewardPoints: 6000, pushChannels: ['SMS'], scheduleType: 'DAILY', sendTime: '10:00' },
      { audit: false },
    );
    await okData(second.post('/v1/activity/audit', { query: { id: activity } }));
    const [day1, day2] = [localDay(1), localDay(2)];

    // Day 1: the run freezes the members and waits; nothing is given or sent, however often the scheduler ticks.
    await tick(at(1, '10:00', 1));
    await tick(at(1, '10:00', 2));
    const waiting = await okData<Run & Record<string, unknown>>(
      admin.get('/v1/group-send/run', { query: { activityId: activity }, headers: EN }),
    );
    expect(waiting).toMatchObject({
      state: 'AWAITING_APPROVAL',
      reason: 'aboveThreshold',
      memberCount: 2,
      pending: 2,
      approval: { kind: 'points', amount: '12000', threshold: '10000' },
      dueUntil: `${day1} 12:00:00`,
    });
    expect(await onDays(activity, [day1])).toEqual([`${day1}:AWAITING_APPROVAL:aboveThreshold`]);
    for (const member of members) {
      expect(await balance(member)).toBe(0);
      expect(smsTo(await mobileOf(member))).toHaveLength(0);
    }

    // It waits in the header's list of whoever may approve it, and only theirs.
    const waitingFor = (client: ApiClient) =>
      okData<{ total: number; items: Record<string, unknown>[] }>(client.get('/v1/approvals/waiting', { headers: EN }));
    expect(await waitingFor(second)).toEqual({
      total: 1,
      items: [
        {
          queue: 'pushPlanRun',
          id: waiting.id,
          subject: expect.any(String),
          value: { kind: 'points', amount: '12000', threshold: '10000' },
          since: `${day1} 10:00:00`,
          dueAt: `${day1} 12:00:00`,
          path: `/promotion/push-plan/dtl?id=${activity}`,
        },
      ],
    });
    expect(await waitingFor(admin)).toEqual({ total: 0, items: [] });
    expect(await waitingFor(smsOnly)).toEqual({ total: 0, items: [] });
    // A plan of one marketing centre waits only for approvers of that centre.
    const centre = async (code: string) =>
      okData<{ id: number }>(admin.post('/v1/marketing-center/saveNew', { body: { code, name: `Centre ${code}` } }));
    const [north, south] = [await centre(`PN${Date.now() % 100000}`), await centre(`PS${Date.now() % 100000}`)];
    const limitedTo = (login: string, centreId: number) =>
      signInNewUser(scene.t, scene.tenant, { login, grants: [...gifts], marketingCenterIds: [centreId] });
    const [northern, southern] = [await limitedTo('ppdailynorth', north.id), await limitedTo('ppdailysouth', south.id)];
    await scene.t.database.db.execute(
      sql`update activities set marketing_center = ${north.id} where tenant_id = ${scene.tenant.tenantId} and id = ${activity}`,
    );
    expect((await waitingFor(northern)).items.map((item) => item.id)).toEqual([waiting.id]);
    expect(await waitingFor(southern)).toEqual({ total: 0, items: [] });
    await scene.t.database.db.execute(
      sql`update activities set marketing_center = null where tenant_id = ${scene.tenant.tenantId} and id = ${activity}`,
    );

    // The plan's creator may not approve it; nor may someone without the gift's grant.
    const own = await admin.post('/v1/group-send/approve', { query: { id: waiting.id }, headers: EN });
    expect(own.status).toBe(409);
    expect(own.body.msg).toContain('12000');
    expect((await smsOnly.post('/v1/group-send/approve', { query: { id: waiting.id } })).status).toBe(403);
    // A second person approves it: it is sent, each member given the points once.
    await okData(second.post('/v1/group-send/approve', { query: { id: waiting.id } }));
    expect(await helpers.ended(activity)).toMatchObject({ id: waiting.id, state: 'DONE', issued: 2, approvedBy: expect.any(String) });
    expect((await second.post('/v1/group-send/approve', { query: { id: waiting.id } })).status).toBe(409);
    expect(await waitingFor(second)).toEqual({ total: 0, items: [] });
    await tick(at(1, '10:00', 3));
    for (const member of members) {
      expect(await balance(member)).toBe(6000);
      expect(smsTo(await mobileOf(member))).toHaveLength(1);
    }

    // Day 2: the approval of day 1 does not cover it: the run waits again, nothing given.
    await tick(at(2, '10:00', 1));
    const next = await helpers.runOf(activity);
    expect(next).toMatchObject({ state: 'AWAITING_APPROVAL', pending: 2 });
    expect(next?.id).not.toBe(waiting.id);
    for (const member of members) expect(await balance(member)).toBe(6000);
    // Nobody approves it before its window ends: it is not sent, its members skipped as not approved.
    await tick(at(2, '10:00', 121));
    expect(await helpers.runOf(activity)).toMatchObject({ state: 'SKIPPED', reason: 'notApproved', skipped: 2, pending: 0 });
    expect((await second.post('/v1/group-send/approve', { query: { id: next!.id } })).status).toBe(409);
    expect((await helpers.results(activity, { reason: ['notApproved'] })).total).toBe(2);
    for (const member of members) {
      expect(await balance(member)).toBe(6000);
      expect(smsTo(await mobileOf(member))).toHaveLength(1);
    }
    // The Runs tab lists both, for a reader of any channel.
    const reader = await helpers.userWith('ppdailyread', [{ resourceId: '营销/推送计划/短信', action: '计划查看' }]);
    expect((await runsTab(activity, reader)).map((r) => r.key).filter((key) => [day1, day2].includes(key.slice(0, 10)))).toEqual([
      `${day1}:DONE:aboveThreshold`,
      `${day2}:SKIPPED:notApproved`,
    ]);
  });

  it('a weekly plan sends only on its weekdays, a one-off only once its time has come', async () => {
    const { group } = await helpers.groupOf(1);
    const now = new Date();
    const weekday =
      ((new Date(`${new Intl.DateTimeFormat('sv-SE', { timeZone: 'Asia/Shanghai' }).format(now)}T00:00:00Z`).getUTCDay() + 6) % 7) + 1;
    const otherDays = [1, 2, 3, 4, 5, 6, 7].filter((d) => d !== weekday);
    const weekly = await plan(group, { pushChannels: ['SMS'], scheduleType: 'WEEKLY', sendTime: '00:00', sendWeekdays: otherDays });
    const later = await plan(group, { pushChannels: ['SMS'], scheduleType: 'ONCE', sendAt: '2098-01-01 00:00:00' });
    const past = await plan(group, { pushChannels: ['SMS'], scheduleType: 'ONCE', sendAt: '2021-01-01 00:00:00' });
    await tick(now);
    await tick(new Date(now.getTime() + 60_000));
    expect(await runsOf(weekly)).toEqual([]);
    expect(await runsOf(later)).toEqual([]);
    expect(await runsOf(past)).toEqual(['once']);
  });

  it('refuses a schedule missing its time, naming the field', async () => {
    const { group } = await helpers.groupOf(1);
    const res = await admin.post('/v1/activity/saveNew', {
      headers: EN,
      body: {
        name: '缺时间',
        kind: 'PUSH_PLAN',
        beginTime: '2020-01-01 00:00:00',
        endTime: '2099-01-01 00:00:00',
        rule: {
          groupSendGroup: group,
          pushChannels: ['SMS'],
          pushContent: '你好',
          smsTemplateCode: 'SMS_1',
          scheduleType: 'WEEKLY',
          sendTime: '09:00',
        },
      },
    });
    expect(res.status).toBe(400);
    expect(res.body.data.fields.map((f: { field: string }) => f.field)).toEqual(['rule.sendWeekdays']);
  });
});

describe('who may make and send a push plan', () => {
  it('answers 403 to a reader, and to a maintainer of SMS alone who adds app push or a gift', async () => {
    const { group } = await helpers.groupOf(1);
    const reader = await helpers.userWith('ppreader', [{ resourceId: '营销/推送计划/短信', action: '计划查看' }]);
    const smsMaker = await helpers.userWith('ppsms', [{ resourceId: '营销/推送计划/短信', action: '配置维护' }]);
    const body = (rule: PlanRule) => ({
      body: {
        name: '推送权限',
        kind: 'PUSH_PLAN',
        beginTime: '2020-01-01 00:00:00',
        endTime: '2099-01-01 00:00:00',
        rule: { groupSendGroup: group, pushContent: '你好', smsTemplateCode: 'SMS_1', pushTitle: '标题', holdMinutes: 0, ...rule },
      },
    });
    expect((await reader.post('/v1/activity/saveNew', body({ pushChannels: ['SMS'] }))).status).toBe(403);
    const pushDenied = await smsMaker.post('/v1/activity/saveNew', { ...body({ pushChannels: ['SMS', 'APP_PUSH'] }), headers: EN });
    expect(pushDenied.status).toBe(403);
    expect(pushDenied.body.msg).toContain('App push');
    expect((await smsMaker.post('/v1/activity/saveNew', body({ pushChannels: ['SMS'], rewardPoints: 5 }))).status).toBe(403);
    const own = await okData<{ id: number }>(smsMaker.post('/v1/activity/saveNew', body({ pushChannels: ['SMS'] })));
    await okData(admin.post('/v1/activity/audit', { query: { id: own.id } }));
    // The reader reads the plan and its report, and may not start it.
    expect((await reader.post('/v1/group-send/start', { query: { id: own.id } })).status).toBe(403);
    expect((await reader.get(`/v1/activity/info/${own.id}`)).status).toBe(200);
    expect((await reader.get('/v1/group-send/run', { query: { activityId: own.id } })).status).toBe(200);
    expect(
      (await reader.post('/v1/group-send-recipients/query', { body: { page: 1, pageSize: 1, filters: { activityId: own.id } } })).status,
    ).toBe(200);
    expect(
      (await reader.post('/v1/push-deliveries/query', { body: { page: 1, pageSize: 1, filters: { activityId: own.id } } })).status,
    ).toBe(200);
  });

  it('refuses a plan missing what a channel needs, or sending nothing, naming the field in the caller’s language', async () => {
    const { group } = await helpers.groupOf(1);
    const save = (rule: PlanRule) =>
      admin.post('/v1/activity/saveNew', {
        headers: EN,
        body: {
          name: '缺字段',
          kind: 'PUSH_PLAN',
          beginTime: '2020-01-01 00:00:00',
          endTime: '2099-01-01 00:00:00',
          rule: { groupSendGroup: group, holdMinutes: 0, ...rule },
        },
      });
    const noTemplate = await save({ pushChannels: ['SMS'], pushContent: '你好' });
    expect(noTemplate.status).toBe(400);
    expect(noTemplate.body.data.fields).toEqual([{ field: 'rule.smsTemplateCode', msg: 'An SMS needs its template code' }]);
    const nothing = await save({ pushChannels: [] });
    expect(nothing.status).toBe(400);
    expect(nothing.body.data.fields.map((f: { field: string }) => f.field)).toEqual(['rule.pushChannels']);
    const badHold = await save({ pushChannels: ['APP_PUSH'], pushTitle: 't', pushContent: 'c', holdMinutes: -1 });
    expect(badHold.status).toBe(400);
    expect(badHold.body.data.fields.map((f: { field: string }) => f.field)).toEqual(['rule.holdMinutes']);
  });

  it('needs a second person to audit, and to start, a gift above the merchant’s points threshold (points × the members)', async () => {
    const { group, members } = await helpers.groupOf(2);
    // 6,000 points × 2 members = 12,000, above the default threshold of 10,000 points.
    const activity = await plan(group, { rewardPoints: 6000, pushChannels: ['SMS'] }, { audit: false });
    const refused = await admin.post('/v1/activity/audit', { query: { id: activity }, headers: EN });
    expect(refused.status).toBe(409);
    expect(refused.body.msg).toContain('12000');
    const second = await helpers.userWith('ppauditor', [
      { resourceId: '营销/推送计划/短信', action: '配置维护' },
      { resourceId: '营销/推送计划/赠礼发放', action: '配置维护' },
    ]);
    await okData(second.post('/v1/activity/audit', { query: { id: activity } }));
    expect((await admin.post('/v1/group-send/start', { query: { id: activity } })).status).toBe(409);
    await okData(second.post('/v1/group-send/start', { query: { id: activity } }));
    expect(await helpers.ended(activity)).toMatchObject({ state: 'DONE', issued: 2 });
    for (const member of members) expect((await pointsOf({ t: scene.t, tenant: scene.tenant, memberId: member })).balance).toBe(6000);
  });
});

describe('a push plan by WeChat', () => {
  const WECHAT: PlanRule = {
    wechatTemplate: 'TPL-ngqIpbwh8bUfcSsECmogfXcV14J0tQlEpBO27izEYtY',
    wechatData: {
      keywords: [
        { key: 'thing1', value: '会员日全场 8 折' },
        { key: 'time2', value: '2026-12-01 10:00' },
      ],
    },
    wechatLink: 'https://shop.example.com/member-day',
  };
  /** The member's WeChat openid, as the channel identities hold it. */
  const identify = async (member: number): Promise<string> => {
    const openid = `oWX${member}x${(serial += 1)}`;
    await okData(admin.post('/v1/member-channel-identity/saveNew', { body: { member, channel: 'WECHAT', externalId: openid } }));
    return openid;
  };
  /** What WeChat received at an endpoint for an openid (each a call with its JSON body). */
  const wechatTo = (endpoint: string, openid: string) =>
    standIns.received
      .filter((r) => r.path === `/wechat/cgi-bin/message/${endpoint}`)
      .map((r) => JSON.parse(r.body) as Record<string, unknown>)
      .filter((b) => b.touser === openid);

  it('sends each member one template message and one SMS; a member without an openid is suppressed with its reason', async () => {
    const { group, members } = await helpers.groupOf(3);
    const numbers = await memberNumbers(members);
    const openids = [await identify(members[0]), await identify(members[1])];
    const activity = await plan(group, { pushChannels: ['WECHAT', 'SMS'], ...WECHAT });
    await sent(activity);
    expect(outcomes((await report(activity)).records)).toEqual(
      [
        `${numbers[0]}:SMS:SENT:`,
        `${numbers[0]}:WECHAT:SENT:`,
        `${numbers[1]}:SMS:SENT:`,
        `${numbers[1]}:WECHAT:SENT:`,
        `${numbers[2]}:SMS:SENT:`,
        `${numbers[2]}:WECHAT:SUPPRESSED:noWechatIdentity`,
      ].sort(),
    );
    for (const [i, openid] of openids.entries()) {
      expect(wechatTo('template/send', openid)).toEqual([
        {
          touser: openid,
          template_id: WECHAT.wechatTemplate,
          url: WECHAT.wechatLink,
          data: { thing1: { value: '会员日全场 8 折' }, time2: { value: '2026-12-01 10:00' } },
        },
      ]);
      expect(smsTo(await mobileOf(members[i]))).toHaveLength(1);
    }
    // The report filters by the reason.
    const missing = await report(activity, { reason: ['noWechatIdentity'] });
    expect(missing.records.map((r) => `${r.memberNumber}:${r.channel}`)).toEqual([`${numbers[2]}:WECHAT`]);
  });

  it('a subscribe message goes only to a member who agreed to it; a refusal is honoured for template messages too', async () => {
    const { group, members } = await helpers.groupOf(3);
    const numbers = await memberNumbers(members);
    const openids = await Promise.all(members.map(identify));
    await okData(admin.post('/v1/push-consent/saveNew', { body: { member: members[0], channel: 'WECHAT', consent: 'GRANTED' } }));
    await okData(admin.post('/v1/push-consent/saveNew', { body: { member: members[2], channel: 'WECHAT', consent: 'REFUSED' } }));
    const subscribe = await plan(group, { pushChannels: ['WECHAT'], wechatMessageType: 'SUBSCRIBE', ...WECHAT });
    await sent(subscribe);
    expect(outcomes((await report(subscribe)).records)).toEqual(
      [`${numbers[0]}:WECHAT:SENT:`, `${numbers[1]}:WECHAT:SUPPRESSED:noConsent`, `${numbers[2]}:WECHAT:SUPPRESSED:noConsent`].sort(),
    );
    expect(wechatTo('subscribe/bizsend', openids[0])).toEqual([
      expect.objectContaining({ template_id: WECHAT.wechatTemplate, page: WECHAT.wechatLink }),
    ]);
    expect(wechatTo('subscribe/bizsend', openids[1])).toEqual([]);

    const template = await plan(group, { pushChannels: ['WECHAT'], ...WECHAT, wechatLink: null });
    await sent(template);
    expect(outcomes((await report(template)).records)).toEqual(
      [`${numbers[0]}:WECHAT:SENT:`, `${numbers[1]}:WECHAT:SENT:`, `${numbers[2]}:WECHAT:SUPPRESSED:noConsent`].sort(),
    );
    expect(wechatTo('template/send', openids[1])).toEqual([expect.not.objectContaining({ url: expect.anything() })]);
    expect(wechatTo('template/send', openids[2])).toEqual([]);
  });

  it('records a message WeChat refused as failed with WeChat’s code (a member who unfollowed the account), the others sent', async () => {
    const { group, members } = await helpers.groupOf(2);
    const numbers = await memberNumbers(members);
    const [gone] = [await identify(members[0]), await identify(members[1])];
    standIns.wechat.unfollowed.add(gone);
    const activity = await plan(group, { pushChannels: ['WECHAT'], ...WECHAT });
    await sent(activity);
    const rows = (await report(activity)).records;
    expect(rows.map((r) => `${r.memberNumber}:${r.result}:${r.errorCode ?? ''}`).sort()).toEqual(
      [`${numbers[0]}:FAILED:43004`, `${numbers[1]}:SENT:`].sort(),
    );
    expect((await report(activity, { channel: ['WECHAT'], result: ['FAILED'] })).total).toBe(1);
  });

  it('records WeChat not connected without the official account’s credentials; the SMS still goes', async () => {
    await saveSettings('wechat-channel', { appId: null, appSecret: null });
    const { group, members } = await helpers.groupOf(1);
    const [number] = await memberNumbers(members);
    const openid = await identify(members[0]);
    const activity = await plan(group, { pushChannels: ['WECHAT', 'SMS'], ...WECHAT });
    await sent(activity);
    expect(outcomes((await report(activity)).records)).toEqual([`${number}:SMS:SENT:`, `${number}:WECHAT:SUPPRESSED:notConnected`]);
    expect(wechatTo('template/send', openid)).toEqual([]);
  });

  it('refuses a WeChat message missing its template or over WeChat’s length of a keyword, naming the field in the caller’s language', async () => {
    const { group } = await helpers.groupOf(1);
    const save = (rule: PlanRule, headers: Record<string, string> = EN) =>
      admin.post('/v1/activity/saveNew', {
        headers,
        body: {
          name: '微信缺字段',
          kind: 'PUSH_PLAN',
          beginTime: '2020-01-01 00:00:00',
          endTime: '2099-01-01 00:00:00',
          rule: { groupSendGroup: group, holdMinutes: 0, pushChannels: ['WECHAT'], ...rule },
        },
      });
    const tooLong = await save({
      ...WECHAT,
      wechatData: {
        keywords: [
          { key: 'time1', value: '今天' },
          { key: 'thing2', value: '一'.repeat(21) },
        ],
      },
    });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.data.fields).toEqual([
      { field: 'rule.wechatData.keywords[1].value', msg: 'The value of keyword thing2 takes at most 20 characters' },
    ]);
    const phrase = await save({ ...WECHAT, wechatData: { keywords: [{ key: 'phrase3', value: '已经发货了' + '啦' }] } }, {});
    expect(phrase.status).toBe(400);
    expect(phrase.body.data.fields).toEqual([{ field: 'rule.wechatData.keywords[0].value', msg: '关键词 phrase3 的内容最多 5 个字' }]);
    const bare = await save({ wechatTemplate: '' });
    expect(bare.status).toBe(400);
    expect(bare.body.data.fields.map((f: { field: string }) => f.field)).toEqual(['rule.wechatTemplate', 'rule.wechatData.keywords']);
    const badLink = await save({ ...WECHAT, wechatLink: 'http://shop.example.com' });
    expect(badLink.status).toBe(400);
    expect(badLink.body.data.fields.map((f: { field: string }) => f.field)).toEqual(['rule.wechatLink']);
  });

  it('answers 403 to a maintainer of SMS alone who adds WeChat; a maintainer of WeChat messages saves it', async () => {
    const { group } = await helpers.groupOf(1);
    const smsMaker = await helpers.userWith('ppwxsms', [{ resourceId: '营销/推送计划/短信', action: '配置维护' }]);
    const wechatMaker = await helpers.userWith('ppwx', [{ resourceId: '营销/推送计划/微信消息', action: '配置维护' }]);
    const body = {
      name: '微信权限',
      kind: 'PUSH_PLAN',
      beginTime: '2020-01-01 00:00:00',
      endTime: '2099-01-01 00:00:00',
      rule: { groupSendGroup: group, holdMinutes: 0, pushChannels: ['WECHAT'], pushContent: '你好', ...WECHAT },
    };
    const denied = await smsMaker.post('/v1/activity/saveNew', { body, headers: EN });
    expect(denied.status).toBe(403);
    expect(denied.body.msg).toContain('WeChat message');
    const deniedZh = await smsMaker.post('/v1/activity/saveNew', { body });
    expect(deniedZh.body.msg).toContain('微信消息');
    await okData(wechatMaker.post('/v1/activity/saveNew', { body }));
  });
});
