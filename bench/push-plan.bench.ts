import { sql } from 'drizzle-orm';
import { intFlag, parseFlags, textFlag } from './lib/bench-args';
import { startBenchRun } from './lib/bench-run';
import type { BenchDatabase } from './lib/bench-database';
import { median } from './lib/stats';
import { groupSendScene, perSecond, printRatio, rolledBack, sceneRun, timed, type GroupSendScene } from './lib/group-send-scene';
import { GROUP_SEND_SLICE } from '../server/modules/activities/group-send/group-send.job';
import { serveRun } from '../server/modules/activities/group-send/group-send.serve';
import { startStandIns, type StandIns } from '../tests/helpers/channel-stand-ins';
import type { PushChannel } from '../resources/promotion/kinds/push-plan.kind';
import { loadSecretKey, sealSecret } from '../server/crud/secret-box';
import { pushRules, sendMessages, type PushMessagePlan } from '../server/modules/activities/push-plans/push-plan.deliver';

/**
 * A push plan's send (server/modules/activities/push-plans, on the group-send runs) to a customer
 * group of `--members` members, next to plain inserts of the same rows of `push_deliveries` in the
 * same run (issue 29 item 6: push members per second at least half; bench/README.md "bench:push-plan"):
 *
 *   npm run bench:push-plan -- [--rounds 3] [--members 100000] [--channels SMS,APP_PUSH] [--connected both|yes|no]
 *     [--touched 30] [--sample 500] [--gift-points 0] [--tenant …] [--database-url …]
 *
 * Each round makes the scene of bench:group-send (bench/lib/group-send-scene.ts: a tenant of its
 * own, its members, the group of a store's members) and sends an audited PUSH_PLAN now (no hold)
 * by `--channels`, with a points gift when `--gift-points` is above 0, served as the queue
 * delivers it (`serveRun`, slices of GROUP_SEND_SLICE):
 *
 * - **not connected**: the tenant's channels have no credentials, so every message is decided and
 *   recorded SUPPRESSED (not connected, or why not before that) and the caps' touches are not read.
 * - **connected** (a second plan to the same group): SMS and JPush are connected to the local
 *   stand-ins of the platforms (tests/helpers/channel-stand-ins.ts, on 127.0.0.1), the SMS quiet
 *   hours are off, and `--touched` % of the members were reached this week (a third of them
 *   today: the cap per day, default 1, suppresses them). Each message is decided as it is sent
 *   (consent, caps read per member, duplicates, quiet hours) and recorded SENDING. What the send
 *   times is the console's work per member: the decision and its rows, committed per batch, ready
 *   to go out. The gateway's calls (one HTTP call per message after each batch's commit, each
 *   logged in `channel_calls` and its row marked SENT) are the platforms' speed: `serveRun`'s
 *   `send` keeps the rows, and `--sample` of the last round's are then sent through the gateway
 *   to the stand-ins and timed apart (messages per second, printed, not in the ratio).
 *
 * After each delivery, the plain INSERT … SELECT of the rows of the members it served (SUPPRESSED
 * for the first plan, SENDING for the second: the same rows, in the caps' index alike), committed
 * as the send commits its batch, then deleted (not timed): each pair sees the same load. Then the
 * whole run's rows in one rolled-back INSERT (for comparison with earlier figures). Prints members
 * per second and the ratios of each round, and the ratios' medians over the rounds.
 */

const PLAN = {
  title: '周末特惠',
  content: '会员日全场 8 折',
  smsTemplateCode: 'SMS_300',
} as const;

/** Connects the tenant's SMS account and JPush application to the stand-ins; the SMS quiet hours off. */
async function connect(bench: BenchDatabase, tenantId: number, standIns: StandIns): Promise<void> {
  const { db } = bench.database;
  await loadSecretKey({ db });
  await db.execute(sql`insert into sms_channels (tenant_id, access_key_id, access_key_secret, sign_name, endpoint, quiet_from_hour, quiet_to_hour)
    values (${tenantId}, 'LTAI-STAND-IN', ${sealSecret(standIns.sms.accessKeySecret)}, '会员中心', ${standIns.baseUrl}, 0, 0)
    on conflict (tenant_id) do update set access_key_id = excluded.access_key_id, access_key_secret = excluded.access_key_secret,
      sign_name = excluded.sign_name, endpoint = excluded.endpoint, quiet_from_hour = 0, quiet_to_hour = 0`);
  await db.execute(sql`insert into push_channels (tenant_id, app_key, master_secret, api_base_url)
    values (${tenantId}, ${standIns.push.appKey}, ${sealSecret(standIns.push.masterSecret)}, ${`${standIns.baseUrl}/jpush`})
    on conflict (tenant_id) do update set app_key = excluded.app_key, master_secret = excluded.master_secret, api_base_url = excluded.api_base_url`);
}

/**
 * Earlier touches of `percent` % of the group's members, as another plan's messages sent this
 * week (run number 0, which no run has): a third of them today, the others 2 to 5 days ago.
 */
async function touch(bench: BenchDatabase, scene: GroupSendScene, percent: number): Promise<number> {
  const found = await bench.database.db.execute<{ n: number }>(sql`with made as (
      insert into push_deliveries (tenant_id, run_id, member_id, channel, result, created_at)
      select p.tenant_id, 0, p.member_id, 'APP_PUSH', 'SENT',
        case when p.member_id % 3 = 0 then now() - interval '1 minute' else now() - (2 + p.member_id % 4) * interval '1 day' end
      from group_send_recipients p
      where p.tenant_id = ${scene.tenantId} and p.run_id = ${scene.job.runId} and (p.member_id * 7919) % 100 < ${percent}
      returning 1)
    select count(*)::int as n from made`);
  await bench.database.db.execute(sql`analyze push_deliveries`);
  return found.rows[0].n;
}

/** The run's messages by result and reason, as `SENDING 180000, SUPPRESSED frequencyCap 9000`. */
async function messagesOf(bench: BenchDatabase, scene: GroupSendScene): Promise<string> {
  const rows = await bench.database.db.execute<{ result: string; reason: string | null; n: number }>(sql`select result, reason,
      count(*)::int as n from push_deliveries where tenant_id = ${scene.tenantId} and run_id = ${scene.job.runId}
    group by result, reason order by result, reason`);
  return rows.rows.map((r) => `${r.result}${r.reason ? ` ${r.reason}` : ''} ${r.n}`).join(', ');
}

/**
 * A plain INSERT … SELECT of the run's recipients × channels as `result` rows (another run
 * number): all of them, rolled back; or those of `members`, committed as the send commits each
 * batch, then deleted (not timed).
 */
const plainInsert = async (args: {
  bench: BenchDatabase;
  scene: GroupSendScene;
  channels: readonly string[];
  result: 'SUPPRESSED' | 'SENDING';
  members?: { readonly above: number; readonly through: number };
}) => {
  const { bench, scene, members } = args;
  const rows = (tx: Pick<BenchDatabase['database']['db'], 'execute'>) =>
    tx.execute(sql`insert into push_deliveries (tenant_id, run_id, member_id, channel, result, reason, created_at)
      select r.tenant_id, -r.run_id, r.member_id, c.channel, ${args.result}, ${args.result === 'SUPPRESSED' ? 'notConnected' : null}, now()
      from group_send_recipients r cross join unnest(${`{${args.channels.join(',')}}`}::text[]) as c(channel)
      where r.tenant_id = ${scene.tenantId} and r.run_id = ${scene.job.runId}
        ${members ? sql`and r.member_id > ${members.above} and r.member_id <= ${members.through}` : sql``}`);
  if (!members) return timed(() => rolledBack(bench, rows));
  const made = await timed(() => rows(bench.database.db));
  await bench.database.db.execute(sql`delete from push_deliveries where tenant_id = ${scene.tenantId} and run_id = ${-scene.job.runId}
    and member_id > ${members.above} and member_id <= ${members.through}`);
  return made;
};

/** The member the run is served through (a push plan without a gift serves in member order). */
async function servedThrough(bench: BenchDatabase, scene: GroupSendScene): Promise<number> {
  const found = await bench.database.db.execute<{ through: string | null }>(sql`select served_through as through from group_send_runs
    where tenant_id = ${scene.tenantId} and id = ${scene.job.runId}`);
  return Number(found.rows[0]?.through ?? 0);
}

/**
 * Serves the run as the queue delivers it (`serveRun`, GROUP_SEND_SLICE members a delivery), and
 * after each delivery times the plain insert of the rows of the members it served, so that each
 * pair sees the same load of the shared machine: the sums of both, and the ratio of the sums.
 */
async function servePaired(args: {
  bench: BenchDatabase;
  scene: GroupSendScene;
  channels: readonly PushChannel[];
  result: 'SUPPRESSED' | 'SENDING';
  send?: (sending: readonly number[]) => Promise<void>;
}): Promise<{ served: { ms: number; value: number }; plain: { ms: number } }> {
  const { bench, scene } = args;
  let servedMs = 0;
  let plainMs = 0;
  let members = 0;
  for (let above = await servedThrough(bench, scene); ;) {
    const delivery = await timed(() =>
      serveRun({ db: bench.database.db, job: scene.job, clock: () => new Date(), slice: GROUP_SEND_SLICE, send: args.send }),
    );
    servedMs += delivery.ms;
    members += delivery.value.served;
    const through = await servedThrough(bench, scene);
    if (through > above) plainMs += (await plainInsert({ ...args, members: { above, through } })).ms;
    above = through;
    if (!delivery.value.more) return { served: { ms: servedMs, value: members }, plain: { ms: plainMs } };
  }
}

/** One send timed next to its baselines: the ratios of members per second (send / plain), paired by delivery and against one INSERT. */
interface Measured {
  readonly paired: number;
  readonly single: number;
}

/** Serves the run paired with its baseline, then the whole baseline in one INSERT; prints them. */
async function measure(args: {
  bench: BenchDatabase;
  scene: GroupSendScene;
  channels: readonly PushChannel[];
  result: 'SUPPRESSED' | 'SENDING';
  send?: (sending: readonly number[]) => Promise<void>;
  details?: () => Promise<string[]>;
}): Promise<Measured> {
  const { bench, scene, channels } = args;
  const { served, plain } = await servePaired(args);
  const single = await plainInsert(args);
  await printRatio({
    bench,
    scene,
    served,
    plain,
    baseline: `${scene.recipients * channels.length} push_deliveries rows${args.result === 'SENDING' ? ' (SENDING)' : ''}, a statement per delivery`,
    details: [`messages: ${await messagesOf(bench, scene)}`, ...((await args.details?.()) ?? [])],
  });
  console.log(
    `plain INSERT of them all in one statement: ${(single.ms / 1000).toFixed(1)} s (${perSecond(scene.recipients, single.ms)} members/s); ` +
      `ratio send / that = ${(single.ms / served.ms).toFixed(3)}`,
  );
  return { paired: plain.ms / served.ms, single: single.ms / served.ms };
}

/** A not-connected send of the scene's run and its baselines. */
const notConnected = (bench: BenchDatabase, scene: GroupSendScene, channels: readonly PushChannel[]) =>
  measure({ bench, scene, channels, result: 'SUPPRESSED' });

/**
 * A connected send (the tenant connected, `touched` % of the members reached before) and its
 * baselines, then `sample` of its messages sent through the gateway.
 */
async function connectedSend(args: {
  bench: BenchDatabase;
  scene: GroupSendScene;
  channels: readonly PushChannel[];
  standIns: StandIns;
  touched: number;
  sample: number;
}): Promise<Measured> {
  const { bench, scene, channels, standIns } = args;
  const before = await touch(bench, scene, args.touched);
  console.log(`connected (SMS and JPush to the stand-ins; ${before} members reached before this week):`);
  const sending: number[] = [];
  const sendSample = async (): Promise<string[]> => {
    if (args.sample <= 0) return [];
    // A sample of the messages through the gateway, as `serveRun` sends them after each batch.
    const ids = sending.slice(0, args.sample);
    const { db } = bench.database;
    const numbers = await db.execute<{ member_number: string }>(sql`select m.member_number
      from push_deliveries d join members m on m.tenant_id = d.tenant_id and m.id = d.member_id
      where d.tenant_id = ${scene.tenantId} and d.id = any(${`{${ids.join(',')}}`}::bigint[]) and d.channel = 'APP_PUSH'`);
    for (const row of numbers.rows) standIns.push.aliases.add(row.member_number);
    const rules = await pushRules(db, scene.tenantId);
    const plan: PushMessagePlan = { channels, ...PLAN, wechat: { type: 'TEMPLATE', templateId: '', link: '', keywords: [] } };
    const sent = await timed(() =>
      sendMessages({
        db,
        tenantId: scene.tenantId,
        runId: scene.job.runId,
        sending: ids,
        plan,
        rules,
        zone: 'Asia/Shanghai',
        operatorId: null,
      }),
    );
    const ended = await db.execute<{ result: string; n: number }>(sql`select result, count(*)::int as n
      from push_deliveries where tenant_id = ${scene.tenantId} and id = any(${`{${ids.join(',')}}`}::bigint[]) group by 1 order by 1`);
    return [
      `then ${ids.length} of the ${sending.length} messages SENDING sent through the gateway to the stand-ins: ` +
        `${(sent.ms / 1000).toFixed(1)} s (${perSecond(ids.length, sent.ms)} messages/s, one call each, not in the ratio); ` +
        `they ended ${ended.rows.map((r) => `${r.result} ${r.n}`).join(', ')}`,
    ];
  };
  return measure({
    bench,
    scene,
    channels,
    result: 'SENDING',
    send: async (ids) => {
      sending.push(...ids);
    },
    details: sendSample,
  });
}

async function main() {
  const flags = parseFlags(process.argv.slice(2), [
    'members',
    'channels',
    'connected',
    'touched',
    'sample',
    'rounds',
    'gift-points',
    'tenant',
    'database-url',
    'data-dir',
    'max-minutes',
  ]);
  const members = intFlag(flags, 'members', 100_000);
  const channels = textFlag(flags, 'channels', 'SMS,APP_PUSH').split(',') as PushChannel[];
  const connected = textFlag(flags, 'connected', 'both');
  if (!['both', 'yes', 'no'].includes(connected)) throw new Error('--connected: both, yes or no');
  const touched = intFlag(flags, 'touched', 30);
  const sample = intFlag(flags, 'sample', 500);
  const rounds = intFlag(flags, 'rounds', 3);
  const giftPoints = intFlag(flags, 'gift-points', 0);
  const run = await startBenchRun({ flags, name: 'bench:push-plan', minutes: 120 });
  const { bench } = run;
  const standIns = connected === 'no' ? null : await startStandIns();
  const ratios: Record<string, number[]> = { notConnected: [], connected: [], notConnectedSingle: [], connectedSingle: [] };
  try {
    const rule = (group: number) => ({
      groupSendGroup: group,
      pushChannels: channels,
      pushTitle: PLAN.title,
      pushContent: PLAN.content,
      smsTemplateCode: PLAN.smsTemplateCode,
      holdMinutes: 0,
      scheduleType: 'NOW',
      ...(giftPoints > 0 ? { rewardPoints: giftPoints } : {}),
    });
    for (let round = 1; round <= rounds; round += 1) {
      console.log(`— round ${round} of ${rounds} —`);
      // Each round its own tenant and members: a send's messages would count under the caps of the next.
      const first = await groupSendScene({
        bench,
        tenant: rounds === 1 ? textFlag(flags, 'tenant') : undefined,
        prefix: 'benchpp',
        members,
        kind: 'PUSH_PLAN',
        family: 'PUSH_PLAN',
        rule,
      });
      if (connected !== 'yes') {
        console.log('not connected (every message decided SUPPRESSED, the caps not read):');
        const measured = await notConnected(bench, first, channels);
        ratios.notConnected.push(measured.paired);
        ratios.notConnectedSingle.push(measured.single);
      }
      if (standIns) {
        await connect(bench, first.tenantId, standIns);
        // A second plan to the same group (the first one's messages were all suppressed: no touch).
        const scene: GroupSendScene = {
          ...(await sceneRun({ bench, tenantId: first.tenantId, groupId: first.groupId, kind: 'PUSH_PLAN', family: 'PUSH_PLAN', rule })),
          groupId: first.groupId,
        };
        const measured = await connectedSend({ bench, scene, channels, standIns, touched, sample: round === rounds ? sample : 0 });
        ratios.connected.push(measured.paired);
        ratios.connectedSingle.push(measured.single);
      }
    }
    for (const [name, values] of Object.entries(ratios))
      if (values.length > 0)
        console.log(`${name}: ratios ${values.map((r) => r.toFixed(3)).join(', ')}; median ${median(values).toFixed(3)} (target >= 0.5)`);
  } finally {
    await standIns?.close();
    await run.finish();
  }
}

void main().catch((error) => {
  console.error(error);
  process.exit(1);
});
