import { sql } from 'drizzle-orm';
import type { BenchDatabase } from './bench-database';
import { ensureBenchTenant, ensureBenchUser } from './bench-tenant';
import type { ActivityFamily } from '../../resources/promotion/activity-kind';
import { familyRefs } from '../../server/modules/activities/activity.hooks';
import { giftRef } from '../../server/modules/activities/push-plans/push-plan.rule';
import { advanceSequence, idBase, memberInsertSql } from './member-rows';
import { GROUP_SEND_SLICE } from '../../server/modules/activities/group-send/group-send.job';
import { startRun, type GroupSendJob } from '../../server/modules/activities/group-send/group-send.runs';
import { serveRun } from '../../server/modules/activities/group-send/group-send.serve';
import { recipientResult } from '../../server/modules/activities/group-send/recipient-state';

/**
 * What the benches of the kinds sent to a group share (server/modules/activities/group-send):
 * a tenant of their own per run (unless named), a store, its members (set-based, as
 * bench:generate: about 94 % in use), the customer group of that store's members, an audited
 * activity of the kind with the rule asked; the run frozen as `startRun` does and timed; the
 * send delivered as the queue delivers it (slices of GROUP_SEND_SLICE, each delivery the next);
 * a baseline timed in a rolled-back transaction.
 */

/** A run of `run()`, with its time in milliseconds. */
export async function timed<T>(run: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const start = process.hrtime.bigint();
  const value = await run();
  return { ms: Number(process.hrtime.bigint() - start) / 1e6, value };
}

/** Items per second. */
export const perSecond = (items: number, ms: number): number => Math.round((items / ms) * 1000);

export interface GroupSendScene {
  readonly tenantId: number;
  /** The customer group of the store's members. */
  readonly groupId: number;
  readonly activityId: number;
  readonly job: GroupSendJob;
  /** The recipients frozen, and the freeze's time. */
  readonly recipients: number;
  readonly frozenMs: number;
}

/** Makes the tenant, store, members, group and the audited activity (`rule(groupId)`), and freezes the run. */
export async function groupSendScene(args: {
  bench: BenchDatabase;
  /** The tenant's code (a new one per run by default) and the prefix of the numbers made. */
  tenant: string | undefined;
  prefix: string;
  members: number;
  kind: string;
  family: string;
  rule: (groupId: number) => Record<string, unknown>;
  /** The activity's budget (`budgetField`: totalCoupons, totalPoints …); none by default. */
  budget?: Record<string, number>;
  /** Makes what the rule names (a coupon template) once the tenant exists. */
  before?: (tenantId: number) => Promise<void>;
}): Promise<GroupSendScene> {
  const { bench, members } = args;
  const { db, pool } = bench.database;
  const stamp = String(Date.now());
  // A tenant of its own per run unless named: the members' numbers and mobiles are unique per tenant.
  const { tenantId } = await ensureBenchTenant(bench.database, args.tenant ?? `${args.prefix}${stamp.slice(-8)}`);
  const area = await db.execute<{ id: string }>(
    sql`insert into areas (tenant_id, code, name) values (${tenantId}, ${`BA${stamp}`}, ${`bench ${stamp}`}) returning id`,
  );
  const store = await db.execute<{ id: string }>(sql`insert into stores (tenant_id, code, name, type, area)
    values (${tenantId}, ${`BS${stamp}`}, ${`bench ${stamp}`}, 'OTHER', ${area.rows[0].id}) returning id`);
  const storeId = Number(store.rows[0].id);
  const client = await pool.connect();
  try {
    const base = await idBase(client, 'members');
    const shape = {
      tenantId,
      members,
      idBase: base,
      anchor: new Date().toISOString().slice(0, 19),
      storeIds: [storeId],
      centreIds: [null],
      levelIds: new Map(),
    };
    const made = await timed(() => client.query(memberInsertSql(shape, 1, members)));
    await advanceSequence(client, 'members', base + members);
    console.log(`${args.prefix}: ${members} members made in ${(made.ms / 1000).toFixed(1)} s, on ${bench.where}`);
  } finally {
    client.release();
  }
  // The same for the members just made.
  await db.execute(sql`analyze members`);
  await args.before?.(tenantId);
  const group = await db.execute<{ id: string }>(sql`insert into customer_groups (tenant_id, name, rule)
    values (${tenantId}, ${`bench ${stamp}`}, ${JSON.stringify({ metric: 'registerStore', operator: 'in', value: [storeId] })}) returning id`);
  const groupId = Number(group.rows[0].id);
  return {
    ...(await sceneRun({ bench, tenantId, groupId, kind: args.kind, family: args.family, rule: args.rule, budget: args.budget })),
    groupId,
  };
}

/**
 * Another activity of the kind to the scene's group (`rule(groupId)`), audited, and its run frozen
 * as `startRun` freezes it (one INSERT … SELECT of the recipients), timed.
 */
export async function sceneRun(args: {
  bench: BenchDatabase;
  tenantId: number;
  groupId: number;
  kind: string;
  family: string;
  rule: (groupId: number) => Record<string, unknown>;
  budget?: Record<string, number>;
}): Promise<Omit<GroupSendScene, 'groupId'>> {
  const { tenantId } = args;
  const { db } = args.bench.database;
  const stamp = String(Date.now());
  const { maker, sender } = await benchPeople(args.bench, tenantId, args.family as ActivityFamily);
  const activity = await db.execute<{
    id: string;
  }>(sql`insert into activities (tenant_id, number, name, kind, family, state, begin_time, end_time, budget, rule, created_by, updated_by)
    values (${tenantId}, ${`BG${stamp.slice(-8)}`}, ${`bench ${stamp}`}, ${args.kind}, ${args.family}, 'AUDITED',
      now() - interval '1 day', now() + interval '1 day', ${JSON.stringify(args.budget ?? {})}::jsonb,
      ${JSON.stringify(args.rule(args.groupId))}::jsonb, ${maker}, ${maker})
    returning id`);
  const activityId = Number(activity.rows[0].id);
  // Started by a second person, as a merchant starts a send above its approval threshold (a run
  // started by nobody is a schedule's, which waits for approval: AWAITING_APPROVAL, nobody served).
  const frozen = await timed(() =>
    startRun({ db, tenantId, userId: sender, locale: 'zh_CN', activityId, now: new Date(), timeZone: 'Asia/Shanghai' }),
  );
  const job = frozen.value;
  const state = await db.execute<{ state: string }>(
    sql`select state from group_send_runs where tenant_id = ${tenantId} and id = ${job.runId}`,
  );
  if (state.rows[0]?.state !== 'RUNNING')
    throw new Error(`run ${job.runId} is ${state.rows[0]?.state}, not RUNNING: nothing would be served`);
  const count = await db.execute<{ n: number }>(
    sql`select member_count as n from group_send_runs where tenant_id = ${tenantId} and id = ${job.runId}`,
  );
  const recipients = Number(count.rows[0].n);
  console.log(`frozen ${recipients} recipients in ${frozen.ms.toFixed(0)} ms`);
  // The planner's statistics of the recipients just frozen, as autovacuum's analyze gives them soon after on a live database.
  await db.execute(sql`analyze group_send_recipients`);
  return { tenantId, activityId, job, recipients, frozenMs: frozen.ms };
}

/**
 * The people of a send: the activity's maker (the tenant's `admin`, who created and saved it) and
 * a second account, `bench-sender`, maintaining the family's entry and gift delivery, who starts it.
 */
async function benchPeople(bench: BenchDatabase, tenantId: number, family: ActivityFamily): Promise<{ maker: number; sender: number }> {
  await ensureBenchUser(bench.database, {
    tenantId,
    login: 'bench-sender',
    grants: [...familyRefs(family, ['配置维护']), ...(family === 'PUSH_PLAN' ? [giftRef()] : [])],
  });
  const found = await bench.database.db.execute<{ login: string; id: string }>(sql`select login, id from users
    where tenant_id = ${tenantId} and login in ('admin', 'bench-sender')`);
  const id = (login: string) => Number(found.rows.find((row) => row.login === login)?.id);
  return { maker: id('admin'), sender: id('bench-sender') };
}

/** Serves the whole run as the queue would: deliveries of GROUP_SEND_SLICE members until none is left; answers the members served. */
export async function serveAll(bench: BenchDatabase, job: GroupSendJob): Promise<number> {
  let served = 0;
  for (;;) {
    const outcome = await serveRun({ db: bench.database.db, job, clock: () => new Date(), slice: GROUP_SEND_SLICE });
    served += outcome.served;
    if (!outcome.more) return served;
  }
}

/** The run's recipients by result, as `ISSUED n, SKIPPED m`. */
export async function resultsOf(bench: BenchDatabase, scene: GroupSendScene): Promise<string> {
  const result = await bench.database.db.execute<{ result: string; n: number }>(sql`select ${recipientResult(sql`p`, sql`r`)} as result,
      count(*)::int as n
    from group_send_recipients p join group_send_runs r on r.tenant_id = p.tenant_id and r.id = p.run_id
    where p.tenant_id = ${scene.tenantId} and p.run_id = ${scene.job.runId} group by 1 order by 1`);
  return result.rows.map((r) => `${r.result} ${r.n}`).join(', ');
}

const Rollback = class extends Error {};

/** Runs `work` in a transaction that is rolled back (the baseline leaves nothing behind). */
export async function rolledBack(
  bench: BenchDatabase,
  work: (tx: Parameters<Parameters<BenchDatabase['database']['db']['transaction']>[0]>[0]) => Promise<unknown>,
) {
  await bench.database.db
    .transaction(async (tx) => {
      await work(tx);
      throw new Rollback();
    })
    .catch((error) => {
      if (!(error instanceof Rollback)) throw error;
    });
}

/** Prints the send's and the baseline's members per second and their ratio (the target: at least 0.5). */
export async function printRatio(args: {
  bench: BenchDatabase;
  scene: GroupSendScene;
  served: { ms: number; value: number };
  plain: { ms: number };
  /** What the baseline inserted (`200000 coupons`). */
  baseline: string;
  /** Lines printed between the send and the baseline. */
  details?: readonly string[];
}): Promise<void> {
  const { served, plain, scene } = args;
  const results = await resultsOf(args.bench, scene);
  console.log(
    `send: ${served.value} served in ${(served.ms / 1000).toFixed(1)} s (${perSecond(served.value, served.ms)} members/s); results ${results}`,
  );
  for (const line of args.details ?? []) console.log(line);
  console.log(`plain INSERT of ${args.baseline}: ${(plain.ms / 1000).toFixed(1)} s (${perSecond(scene.recipients, plain.ms)} members/s)`);
  console.log(`ratio send / plain (members per second) = ${(plain.ms / served.ms).toFixed(3)} (target >= 0.5)`);
}
