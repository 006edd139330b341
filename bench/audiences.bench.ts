import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { PermissionRef } from '../resources/catalog/types';
import { countGroup, recomputeTag } from '../server/modules/audiences/audience.compute';
import { parseCondition, selectedMembers, type CompileContext } from '../server/modules/audiences/condition.compile';
import { intFlag, parseFlags, textFlag } from './lib/bench-args';
import { startBenchRun } from './lib/bench-run';
import { BENCH_PASSWORD, DEFAULT_TENANT_CODE, ensureBenchUser, generatedTenantId } from './lib/bench-tenant';
import { signInOverHttp } from './lib/http-client';
import { median, ms, ratio, timeInterleaved, timeRuns } from './lib/stats';

/**
 * Tags and customer groups at a million members (issue 29 item 6), on the generated tenant
 * (`npm run bench:generate` first):
 *
 *   npm run bench:audiences -- [--tenant bench1m] [--rounds 5] [--searches 40]
 *
 * 1. A group's exact count (`countGroup`: the compiled selection counted, the count stored) next
 *    to the same statements sent on the pg driver (`pool.query` with the compiled text), taking
 *    turns in each round. Target: console / driver at most 1.5.
 * 2. A system tag's recomputation (`recomputeTag`: lock, delete the rule's links it no longer
 *    selects, insert the new ones, store the count) next to the same statements on the driver,
 *    each in a transaction rolled back so every round starts from the same links.
 * 3. Member searches over HTTP (`POST /v1/member/query`, a mobile prefix, as a member reader)
 *    alone, then while group counts run one after another beside them. Target: at most 20 %
 *    slower.
 * The group and the tag are made for the run and deleted at its end.
 */

const Rollback = class extends Error {};
const READER = 'bench-reader';
const MEMBER_READ: readonly PermissionRef[] = [{ resourceId: '会员/标准会员', action: '会员资料查看' }];
/** WeChat members with more than 2,000 points, or born in May. */
const RULE = {
  combine: 'or',
  children: [
    {
      combine: 'and',
      children: [
        { metric: 'channel', operator: 'in', value: ['weixin'] },
        { metric: 'pointsBalance', operator: 'gt', value: 2000 },
      ],
    },
    { metric: 'birthdayMonth', operator: 'eq', value: 5 },
  ],
};

const dialect = new PgDialect();
/** A statement as the driver receives it. */
const onDriver = (statement: SQL) => dialect.sqlToQuery(statement);

async function main() {
  const flags = parseFlags(process.argv.slice(2), ['tenant', 'rounds', 'searches', 'database-url', 'data-dir', 'max-minutes']);
  const rounds = intFlag(flags, 'rounds', 5);
  const searches = intFlag(flags, 'searches', 40);
  const code = textFlag(flags, 'tenant', DEFAULT_TENANT_CODE);
  const run = await startBenchRun({ flags, name: 'bench:audiences', minutes: 40 });
  const { bench } = run;
  const { db, pool } = bench.database;
  const stamp = String(Date.now()).slice(-8);
  let groupId = 0;
  let tagId = 0;
  try {
    const tenantId = await generatedTenantId(bench.database, code);
    const members = await pool.query<{ n: string }>('select count(*) as n from members where tenant_id = $1', [tenantId]);
    console.log(`database: ${bench.where}; tenant ${code}: ${members.rows[0].n} members`);
    const ctx: CompileContext = { now: new Date(), timeZone: 'Asia/Shanghai' };
    const rule = JSON.stringify(RULE);
    groupId = Number(
      (
        await db.execute<{ id: string }>(
          sql`insert into customer_groups (tenant_id, name, rule) values (${tenantId}, ${`bench ${stamp}`}, ${rule}) returning id`,
        )
      ).rows[0].id,
    );
    tagId = Number(
      (
        await db.execute<{ id: string }>(sql`insert into member_tags (tenant_id, name, tag_type, rule)
          values (${tenantId}, ${`bench ${stamp}`}, 'SYSTEM', ${rule}) returning id`)
      ).rows[0].id,
    );
    const selection = selectedMembers({ tenantId, node: parseCondition(rule), ctx });

    // 1. The group count.
    const countSql = onDriver(sql`select count(*)::int as n from (${selection}) sel`);
    const [consoleCount, driverCount] = await timeInterleaved(
      rounds,
      [
        () => countGroup({ db, tenantId, groupId, ctx }),
        async () => {
          const counted = await pool.query<{ n: number }>(countSql.sql, countSql.params as unknown[]);
          await pool.query('update customer_groups set member_count = $1, counted_at = $2 where tenant_id = $3 and id = $4', [
            counted.rows[0].n,
            ctx.now.toISOString(),
            tenantId,
            groupId,
          ]);
        },
      ],
      1,
    );
    const counted = await countGroup({ db, tenantId, groupId, ctx });
    console.log(`\ngroup count (${counted?.memberCount} members selected), median of ${rounds} rounds taken in turns:`);
    console.log(
      `  console ${ms(median(consoleCount))} ms, driver ${ms(median(driverCount))} ms, console/driver ${ratio(median(consoleCount), median(driverCount))} (target at most 1.5)`,
    );

    // 2. The system tag's recomputation, rolled back each time.
    const now = ctx.now.toISOString();
    const tagStatements = [
      sql`select rule from member_tags where tenant_id = ${tenantId} and id = ${tagId} and tag_type = 'SYSTEM' for update`,
      sql`delete from member_tag_links l where l.tenant_id = ${tenantId} and l.tag = ${tagId} and l.source = 'RULE' and l.member not in (${selection})`,
      sql`insert into member_tag_links (tenant_id, member, tag, source, tagged_at)
        select ${tenantId}, sel.id, ${tagId}, 'RULE', ${now}::timestamptz from (${selection}) sel on conflict (tenant_id, tag, member) do nothing`,
      sql`update member_tags set member_count = (select count(*) from member_tag_links l where l.tenant_id = ${tenantId} and l.tag = ${tagId}),
        last_run_at = ${now}::timestamptz where tenant_id = ${tenantId} and id = ${tagId} returning member_count`,
    ].map(onDriver);
    let tagged = 0;
    const [consoleTag, driverTag] = await timeInterleaved(
      rounds,
      [
        () =>
          db
            .transaction(async (tx) => {
              tagged = (await recomputeTag({ db: tx, tenantId, tagId, ctx }))?.memberCount ?? 0;
              throw new Rollback();
            })
            .catch((error: unknown) => {
              if (!(error instanceof Rollback)) throw error;
            }),
        async () => {
          const client = await pool.connect();
          try {
            await client.query('begin');
            for (const statement of tagStatements) await client.query(statement.sql, statement.params as unknown[]);
          } finally {
            await client.query('rollback');
            client.release();
          }
        },
      ],
      1,
    );
    console.log(`\nsystem tag recomputation (${tagged} members tagged, rolled back), median of ${rounds} rounds taken in turns:`);
    console.log(
      `  console ${ms(median(consoleTag))} ms, driver ${ms(median(driverTag))} ms, console/driver ${ratio(median(consoleTag), median(driverTag))} (target at most 1.5)`,
    );

    // 3. Member searches, alone and beside group counts.
    await ensureBenchUser(bench.database, { tenantId, login: READER, grants: MEMBER_READ });
    const { origin, config } = await run.listen();
    const reader = await signInOverHttp({ origin, serviceBase: config.serviceBase, tenant: code, login: READER, password: BENCH_PASSWORD });
    const sample = await pool.query<{ mobile: string }>(
      `select mobile from members where tenant_id = $1 and id >= (select min(id) + 500000 from members where tenant_id = $1) order by id limit 1`,
      [tenantId],
    );
    const prefix = sample.rows[0].mobile.slice(0, 7);
    const search = async () => {
      const answer = await reader.post('/v1/member/query', { filters: { mobile: prefix }, pageSize: 20 });
      if (answer.body.code !== 2000) throw new Error(`search answered ${answer.status} ${JSON.stringify(answer.body)}`);
    };
    // Alone before and after (the median of both), and beside counts: searches one after another
    // for as long as three group counts take, at least `searches` of them.
    const before = await timeRuns(searches, search, 10);
    let counting = true;
    let counts = 0;
    const beside = (async () => {
      while (counts < 3) {
        await countGroup({ db, tenantId, groupId, ctx });
        counts += 1;
      }
      counting = false;
    })();
    const during: number[] = [];
    while (counting || during.length < searches) during.push(...(await timeRuns(1, search, 0)));
    await beside;
    const after = await timeRuns(searches, search, 0);
    const alone = [...before, ...after];
    console.log(`\nmember search (mobile prefix ${prefix}, ${searches} calls over HTTP):`);
    console.log(
      `  alone ${ms(median(alone))} ms, ${ms(median(during))} ms over ${during.length} searches while ${counts} group counts ran, during/alone ${ratio(median(during), median(alone))} (target at most 1.2)`,
    );
  } finally {
    if (tagId) await db.execute(sql`delete from member_tags where id = ${tagId}`).catch(() => undefined);
    if (groupId) await db.execute(sql`delete from customer_groups where id = ${groupId}`).catch(() => undefined);
    await run.finish();
  }
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
