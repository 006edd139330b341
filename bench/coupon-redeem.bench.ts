import { insertTemplate } from '../server/db/seed/coupons.seed';
import { COUPON_TILL } from '../server/modules/coupons/coupons.routes';
import { issueWithin } from '../server/modules/coupons/issue.service';
import { redeemCoupon } from '../server/modules/coupons/redeem.service';
import { intFlag, parseFlags, textFlag } from './lib/bench-args';
import { startBenchRun } from './lib/bench-run';
import { BENCH_PASSWORD, ensureBenchTenant, ensureBenchUser, tenantReferences } from './lib/bench-tenant';
import { signInOverHttp } from './lib/http-client';
import { advanceSequence, idBase, memberInsertSql, membersInUse } from './lib/member-rows';
import { median, throughput } from './lib/stats';

/**
 * Coupon redemptions per second (`npm run bench:coupon-redeem`), through the API next to the same
 * transaction on the driver, in the same run:
 *
 *   npm run bench:coupon-redeem -- [--redemptions 400] [--rounds 3] [--concurrency 8] [--members 200]
 *                                  [--tenant benchcr] [--database-url postgres://…] [--data-dir bench/.data]
 *
 * - api: `POST /v1/coupons/redeem` over real HTTP (keep-alive, 127.0.0.1): parsing, session and
 *   permission hook, the idempotency key, the coupon checks, the conditional update, JSON.
 * - driver: `redeemCoupon()` of redeem.service (the function the route calls) in-process: the very
 *   statements of the route's transaction on the pg driver, without HTTP, session and JSON.
 *
 * Every redemption takes a coupon of its own (distinct codes, request and order numbers). Setup
 * makes a new EFFECTIVE cash template (10.00 off, no threshold) per run and issues its coupons to
 * `--members` members with `issueWithin` (issue.service), a batch per member. The ways take turns
 * within each of `--rounds` rounds, so they share the machine's load; each rate is the median over
 * the rounds, and the ratio api / driver is printed.
 */

type Way = 'api' | 'driver';
const WAYS: readonly Way[] = ['api', 'driver'];
const TILL = 'bench-coupon-till';
const ZONE = 'Asia/Shanghai';

async function main() {
  const flags = parseFlags(process.argv.slice(2), [
    'redemptions',
    'rounds',
    'concurrency',
    'members',
    'tenant',
    'database-url',
    'data-dir',
    'max-minutes',
  ]);
  const redemptions = intFlag(flags, 'redemptions', 400);
  const rounds = intFlag(flags, 'rounds', 3);
  const concurrency = intFlag(flags, 'concurrency', 8);
  const memberCount = intFlag(flags, 'members', 200);
  const code = textFlag(flags, 'tenant', 'benchcr');
  const run = await startBenchRun({ flags, name: 'bench:coupon-redeem', minutes: 15 });
  const { bench } = run;
  const { database } = bench;
  try {
    const { tenantId } = await ensureBenchTenant(database, code);
    const refs = await tenantReferences(database, tenantId);
    const storeId = refs.storeIds[0];
    const pool = database.pool;
    const using = () => membersInUse(pool, tenantId, memberCount);
    let members = await using();
    if (members.length < memberCount) {
      const client = await pool.connect();
      try {
        const count = Math.ceil(memberCount * 1.1);
        const shape = {
          tenantId,
          members: count,
          idBase: await idBase(client, 'members'),
          anchor: new Date().toISOString().slice(0, 19) + 'Z',
          ...refs,
        };
        await client.query(memberInsertSql(shape, 1, count));
        await advanceSequence(client, 'members', shape.idBase + count);
      } finally {
        client.release();
      }
      members = await using();
    }
    const goods = await pool.query<{ id: string }>('select id from products where tenant_id = $1 order by id limit 1', [tenantId]);
    if (goods.rows.length === 0) throw new Error(`tenant ${code} has no products`);
    const goodsId = Number(goods.rows[0].id);

    const perRound = Math.max(1, Math.floor(redemptions / rounds));
    const warm = Math.min(30, perRound);
    const needed = WAYS.length * (warm + perRound * rounds);
    const runId = `cr${Date.now().toString(36)}`;
    const templateId = await database.db.transaction((tx) =>
      insertTemplate(tx, tenantId, { name: `bench ${runId}`, lineType: 'all_cash', rule: { cashValue: '10.00' } }),
    );
    const perMember = Math.ceil(needed / members.length);
    const coupons: { code: string; memberId: number }[] = [];
    const issuedAt = new Date();
    for (const memberId of members) {
      const answer = await database.db.transaction((tx) =>
        issueWithin({
          tx,
          tenantId,
          operatorId: null,
          now: issuedAt,
          zone: ZONE,
          body: { requestNo: `${runId}-issue-${memberId}`, templateId, memberId, quantity: perMember, source: 'BATCH' },
        }),
      );
      for (const c of answer.coupons) coupons.push({ code: c.code, memberId });
    }
    // Interleave the members so concurrent redemptions mostly touch different members.
    coupons.sort((a, b) => a.code.localeCompare(b.code));

    await ensureBenchUser(database, { tenantId, login: TILL, grants: COUPON_TILL });
    const tillId = Number((await pool.query('select id from users where tenant_id = $1 and login = $2', [tenantId, TILL])).rows[0].id);
    const { origin, config } = await run.listen();
    const till = await signInOverHttp({ origin, serviceBase: config.serviceBase, tenant: code, login: TILL, password: BENCH_PASSWORD });

    let next = 0;
    const poster = (way: Way, round: number) => (n: number) => {
      const coupon = coupons[next++];
      if (!coupon) throw new Error('out of coupons');
      const number = `${runId}-${way}-${round}-${n}`;
      const body = {
        requestNo: number,
        code: coupon.code,
        memberId: coupon.memberId,
        orderNo: number,
        storeId,
        lines: [{ goodsId, quantity: '1', amount: '100.00' }],
      };
      if (way === 'api') {
        return till.post('/v1/coupons/redeem', body).then((answer) => {
          if (answer.status !== 200 || answer.body.code !== 2000)
            throw new Error(`redemption failed: ${answer.status} ${JSON.stringify(answer.body)}`);
        });
      }
      return redeemCoupon({ db: database.db, tenantId, operatorId: tillId, now: new Date(), zone: ZONE, body }).then(() => undefined);
    };
    // Warm-up (JIT, pool connections, plans), untimed.
    for (const way of WAYS) await throughput(warm, concurrency, poster(way, -1));
    const rates = new Map<Way, number[]>(WAYS.map((w) => [w, []]));
    for (let round = 0; round < rounds; round += 1) {
      for (const way of WAYS) rates.get(way)!.push(await throughput(perRound, concurrency, poster(way, round)));
    }
    const rate = (way: Way) => median(rates.get(way)!);
    console.log(
      `database: ${bench.where}; tenant ${code}; ${perRound * rounds} redemptions a way in ${rounds} rounds, ${concurrency} concurrent, ` +
        `coupons of ${members.length} members; median of the rounds`,
    );
    const line = (label: string, way: Way) =>
      console.log(
        `  ${label.padEnd(48)} ${rate(way).toFixed(0).padStart(6)} /s   (rounds: ${rates
          .get(way)!
          .map((r) => r.toFixed(0))
          .join(', ')})`,
      );
    line('POST /v1/coupons/redeem over HTTP (api)', 'api');
    line('redeemCoupon() in-process on the driver', 'driver');
    console.log(`ratio api / driver: ${(rate('api') / rate('driver')).toFixed(2)}`);
  } finally {
    await run.finish();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.stack : error);
  process.exit(1);
});
