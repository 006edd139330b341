import { payFromHolder, postValue } from '../server/modules/ledger';
import { pay } from '../server/modules/stored-value/stored-value.service';
import { STORED_VALUE_MOVE } from '../server/modules/stored-value/stored-value.routes';
import { intFlag, parseFlags, textFlag } from './lib/bench-args';
import { startBenchRun } from './lib/bench-run';
import { BENCH_PASSWORD, ensureBenchTenant, ensureBenchUser, tenantReferences } from './lib/bench-tenant';
import { signInOverHttp } from './lib/http-client';
import { advanceSequence, idBase, memberInsertSql, membersInUse } from './lib/member-rows';
import { median, throughput } from './lib/stats';

/**
 * Stored-value payments per second (`npm run bench:stored-value-pay`), on one hot account and
 * spread over `--members` members (default 2,000), each way next to its baseline in the same
 * run:
 *
 *   npm run bench:stored-value-pay -- [--payments 400] [--rounds 4] [--concurrency 8] [--members 2000]
 *                                     [--tenant benchsv] [--database-url postgres://…] [--data-dir bench/.data]
 *
 * - api: `POST /v1/stored-value/pay` over real HTTP (keep-alive, 127.0.0.1): parsing, session
 *   and permission hook, the idempotency key, the eligibility checks, the ledger, JSON.
 * - driver: the same transaction, `pay()` of stored-value.service called in-process: the very
 *   statements the route runs (key claim, store and eligibility reads, member and account
 *   locks, entry, payment, stored answer) on the pg driver, without HTTP, session and JSON.
 * - ledger: `payFromHolder` alone in a transaction (the money movement itself).
 *
 * The ways take turns within each of `--rounds` rounds, so they share the machine's load; each
 * rate is the median over the rounds, and the ratio api / driver is what the target (>= 0.5)
 * is about. The tenant (`--tenant`) is created once with the demo master data and its members,
 * each given 1,000,000.00 of stored value to spend.
 */

const TILL = 'bench-sv-till';
type Way = 'apiHot' | 'driverHot' | 'ledgerHot' | 'apiSpread' | 'driverSpread' | 'ledgerSpread';
const WAYS: readonly Way[] = ['apiHot', 'driverHot', 'ledgerHot', 'apiSpread', 'driverSpread', 'ledgerSpread'];

async function main() {
  const flags = parseFlags(process.argv.slice(2), [
    'payments',
    'rounds',
    'concurrency',
    'members',
    'tenant',
    'database-url',
    'data-dir',
    'max-minutes',
  ]);
  const payments = intFlag(flags, 'payments', 400);
  const rounds = intFlag(flags, 'rounds', 4);
  const concurrency = intFlag(flags, 'concurrency', 8);
  const spreadCount = intFlag(flags, 'members', 2000);
  const code = textFlag(flags, 'tenant', 'benchsv');
  const run = await startBenchRun({ flags, name: 'bench:stored-value-pay', minutes: 15 });
  const { bench } = run;
  const { database } = bench;
  try {
    const { tenantId } = await ensureBenchTenant(database, code);
    const refs = await tenantReferences(database, tenantId);
    const storeId = refs.storeIds[0];
    const pool = database.pool;
    // Members in use, made once (set-based, like bench:generate), each with stored value to spend.
    const using = () => membersInUse(pool, tenantId, spreadCount + 1);
    let members = await using();
    if (members.length < spreadCount + 1) {
      const client = await pool.connect();
      try {
        const count = Math.ceil((spreadCount + 1) * 1.1);
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
    const [hot, ...spread] = members;
    const funded = await pool.query(`select member_id from value_accounts where tenant_id = $1 and holder_kind = 'member'`, [tenantId]);
    const has = new Set(funded.rows.map((r: { member_id: string }) => Number(r.member_id)));
    for (const memberId of members.filter((m) => !has.has(m))) {
      await database.db.transaction((tx) =>
        postValue({
          tx,
          tenantId,
          holder: { kind: 'member', memberId },
          principal: '1000000.00',
          gift: '0',
          kind: 'init',
          sourceType: 'init',
        }),
      );
    }
    await ensureBenchUser(database, { tenantId, login: TILL, grants: STORED_VALUE_MOVE });
    const tillId = Number((await pool.query('select id from users where tenant_id = $1 and login = $2', [tenantId, TILL])).rows[0].id);

    const { origin, config } = await run.listen();
    const till = await signInOverHttp({ origin, serviceBase: config.serviceBase, tenant: code, login: TILL, password: BENCH_PASSWORD });
    const runId = `sv${Date.now().toString(36)}`;

    const poster = (way: Way, round: number) => (n: number) => {
      const requestNo = `${runId}-${way}-${round}-${n}`;
      const memberId = way.endsWith('Hot') ? hot : spread[((round + 1) * payments + n) % spread.length];
      const body = { requestNo, memberId, amount: '1.00', storeId };
      if (way.startsWith('api')) {
        return till.post('/v1/stored-value/pay', body).then((answer) => {
          if (answer.status !== 200 || answer.body.code !== 2000)
            throw new Error(`payment failed: ${answer.status} ${JSON.stringify(answer.body)}`);
        });
      }
      if (way.startsWith('driver')) return pay({ db: database.db, tenantId, operatorId: tillId, body }).then(() => undefined);
      return database.db
        .transaction((tx) =>
          payFromHolder({ tx, tenantId, holder: { kind: 'member', memberId }, amount: '1.00', requestNo, storeId, sourceType: 'payment' }),
        )
        .then(() => undefined);
    };
    const perRound = Math.max(1, Math.floor(payments / rounds));
    // Warm-up (JIT, pool connections, plans), untimed.
    for (const way of WAYS) await throughput(Math.min(30, perRound), concurrency, poster(way, -1));
    const rates = new Map<Way, number[]>(WAYS.map((w) => [w, []]));
    for (let round = 0; round < rounds; round += 1) {
      for (const way of WAYS) rates.get(way)!.push(await throughput(perRound, concurrency, poster(way, round)));
    }
    const rate = (way: Way) => median(rates.get(way)!);
    console.log(
      `database: ${bench.where}; tenant ${code}; ${perRound * rounds} payments a way in ${rounds} rounds, ${concurrency} concurrent; median of the rounds`,
    );
    console.log(`  ${'way'.padEnd(52)} ${'hot /s'.padStart(8)} ${`${spread.length} /s`.padStart(8)}`);
    const line = (label: string, h: Way, s: Way) =>
      console.log(`  ${label.padEnd(52)} ${rate(h).toFixed(0).padStart(8)} ${rate(s).toFixed(0).padStart(8)}`);
    line('POST /v1/stored-value/pay over HTTP (api)', 'apiHot', 'apiSpread');
    line('the same transaction in-process on the driver', 'driverHot', 'driverSpread');
    line('payFromHolder alone in a transaction (ledger)', 'ledgerHot', 'ledgerSpread');
    console.log(
      `ratio api / driver: hot ${(rate('apiHot') / rate('driverHot')).toFixed(2)}, spread ${(rate('apiSpread') / rate('driverSpread')).toFixed(2)} (target >= 0.5)`,
    );
    console.log(
      `ratio api / ledger: hot ${(rate('apiHot') / rate('ledgerHot')).toFixed(2)}, spread ${(rate('apiSpread') / rate('ledgerSpread')).toFixed(2)}`,
    );
  } finally {
    await run.finish();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.stack : error);
  process.exit(1);
});
