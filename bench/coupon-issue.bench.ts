import { and, eq, sql } from 'drizzle-orm';
import { memberResource } from '../resources/member/member.resource';
import { deriveTable } from '../server/crud/table.derive';
import { insertTemplate } from '../server/db/seed/coupons.seed';
import { runSeeders } from '../server/db/seed/demo.seed';
import { membersSeeder } from '../server/db/seed/members.seed';
import { issueWithin } from '../server/modules/coupons/issue.service';
import { intFlag, parseFlags, textFlag } from './lib/bench-args';
import { openBenchDatabase } from './lib/bench-database';
import { ensureBenchTenant } from './lib/bench-tenant';
import { guardBenchRun } from './lib/bench-watchdog';

/**
 * Issuing coupons of one template in one batch (server/modules/coupons/issue.service.ts
 * `issueWithin`: the counters' conditional updates, random codes drawn with node:crypto, one
 * INSERT … SELECT FROM unnest … ON CONFLICT DO NOTHING), next to the baseline of a plain INSERT
 * of the same number of rows (codes from md5(random()) in SQL) in the same run, each in its own
 * transaction that is rolled back so runs can be repeated:
 *
 *   npm run bench:coupon-issue -- [--count 100000] [--rounds 3] [--tenant benchcoupons] [--database-url …]
 *
 * Prints each round's milliseconds and codes per second, the medians and their ratio.
 */

const Rollback = class extends Error {};

async function timed(run: () => Promise<void>): Promise<number> {
  const start = process.hrtime.bigint();
  await run();
  return Number(process.hrtime.bigint() - start) / 1e6;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function main() {
  const flags = parseFlags(process.argv.slice(2), ['count', 'rounds', 'tenant', 'database-url', 'data-dir']);
  const count = intFlag(flags, 'count', 100_000);
  const rounds = intFlag(flags, 'rounds', 3);
  const bench = await openBenchDatabase({
    databaseUrl: textFlag(flags, 'database-url'),
    dataDir: textFlag(flags, 'data-dir'),
    poolSize: 2,
  });
  const done = guardBenchRun({ name: 'coupon-issue', minutes: 15, stop: () => bench.stop() });
  try {
    const { db } = bench.database;
    const { tenantId } = await ensureBenchTenant(bench.database, textFlag(flags, 'tenant', 'benchcoupons'));
    const m = deriveTable(memberResource);
    let [member] = await db
      .select({ id: m.id })
      .from(m)
      .where(and(eq(m.tenantId, tenantId), eq(m.state, 'using')))
      .limit(1);
    if (!member) {
      await db.transaction((tx) => runSeeders({ tx, tenantId, seeders: [membersSeeder] }));
      [member] = await db
        .select({ id: m.id })
        .from(m)
        .where(and(eq(m.tenantId, tenantId), eq(m.state, 'using')))
        .limit(1);
    }
    const templateId = await db.transaction((tx) =>
      insertTemplate(tx, tenantId, { name: 'bench', lineType: 'all_cash', rule: { cashValue: '10.00' } }),
    );
    console.log(`coupon-issue: ${count} coupons per batch, ${rounds} rounds, on ${bench.where} (a shared 2-core machine)`);
    const issued: number[] = [];
    const plain: number[] = [];
    const rolledBack = async (work: (tx: Parameters<Parameters<typeof db.transaction>[0]>[0]) => Promise<void>) => {
      await db
        .transaction(async (tx) => {
          await work(tx);
          throw new Rollback();
        })
        .catch((error) => {
          if (!(error instanceof Rollback)) throw error;
        });
    };
    for (let round = 1; round <= rounds; round++) {
      const service = await timed(() =>
        rolledBack(async (tx) => {
          const answer = await issueWithin({
            tx,
            tenantId,
            operatorId: null,
            now: new Date(),
            zone: 'Asia/Shanghai',
            body: { requestNo: `bench-${round}`, templateId, memberId: Number(member.id), quantity: count, source: 'BATCH' },
          });
          if (answer.coupons.length !== count) throw new Error(`issued ${answer.coupons.length}, not ${count}`);
        }),
      );
      const baseline = await timed(() =>
        rolledBack(async (tx) => {
          await tx.execute(sql`insert into coupons (tenant_id, code, template, line_type, member, source, face_value, state, issued_at, valid_from, valid_to)
            select ${tenantId}, upper(substr(md5(random()::text || g::text), 1, 12)), ${templateId}, 'all_cash', ${member.id}, 'BATCH', 10.00,
              'ISSUED', now(), now(), now() + interval '30 days'
            from generate_series(1, ${count}) g on conflict (tenant_id, code) do nothing`);
        }),
      );
      issued.push(service);
      plain.push(baseline);
      const rate = (ms: number) => Math.round((count / ms) * 1000);
      console.log(
        `round ${round}: issue ${service.toFixed(0)} ms (${rate(service)} codes/s), plain INSERT ${baseline.toFixed(0)} ms (${rate(baseline)} rows/s)`,
      );
    }
    const [s, p] = [median(issued), median(plain)];
    console.log(
      `median: issue ${s.toFixed(0)} ms (${Math.round((count / s) * 1000)} codes/s), plain INSERT ${p.toFixed(0)} ms; ratio issue / plain = ${(s / p).toFixed(2)}`,
    );
    await db.execute(sql`delete from coupon_templates where tenant_id = ${tenantId} and id = ${templateId}`);
  } finally {
    done();
    await bench.stop();
  }
}

void main().catch((error) => {
  console.error(error);
  process.exit(1);
});
