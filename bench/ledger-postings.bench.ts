import path from 'node:path';
import { intFlag, parseFlags, textFlag } from './lib/bench-args';
import { startBenchRun } from './lib/bench-run';
import { DEFAULT_TENANT_CODE, generatedTenantId, tenantReferences } from './lib/bench-tenant';
import { median, throughput } from './lib/stats';

/**
 * The ledger's postings per second (points and stored value, one algorithm), this checkout against a baseline checkout in the same
 * run (`--baseline /path/to/other/checkout`, e.g. the commit before a change, with its
 * node_modules): both post on the same generated tenant (`npm run bench:generate` first), taking
 * turns within every round, so they share the machine's load; each rate is the median over the
 * rounds, and the answer is this / baseline. Without `--baseline` only this checkout runs.
 *
 *   npm run bench:ledger-postings -- [--baseline DIR] [--postings 400] [--rounds 4] [--concurrency 8] [--tenant bench1m]
 *
 * Ways, all in-process on the pool (no HTTP): `postPoints` earning +100 spread over 2 000 members
 * and on one hot member, spending -1 spread (takes from lots, oldest first), and the sale's
 * service (`recordSale`, whose earn is the one-statement credit) spread over the members; stored
 * value: `spendValue` of 0.01 spread over the members (principal first) and on the hot member.
 */

type Ledger = {
  postPoints: typeof import('../server/modules/points/points.ledger').postPoints;
  recordSale: typeof import('../server/modules/sale/sale.service').recordSale;
  postValue: typeof import('../server/modules/ledger').postValue;
  spendValue: typeof import('../server/modules/ledger').spendValue;
};

async function load(root: string): Promise<Ledger> {
  const ledger = (await import(path.join(root, 'server/modules/points/points.ledger.ts'))) as Pick<Ledger, 'postPoints'>;
  const sales = (await import(path.join(root, 'server/modules/sale/sale.service.ts'))) as Pick<Ledger, 'recordSale'>;
  const money = (await import(path.join(root, 'server/modules/ledger/index.ts'))) as Pick<Ledger, 'postValue' | 'spendValue'>;
  return { postPoints: ledger.postPoints, recordSale: sales.recordSale, postValue: money.postValue, spendValue: money.spendValue };
}

const WAYS = ['earnSpread', 'earnHot', 'spendSpread', 'saleSpread', 'paySpread', 'payHot'] as const;
type Way = (typeof WAYS)[number];

async function main(): Promise<void> {
  const flags = parseFlags(process.argv.slice(2), [
    'baseline',
    'postings',
    'rounds',
    'concurrency',
    'tenant',
    'database-url',
    'data-dir',
    'max-minutes',
  ]);
  const postings = intFlag(flags, 'postings', 400);
  const rounds = intFlag(flags, 'rounds', 4);
  const concurrency = intFlag(flags, 'concurrency', 8);
  const baselineDir = textFlag(flags, 'baseline');
  const sides: { name: string; ledger: Ledger }[] = [{ name: 'this', ledger: await load(path.resolve('.')) }];
  if (baselineDir) sides.push({ name: 'baseline', ledger: await load(path.resolve(baselineDir)) });
  const run = await startBenchRun({ flags, name: 'bench:points-ledger', minutes: 15 });
  const { database } = run.bench;
  try {
    const code = textFlag(flags, 'tenant', DEFAULT_TENANT_CODE);
    const tenantId = await generatedTenantId(database, code);
    const storeId = (await tenantReferences(database, tenantId)).storeIds[0];
    const members = (
      await database.pool.query<{ id: number }>(
        `select id from members where tenant_id = $1 and state = 'using' order by hashint8(id) limit 2001`,
        [tenantId],
      )
    ).rows.map((r) => Number(r.id));
    const operatorId = Number(
      (await database.pool.query('select id from users where tenant_id = $1 order by id limit 1', [tenantId])).rows[0].id,
    );
    const hot = members[0];
    const spread = members.slice(1);
    const runId = Date.now().toString(36);
    const poster = (ledger: Ledger, side: string, way: Way) => async (n: number) => {
      const memberId = way.endsWith('Hot') ? hot : spread[n % spread.length];
      const key = `${runId}-${side}-${way}-${n}`;
      if (way === 'saleSpread') {
        await ledger.recordSale({
          db: database.db,
          tenantId,
          operatorId,
          sale: { orderNo: key, memberId, storeId, lines: [{ goodsCode: 'G92', quantity: 1, amount: '100.00' }] },
        });
        return;
      }
      if (way === 'paySpread' || way === 'payHot') {
        await database.db.transaction((tx) =>
          ledger.spendValue({
            tx,
            tenantId,
            holder: { kind: 'member', memberId },
            amount: '0.01',
            sourceType: 'payment',
            sourceId: key,
            storeId,
          }),
        );
        return;
      }
      const delta = way === 'spendSpread' ? -1 : 100;
      await database.db.transaction((tx) =>
        ledger.postPoints({
          tx,
          tenantId,
          memberId,
          delta,
          kind: delta > 0 ? 'earn' : 'spend',
          sourceType: 'transaction',
          sourceId: key,
          storeId,
        }),
      );
    };
    const perRound = Math.max(1, Math.floor(postings / rounds));
    const rates = new Map<string, number[]>();
    // Warm-up (JIT, pool, plans), untimed; the earns also give every spread member points to spend.
    for (const side of sides) await throughput(spread.length, concurrency, poster(side.ledger, `${side.name}w`, 'earnSpread'));
    // Stored value to pay from: one recharge of 1000.00 per member (the hot one included).
    await throughput(members.length, concurrency, (n) =>
      database.db.transaction((tx) =>
        sides[0].ledger
          .postValue({
            tx,
            tenantId,
            holder: { kind: 'member', memberId: members[n] },
            principal: '1000.00',
            gift: '0',
            kind: 'recharge',
            sourceType: 'recharge',
            sourceId: `${runId}-r-${n}`,
          })
          .then(() => undefined),
      ),
    );
    for (let round = 0; round < rounds; round += 1) {
      for (const way of WAYS) {
        for (const side of round % 2 === 0 ? sides : [...sides].reverse()) {
          const post = poster(side.ledger, side.name, way);
          const rate = await throughput(perRound, concurrency, (n) => post(round * perRound + n));
          rates.set(`${side.name}:${way}`, [...(rates.get(`${side.name}:${way}`) ?? []), rate]);
        }
      }
    }
    console.log(
      `\npoints postings per second, ${perRound} a way per round, ${rounds} rounds, ${concurrency} concurrent (median of the rounds)`,
    );
    console.log(`  way           ${sides.map((s) => s.name.padStart(9)).join(' ')}${baselineDir ? '   this/baseline' : ''}`);
    for (const way of WAYS) {
      const values = sides.map((s) => median(rates.get(`${s.name}:${way}`) ?? []));
      const ratio = baselineDir ? `   ×${(values[0] / values[1]).toFixed(2)}` : '';
      console.log(`  ${way.padEnd(13)} ${values.map((v) => v.toFixed(0).padStart(9)).join(' ')}${ratio}`);
    }
  } finally {
    await run.finish();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
