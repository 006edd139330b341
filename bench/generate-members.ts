import type pg from 'pg';
import { intFlag, parseFlags, switchFlag, textFlag } from './lib/bench-args';
import { openBenchDatabase } from './lib/bench-database';
import { DEFAULT_TENANT_CODE, ensureBenchTenant, tenantReferences } from './lib/bench-tenant';
import { createIndexes, dropIndexes, secondaryIndexes } from './lib/index-rebuild';
import { ledgerInsertSql, spreadFor, type LedgerShape } from './lib/ledger-rows';
import { advanceSequence, idBase, memberInsertSql, type MemberShape } from './lib/member-rows';
import { PhaseTimer } from './lib/phase-timer';
import { memberResource } from '../resources/member/member.resource';
import { numberingOf } from '../server/crud/numbering';

/**
 * Fills one tenant with N members and M points-ledger entries using set-based SQL
 * (INSERT … SELECT over generate_series, in chunks), then VACUUM ANALYZE:
 *
 *   npm run bench:generate -- [--members 1000000] [--entries 10000000] [--tenant bench1m]
 *                             [--database-url postgres://…] [--data-dir bench/.data] [--force]
 *
 * The shapes of the data are described in lib/member-rows.ts and lib/ledger-rows.ts. The load
 * is one transaction that drops the secondary indexes of the four tables, truncates them when
 * no other tenant has rows there (else deletes this tenant's rows), inserts, and builds the
 * indexes again; so it takes those tables offline while it runs: never point it at a live
 * database. Idempotent per tenant code: when the tenant already holds exactly this N and M (the
 * `bench:members` / `bench:entries` counters written at the end), nothing is done unless
 * `--force`; otherwise the tenant's members and ledger are replaced.
 */

const TABLES = ['members', 'points_entries', 'points_lots', 'points_accounts'] as const;
/** Tables whose rows of the tenant refer to its members and are cleared with them. */
const DEPENDENT_TABLES = ['sales_returns', 'sales_transactions', 'member_level_changes', 'paid_level_orders', 'state_changes'] as const;
const MEMBER_CHUNK = 100_000;
/** About this many entries per ledger statement (at the busiest ranks). */
const ENTRY_CHUNK = 600_000;
const MARKER_MEMBERS = 'bench:members';
const MARKER_ENTRIES = 'bench:entries';

async function counterValue(client: pg.PoolClient, tenantId: number, name: string): Promise<number | null> {
  const result = await client.query<{ value: number }>('select value from counters where tenant_id = $1 and name = $2', [tenantId, name]);
  return result.rows.length > 0 ? Number(result.rows[0].value) : null;
}

async function setCounter(client: pg.PoolClient, tenantId: number, name: string, value: number, keepHigher: boolean): Promise<void> {
  await client.query(
    `insert into counters (tenant_id, name, value) values ($1, $2, $3)
    on conflict (tenant_id, name) do update set value = ${keepHigher ? 'greatest(counters.value, excluded.value)' : 'excluded.value'}, updated_at = now()`,
    [tenantId, name, value],
  );
}

/** Empties the tenant's rows: TRUNCATE when the table holds no other tenant, else DELETE. */
async function clearTenant(client: pg.PoolClient, tenantId: number): Promise<void> {
  const present = await client.query<{ name: string }>(
    'select relname as name from pg_class where relname = any($1::text[]) and relkind = $2',
    [[...DEPENDENT_TABLES, ...TABLES], 'r'],
  );
  const existing = new Set(present.rows.map((r) => r.name));
  for (const table of [...DEPENDENT_TABLES, ...[...TABLES].reverse()]) {
    if (!existing.has(table)) continue;
    const others = await client.query(`select 1 from ${table} where tenant_id <> $1 limit 1`, [tenantId]);
    if (others.rows.length === 0) await client.query(`truncate ${table}`);
    else await client.query(`delete from ${table} where tenant_id = $1`, [tenantId]);
  }
}

async function main() {
  const flags = parseFlags(process.argv.slice(2), ['members', 'entries', 'tenant', 'database-url', 'data-dir'], ['force']);
  const members = intFlag(flags, 'members', 1_000_000);
  const entries = intFlag(flags, 'entries', 10_000_000);
  const code = textFlag(flags, 'tenant', DEFAULT_TENANT_CODE);
  if (members < 1) throw new Error('--members must be at least 1');
  const timer = new PhaseTimer();
  const bench = await timer.run('start database + migrate', () =>
    openBenchDatabase({
      databaseUrl: textFlag(flags, 'database-url') ?? process.env.DATABASE_URL,
      dataDir: textFlag(flags, 'data-dir'),
      poolSize: 2,
    }),
  );
  console.log(`database: ${bench.where}`);
  const client = await bench.database.pool.connect();
  try {
    const { tenantId, created } = await timer.run('tenant', () => ensureBenchTenant(bench.database, code));
    console.log(`tenant ${code} (id ${tenantId})${created ? ' created with the demo stores and levels' : ''}`);
    const done = [await counterValue(client, tenantId, MARKER_MEMBERS), await counterValue(client, tenantId, MARKER_ENTRIES)];
    if (done[0] === members && done[1] === entries && !switchFlag(flags, 'force')) {
      console.log(`tenant ${code} already holds ${members} members and ${entries} entries; nothing to do (--force regenerates)`);
      return;
    }
    const refs = await tenantReferences(bench.database, tenantId);
    const anchor = new Date(Math.floor(Date.now() / 1000) * 1000).toISOString();

    await client.query('begin');
    await client.query("set local maintenance_work_mem = '1GB'");
    await client.query("set local work_mem = '256MB'");
    await client.query('set local synchronous_commit = off');
    const indexes = await timer.run('drop secondary indexes', async () => {
      await client.query(`lock table ${TABLES.join(', ')} in access exclusive mode`);
      const found = await secondaryIndexes(client, TABLES);
      await dropIndexes(client, found);
      return found;
    });
    await timer.run('clear tenant', () => clearTenant(client, tenantId));
    // The daily totals of the ledger and the members (server/modules/reports) are rebuilt once
    // after the load instead of a row per entry or member by their triggers.
    await client.query('alter table points_entries disable trigger points_daily_insert');
    await client.query('alter table members disable trigger members_daily_insert');

    const memberShape: MemberShape = {
      tenantId,
      members,
      idBase: await idBase(client, 'members'),
      anchor,
      storeIds: refs.storeIds,
      centreIds: refs.centreIds,
      levelIds: refs.levelIds,
    };
    await timer.run(`members (${members})`, async () => {
      for (let lo = 1; lo <= members; lo += MEMBER_CHUNK) {
        const hi = Math.min(members, lo + MEMBER_CHUNK - 1);
        await client.query(memberInsertSql(memberShape, lo, hi));
        process.stdout.write(`\r  members ${hi} / ${members}`);
      }
      process.stdout.write('\n');
      await advanceSequence(client, 'members', memberShape.idBase + members);
      await setCounter(client, tenantId, numberingOf(memberResource)!.counter, members, true);
    });

    const ledgerShape: LedgerShape = {
      tenantId,
      members,
      anchor,
      storeIds: refs.storeIds,
      entries,
      memberIdBase: memberShape.idBase,
      entryIdBase: await idBase(client, 'points_entries'),
      spread: spreadFor(members),
    };
    await timer.run(`ledger (${entries} entries)`, async () => {
      if (entries === 0) return;
      // The busiest ranks own about 3·M/N entries each.
      const ranksPerChunk = Math.max(1, Math.floor(ENTRY_CHUNK / Math.max(1, (3 * entries) / members)));
      for (let r0 = 0; r0 < members; r0 += ranksPerChunk) {
        const r1 = Math.min(members, r0 + ranksPerChunk);
        await client.query(ledgerInsertSql(ledgerShape, r0, r1));
        const through = Math.floor(entries * (r1 / members) ** 3);
        process.stdout.write(`\r  entries ${through} / ${entries}`);
      }
      process.stdout.write('\n');
      await advanceSequence(client, 'points_entries', ledgerShape.entryIdBase + entries);
    });

    await timer.run(`build ${indexes.length} indexes`, () => createIndexes(client, indexes, (line) => console.log(line)));
    await timer.run('daily totals', async () => {
      await client.query('alter table points_entries enable trigger points_daily_insert');
      await client.query('alter table members enable trigger members_daily_insert');
      await client.query('select recompute_daily_totals($1::bigint), recompute_members_daily($1::bigint)', [tenantId]);
    });
    await setCounter(client, tenantId, MARKER_MEMBERS, members, false);
    await setCounter(client, tenantId, MARKER_ENTRIES, entries, false);
    await timer.run('commit', () => client.query('commit'));

    await timer.run('vacuum analyze', async () => {
      for (const table of TABLES) await client.query(`vacuum (analyze) ${table}`);
    });
    await timer.run('verify ledger invariants', () => verify(client, tenantId, members, entries));
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    client.release();
    console.log(timer.summary());
    await bench.stop();
  }
}

/** Counts and the ledger's invariants over the whole tenant; throws when one does not hold. */
async function verify(client: pg.PoolClient, tenantId: number, members: number, entries: number): Promise<void> {
  const result = await client.query<Record<string, number>>(
    `select
      (select count(*) from members where tenant_id = $1) as members,
      (select count(*) from points_entries where tenant_id = $1) as entries,
      (select coalesce(sum(delta), 0) from points_entries where tenant_id = $1) as entry_sum,
      (select coalesce(sum(remaining), 0) from points_lots where tenant_id = $1) as lot_sum,
      (select coalesce(sum(balance), 0) from points_accounts where tenant_id = $1) as balance_sum,
      (select count(*) from points_accounts where tenant_id = $1) as accounts,
      (with sample as (select member_id, balance from points_accounts where tenant_id = $1 order by member_id limit 1000)
       select count(*) from sample s where
         s.balance <> (select coalesce(sum(remaining), 0) from points_lots l where l.tenant_id = $1 and l.member_id = s.member_id and l.remaining > 0)
         or s.balance <> (select coalesce(sum(delta), 0) from points_entries e where e.tenant_id = $1 and e.member_id = s.member_id)
         or s.balance <> (select balance_after from points_entries e where e.tenant_id = $1 and e.member_id = s.member_id order by id desc limit 1)
      ) as sample_mismatches`,
    [tenantId],
  );
  const row = Object.fromEntries(Object.entries(result.rows[0]).map(([k, v]) => [k, Number(v)]));
  console.log(
    `  members ${row.members}, entries ${row.entries}, accounts ${row.accounts}; sum of entries ${row.entry_sum}, ` +
      `sum of balances ${row.balance_sum}, sum of lots ${row.lot_sum}; accounts of a 1000-account sample whose lots, entries or last balance_after differ from the balance: ${row.sample_mismatches}`,
  );
  const ok =
    row.members === members &&
    row.entries === entries &&
    row.entry_sum === row.balance_sum &&
    row.balance_sum === row.lot_sum &&
    row.sample_mismatches === 0;
  if (!ok) throw new Error('generated data breaks a ledger invariant');
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
