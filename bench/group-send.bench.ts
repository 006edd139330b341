import { sql } from 'drizzle-orm';
import { insertTemplate } from '../server/db/seed/coupons.seed';
import { startRun } from '../server/modules/activities/group-send/group-send.runs';
import { serveRun } from '../server/modules/activities/group-send/group-send.serve';
import { intFlag, parseFlags, textFlag } from './lib/bench-args';
import { startBenchRun } from './lib/bench-run';
import { ensureBenchTenant } from './lib/bench-tenant';
import { advanceSequence, idBase, memberInsertSql } from './lib/member-rows';

/**
 * A bulk coupon issue's send (server/modules/activities/group-send) to a customer group of
 * `--members` members, next to the baseline of a plain INSERT of the same coupons in the same run:
 *
 *   npm run bench:group-send -- [--members 100000] [--count 1] [--tenant <a new one per run>] [--database-url …]
 *
 * Each run makes a store, its members (set-based, as bench:generate: about 94 % in use), the group
 * of that store's members, an effective cash template and an audited GROUP_COUPON activity; then
 * times `startRun` (the freeze: one INSERT … SELECT of the recipients) and one delivery of the
 * job serving every recipient (each in its own transaction through the engine's giving and the
 * coupon issue service), and a plain INSERT … SELECT of members × count coupons in a rolled-back
 * transaction. Prints members per second of the send and rows per second of the plain insert, and
 * their ratio (the target of issue 28 item 8: at least 0.5).
 */

const Rollback = class extends Error {};

async function timed<T>(run: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const start = process.hrtime.bigint();
  const value = await run();
  return { ms: Number(process.hrtime.bigint() - start) / 1e6, value };
}

async function main() {
  const flags = parseFlags(process.argv.slice(2), ['members', 'count', 'tenant', 'database-url', 'data-dir', 'max-minutes']);
  const members = intFlag(flags, 'members', 100_000);
  const count = intFlag(flags, 'count', 1);
  const run = await startBenchRun({ flags, name: 'bench:group-send', minutes: 120 });
  const { bench } = run;
  try {
    const { db, pool } = bench.database;
    const stamp = String(Date.now());
    // A tenant of its own per run unless named: the members' numbers and mobiles are unique per tenant.
    const { tenantId } = await ensureBenchTenant(bench.database, textFlag(flags, 'tenant', `benchgs${stamp.slice(-8)}`));
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
      console.log(`group-send: ${members} members made in ${(made.ms / 1000).toFixed(1)} s, on ${bench.where}`);
    } finally {
      client.release();
    }
    const group = await db.execute<{ id: string }>(sql`insert into customer_groups (tenant_id, name, rule)
      values (${tenantId}, ${`bench ${stamp}`}, ${JSON.stringify({ metric: 'registerStore', operator: 'in', value: [storeId] })}) returning id`);
    const templateId = await db.transaction((tx) =>
      insertTemplate(tx, tenantId, { name: `bench ${stamp}`, lineType: 'all_cash', rule: { cashValue: '10.00' } }),
    );
    const activity = await db.execute<{
      id: string;
    }>(sql`insert into activities (tenant_id, number, name, kind, family, state, begin_time, end_time, rule)
      values (${tenantId}, ${`BG${stamp.slice(-8)}`}, ${`bench ${stamp}`}, 'GROUP_COUPON', 'GROUP_COUPON', 'AUDITED',
        now() - interval '1 day', now() + interval '1 day',
        ${JSON.stringify({ groupSendGroup: Number(group.rows[0].id), groupSendTemplate: templateId, groupSendCount: count })}::jsonb)
      returning id`);
    const activityId = Number(activity.rows[0].id);

    const frozen = await timed(() =>
      startRun({ db, tenantId, userId: null, locale: 'zh_CN', activityId, now: new Date(), timeZone: 'Asia/Shanghai' }),
    );
    const job = frozen.value;
    const recipients = await db.execute<{ n: number }>(
      sql`select member_count as n from group_send_runs where tenant_id = ${tenantId} and id = ${job.runId}`,
    );
    const n = Number(recipients.rows[0].n);
    const served = await timed(() => serveRun({ db, job, clock: () => new Date() }));
    const plain = await timed(() =>
      db
        .transaction(async (tx) => {
          await tx.execute(sql`insert into coupons (tenant_id, code, template, line_type, member, source, face_value, state, issued_at, valid_from, valid_to)
            select ${tenantId}, upper(substr(md5(random()::text || g::text || r.member_id::text), 1, 12)), ${templateId}, 'all_cash', r.member_id,
              'ACTIVITY', 10.00, 'ISSUED', now(), now(), now() + interval '30 days'
            from group_send_recipients r cross join generate_series(1, ${count}) g
            where r.tenant_id = ${tenantId} and r.run_id = ${job.runId}
            on conflict (tenant_id, code) do nothing`);
          throw new Rollback();
        })
        .catch((error) => {
          if (!(error instanceof Rollback)) throw error;
        }),
    );
    const result = await db.execute<{ result: string; n: number }>(sql`select result, count(*)::int as n from group_send_recipients
      where tenant_id = ${tenantId} and run_id = ${job.runId} group by result order by result`);
    const perSecond = (items: number, ms: number) => Math.round((items / ms) * 1000);
    console.log(`frozen ${n} recipients in ${frozen.ms.toFixed(0)} ms`);
    console.log(
      `send: ${served.value.served} served in ${(served.ms / 1000).toFixed(1)} s (${perSecond(served.value.served, served.ms)} members/s); results ${result.rows.map((r) => `${r.result} ${r.n}`).join(', ')}`,
    );
    console.log(`plain INSERT of ${n * count} coupons: ${(plain.ms / 1000).toFixed(1)} s (${perSecond(n, plain.ms)} members/s)`);
    console.log(`ratio send / plain (members per second) = ${(plain.ms / served.ms).toFixed(3)} (target >= 0.5)`);
  } finally {
    await run.finish();
  }
}

void main().catch((error) => {
  console.error(error);
  process.exit(1);
});
