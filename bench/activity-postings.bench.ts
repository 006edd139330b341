import { sql } from 'drizzle-orm';
import { runSeeders } from '../server/db/seed/demo.seed';
import { membersSeeder } from '../server/db/seed/members.seed';
import { insertTemplate } from '../server/db/seed/coupons.seed';
import { SessionCache } from '../server/modules/auth/session.cache';
import { recordSale } from '../server/modules/sale/sale.service';
import { intFlag, parseFlags, textFlag } from './lib/bench-args';
import { openBenchDatabase } from './lib/bench-database';
import { ensureBenchTenant } from './lib/bench-tenant';
import { guardBenchRun } from './lib/bench-watchdog';
import { membersInUse } from './lib/member-rows';
import { median, ms, ratio } from './lib/stats';

/**
 * Sale postings (`recordSale`, server/modules/sale/sale.service.ts, in-process: the work of
 * `POST /v1/points/transaction` minus HTTP) with 0, 20 and 200 PROCESSING activities in scope
 * (issue 13 §8), the active set kept in memory as the server keeps it (a listening SessionCache;
 * the activities' trigger announces each change). With activities, two of them fire on every
 * sale (a doubling and an amount tier: two award rows), the others are in scope but their rules
 * are not met (tiers out of reach, goods not in the basket); a fourth case has 200 in scope and
 * none firing; a fifth adds a firing coupon activity to the 20 (one coupon of an unlimited template
 * issued per sale: the giving's savepoint, the issue, the award). Each round runs every case in turn (the activities replaced between cases), so
 * they share the machine's load; figures are medians over rounds, ratios against the 0 case.
 *
 *   npm run bench:activity-postings -- [--count 150] [--rounds 3] [--concurrency 4] [--members 200]
 */

interface Case {
  readonly name: string;
  readonly inScope: number;
  readonly firing: number;
  /** One more activity, firing, that gives a coupon. */
  readonly coupon?: boolean;
}
const CASES: readonly Case[] = [
  { name: '0 activities', inScope: 0, firing: 0 },
  { name: '20 in scope, 2 fire', inScope: 20, firing: 2 },
  { name: '200 in scope, 2 fire', inScope: 200, firing: 2 },
  { name: '200 in scope, none fire', inScope: 200, firing: 0 },
  { name: '20 in scope, 2 fire + coupon', inScope: 20, firing: 2, coupon: true },
];

const percentile = (values: readonly number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
};

async function main() {
  const flags = parseFlags(process.argv.slice(2), ['count', 'rounds', 'concurrency', 'members', 'tenant', 'database-url', 'data-dir']);
  const count = intFlag(flags, 'count', 150);
  const rounds = intFlag(flags, 'rounds', 3);
  const concurrency = intFlag(flags, 'concurrency', 4);
  const bench = await openBenchDatabase({
    databaseUrl: textFlag(flags, 'database-url'),
    dataDir: textFlag(flags, 'data-dir'),
    poolSize: concurrency + 2,
  });
  const cache = new SessionCache({ database: bench.database, ttlMs: 60_000 });
  const done = guardBenchRun({ name: 'activity-postings', minutes: 20, stop: () => bench.stop() });
  try {
    await cache.start();
    const { db, pool } = bench.database;
    const { tenantId } = await ensureBenchTenant(bench.database, textFlag(flags, 'tenant', 'benchactivities'));
    let members = await membersInUse(pool, tenantId, intFlag(flags, 'members', 200));
    if (members.length === 0) {
      await db.transaction((tx) => runSeeders({ tx, tenantId, seeders: [membersSeeder] }));
      members = await membersInUse(pool, tenantId, intFlag(flags, 'members', 200));
    }
    const template = await insertTemplate(db, tenantId, {
      name: `bench ${Date.now()}`,
      lineType: 'all_cash',
      rule: { cashValue: '10.00' },
    });
    const setActivities = async (c: Case) => {
      await db.execute(sql`delete from activities where tenant_id = ${tenantId}`);
      const begin = new Date(Date.now() - 86_400_000).toISOString();
      const end = new Date(Date.now() + 365 * 86_400_000).toISOString();
      for (let i = 0; i < c.inScope; i += 1) {
        const firing = i < c.firing;
        const kind = firing
          ? i === 0
            ? 'SCORE_DOUBLING'
            : 'AMOUNT_EXTRA_POINTS'
          : ['AMOUNT_EXTRA_POINTS', 'QTY_EXTRA_POINTS', 'SCORE_DOUBLING'][i % 3];
        const ladder = { tiers: [{ threshold: firing ? 1 : 999999, points: 5 }] };
        // Each kind's rule is one jsonb value (resources/promotion/kinds, read by activity.loader.ts).
        const rule =
          kind === 'SCORE_DOUBLING'
            ? { doublingMultiple: 2 }
            : kind === 'AMOUNT_EXTRA_POINTS'
              ? { amountLadder: ladder }
              : { quantityLadder: ladder };
        await db.execute(sql`insert into activities (tenant_id, number, name, kind, family, state, begin_time, end_time, goods_scope, goods,
            rule, audited_at)
          values (${tenantId}, ${`AC${String(i + 1).padStart(8, '0')}`}, ${`bench ${i}`}, ${kind}, 'COUPON_ACTIVE', 'AUDITED', ${begin}, ${end},
            ${kind === 'SCORE_DOUBLING' && !firing ? 'INCLUDE' : 'ALL'}, ${kind === 'SCORE_DOUBLING' && !firing ? sql`'{999999}'::bigint[]` : sql`null`},
            ${JSON.stringify(rule)}::jsonb, now())`);
      }
      if (c.coupon)
        await db.execute(sql`insert into activities (tenant_id, number, name, kind, family, state, begin_time, end_time, goods_scope,
            rule, audited_at)
          values (${tenantId}, 'AC99999999', 'bench coupon', 'GOODS_AMOUNT_COUPON', 'COUPON_ACTIVE', 'AUDITED', ${begin}, ${end}, 'ALL',
            ${JSON.stringify({ couponThresholdAmount: 1, rewardCouponTemplate: template, rewardCouponCount: 1 })}::jsonb, now())`);
      await cache.sync();
    };
    const run = Date.now().toString(36);
    const latencies = CASES.map(() => [] as number[]);
    const rates = CASES.map(() => [] as number[]);
    console.log(
      `activity-postings: ${count} sales per case and round, ${rounds} rounds, ${concurrency} workers, ${members.length} members, on ${bench.where} (a shared 2-core machine)`,
    );
    for (let round = 1; round <= rounds; round += 1) {
      for (const [c, kase] of CASES.entries()) {
        await setActivities(kase);
        const post = async (n: number) => {
          const started = performance.now();
          await recordSale({
            db,
            tenantId,
            operatorId: 1,
            sale: {
              orderNo: `${run}-${round}-${c}-${n}`,
              memberId: members[Math.abs(n) % members.length],
              lines: [{ goodsCode: 'G92', quantity: 2, amount: '100.00' }],
            },
          });
          latencies[c].push(performance.now() - started);
        };
        await post(-1); // warm: the active set is loaded once here
        let next = 0;
        const started = performance.now();
        await Promise.all(
          Array.from({ length: concurrency }, async () => {
            while (next < count) {
              const n = next;
              next += 1;
              await post(n);
            }
          }),
        );
        rates[c].push(count / ((performance.now() - started) / 1000));
      }
    }
    const base = { rate: median(rates[0]), p50: percentile(latencies[0], 50), p95: percentile(latencies[0], 95) };
    for (const [c, kase] of CASES.entries()) {
      const rate = median(rates[c]);
      const p50 = percentile(latencies[c], 50);
      const p95 = percentile(latencies[c], 95);
      console.log(
        `${kase.name.padEnd(26)} ${rate.toFixed(0).padStart(5)} sales/s (${ratio(base.rate, rate)} time)  p50 ${ms(p50)} ms (${ratio(p50, base.p50)})  p95 ${ms(p95)} ms (${ratio(p95, base.p95)})`,
      );
    }
    await setActivities(CASES[0]);
  } finally {
    done();
    await cache.close();
    await bench.stop();
  }
}

void main().catch((error) => {
  console.error(error);
  process.exit(1);
});
