import { sql } from 'drizzle-orm';
import { insertTemplate } from '../server/db/seed/coupons.seed';
import { intFlag, parseFlags, textFlag } from './lib/bench-args';
import { startBenchRun } from './lib/bench-run';
import { groupSendScene, printRatio, rolledBack, serveAll, timed } from './lib/group-send-scene';

/**
 * A bulk coupon issue's send (server/modules/activities/group-send) to a customer group of
 * `--members` members, next to the baseline of a plain INSERT of the same coupons in the same run:
 *
 *   npm run bench:group-send -- [--members 100000] [--count 1] [--budget-coupons N] [--tenant <a new one per run>] [--database-url …]
 *
 * Each run makes a store, its members (set-based, as bench:generate: about 94 % in use), the group
 * of that store's members, an effective cash template and an audited GROUP_COUPON activity (with
 * a coupon budget when `--budget-coupons` is given); then times `startRun` (the freeze: one
 * INSERT … SELECT of the recipients) and the deliveries of the job serving every recipient (as the
 * queue delivers them, GROUP_SEND_SLICE at a time, batches given at once by the engine's giving
 * and the coupon issue service), and a plain INSERT … SELECT of members × count coupons in a
 * rolled-back transaction. Prints members per second of the send and of the plain insert, and
 * their ratio (the target of issue 28 item 8: at least 0.5).
 */

async function main() {
  const flags = parseFlags(process.argv.slice(2), [
    'members',
    'count',
    'budget-coupons',
    'tenant',
    'database-url',
    'data-dir',
    'max-minutes',
  ]);
  const members = intFlag(flags, 'members', 100_000);
  const count = intFlag(flags, 'count', 1);
  const budgetCoupons = intFlag(flags, 'budget-coupons', 0);
  const run = await startBenchRun({ flags, name: 'bench:group-send', minutes: 120 });
  const { bench } = run;
  try {
    let templateId = 0;
    const scene = await groupSendScene({
      bench,
      tenant: textFlag(flags, 'tenant'),
      prefix: 'benchgs',
      members,
      kind: 'GROUP_COUPON',
      family: 'GROUP_COUPON',
      rule: (group) => ({ groupSendGroup: group, groupSendTemplate: templateId, groupSendCount: count }),
      before: async (tenantId) => {
        templateId = await bench.database.db.transaction((tx) =>
          insertTemplate(tx, tenantId, { name: `bench ${Date.now()}`, lineType: 'all_cash', rule: { cashValue: '10.00' } }),
        );
      },
      budget: budgetCoupons > 0 ? { totalCoupons: budgetCoupons } : {},
    });
    const n = scene.recipients;
    const served = await timed(() => serveAll(bench, scene.job));
    const plain = await timed(() =>
      rolledBack(bench, (tx) =>
        tx.execute(sql`insert into coupons (tenant_id, code, template, line_type, member, source, face_value, state, issued_at, valid_from, valid_to)
          select ${scene.tenantId}, upper(substr(md5(random()::text || g::text || r.member_id::text), 1, 12)), ${templateId}, 'all_cash', r.member_id,
            'ACTIVITY', 10.00, 'ISSUED', now(), now(), now() + interval '30 days'
          from group_send_recipients r cross join generate_series(1, ${count}) g
          where r.tenant_id = ${scene.tenantId} and r.run_id = ${scene.job.runId}
          on conflict (tenant_id, code) do nothing`),
      ),
    );
    await printRatio({ bench, scene, served, plain, baseline: `${n * count} coupons` });
  } finally {
    await run.finish();
  }
}

void main().catch((error) => {
  console.error(error);
  process.exit(1);
});
