import { sql } from 'drizzle-orm';
import { intFlag, parseFlags, textFlag } from './lib/bench-args';
import { startBenchRun } from './lib/bench-run';
import { groupSendScene, perSecond, printRatio, rolledBack, serveAll, timed } from './lib/group-send-scene';
import type { PushChannel } from '../resources/promotion/kinds/push-plan.kind';
import { decideMessages, pushRules, type PushMessagePlan } from '../server/modules/activities/push-plans/push-plan.deliver';

/**
 * A push plan's send (server/modules/activities/push-plans, on the group-send runs) to a customer
 * group of `--members` members, next to the baseline of a plain INSERT of the same rows of
 * `push_deliveries` in the same run (issue 29 item 6: push members per second at least half):
 *
 *   npm run bench:push-plan -- [--members 100000] [--channels SMS,APP_PUSH] [--gift-points 0] [--tenant …] [--database-url …]
 *
 * The scene is bench:group-send's (bench/lib/group-send-scene.ts: a tenant of its own, its
 * members, the group of a store's members), the activity an audited PUSH_PLAN sending now (no
 * hold) by `--channels`, with a points gift when `--gift-points` is above 0. The tenant's channels
 * have no credentials, so each message is decided and recorded (suppressed: not connected, or
 * why not before that: no address, duplicate mobile, member unavailable) and none goes out; the
 * decision (consent, caps, duplicates, quiet hours) and its row are what is measured. Times the
 * deliveries of the job (as the queue delivers them) and a plain INSERT … SELECT of recipients ×
 * channels into push_deliveries in a rolled-back transaction; prints members per second of both
 * and their ratio.
 */

async function main() {
  const flags = parseFlags(process.argv.slice(2), [
    'members',
    'channels',
    'gift-points',
    'tenant',
    'database-url',
    'data-dir',
    'max-minutes',
  ]);
  const members = intFlag(flags, 'members', 100_000);
  const channels = textFlag(flags, 'channels', 'SMS,APP_PUSH').split(',');
  const giftPoints = intFlag(flags, 'gift-points', 0);
  const run = await startBenchRun({ flags, name: 'bench:push-plan', minutes: 120 });
  const { bench } = run;
  try {
    const scene = await groupSendScene({
      bench,
      tenant: textFlag(flags, 'tenant'),
      prefix: 'benchpp',
      members,
      kind: 'PUSH_PLAN',
      family: 'PUSH_PLAN',
      rule: (group) => ({
        groupSendGroup: group,
        pushChannels: channels,
        pushTitle: '周末特惠',
        pushContent: '会员日全场 8 折',
        smsTemplateCode: 'SMS_300',
        holdMinutes: 0,
        scheduleType: 'NOW',
        ...(giftPoints > 0 ? { rewardPoints: giftPoints } : {}),
      }),
    });
    const n = scene.recipients;
    const served = await timed(() => serveAll(bench, scene.job));
    const deliveries = await bench.database.db.execute<{ result: string; reason: string | null; n: number }>(sql`select result, reason,
        count(*)::int as n from push_deliveries where tenant_id = ${scene.tenantId} and run_id = ${scene.job.runId}
      group by result, reason order by result, reason`);
    // The same rows under another run number (the send's own hold the primary key), rolled back.
    const plain = await timed(() =>
      rolledBack(bench, (tx) =>
        tx.execute(sql`insert into push_deliveries (tenant_id, run_id, member_id, channel, result, reason, created_at)
          select r.tenant_id, -r.run_id, r.member_id, c.channel, 'SUPPRESSED', 'notConnected', now()
          from group_send_recipients r cross join unnest(${`{${channels.join(',')}}`}::text[]) as c(channel)
          where r.tenant_id = ${scene.tenantId} and r.run_id = ${scene.job.runId}`),
      ),
    );
    // The tenant's channels have no credentials, so the caps' touches are not read (a channel not
    // connected is decided first). The same decision with every channel connected reads them for
    // each member: timed on the same rows, under the baseline's run number, rolled back (nothing sent).
    const rules = await pushRules(bench.database.db, scene.tenantId);
    const plan: PushMessagePlan = {
      channels: channels as PushChannel[],
      title: '周末特惠',
      content: '会员日全场 8 折',
      smsTemplateCode: 'SMS_300',
      wechat: { type: 'TEMPLATE', templateId: '', link: '', keywords: [] },
    };
    const connected = await timed(() =>
      rolledBack(bench, async (tx) => {
        for (let through = 0; ;) {
          const decided = await decideMessages({
            tx,
            tenantId: scene.tenantId,
            runId: -scene.job.runId,
            batch: sql`select p.member_id, p.duplicate_mobile from group_send_recipients p
              where p.tenant_id = ${scene.tenantId} and p.run_id = ${scene.job.runId} and p.member_id > ${through}
              order by p.member_id limit 2000`,
            unwritten: true,
            plan,
            rules: { ...rules, connected: { SMS: true, APP_PUSH: true, WECHAT: true } },
            now: new Date(),
            zone: 'Asia/Shanghai',
          });
          const last = decided.memberIds.at(-1);
          if (last === undefined) break;
          through = last;
        }
      }),
    );
    await printRatio({
      bench,
      scene,
      served,
      plain,
      baseline: `${n * channels.length} push_deliveries rows`,
      details: [
        `messages: ${deliveries.rows.map((r) => `${r.result}${r.reason ? ` ${r.reason}` : ''} ${r.n}`).join(', ')}`,
        `the decision with every channel connected (caps read, nothing sent, rolled back): ${(connected.ms / 1000).toFixed(1)} s ` +
          `(${perSecond(n, connected.ms)} members/s, ${(plain.ms / connected.ms).toFixed(3)} of the plain insert)`,
      ],
    });
  } finally {
    await run.finish();
  }
}

void main().catch((error) => {
  console.error(error);
  process.exit(1);
});
