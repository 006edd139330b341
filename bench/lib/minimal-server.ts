import fs from 'node:fs';
import Fastify from 'fastify';
import pg from 'pg';
import { serveChild } from './serve-child';

/**
 * The baseline of `npm run bench:vs-minimal`: the least a server can do, a bare Fastify with a
 * pg pool and no plugins, running the statements the benchmark hands over in a JSON file: the
 * issue's plain queries (`select … from members where tenant_id = $1 order by id desc limit 20`
 * and one member by id), or with `--baseline replay` the SQL the console ran for the same call.
 * Run as its own process: `tsx bench/lib/minimal-server.ts <databaseUrl> <statements.json>
 * [named]` (`named`: its read and list statements run prepared, as the console's do; by default
 * unnamed); prints `PORT <n>` once it listens on 127.0.0.1, stops on SIGTERM.
 *
 * - `GET /read`: the read's statements wave by wave (a statement after the ones whose rows it
 *   needs, those of one wave at once), answers the first row.
 * - `POST /list`: the list's statements the same way, answers the rows of the statement that
 *   returned the most.
 * - `POST /post` `{ tenantId, memberId, storeId, orderNo }`: the plain posting transaction,
 *   lock the account row, insert the entry, move the balance, commit.
 */

interface Statement {
  readonly text: string;
  readonly values: readonly unknown[];
  readonly wave: number;
}

/** `named`: every statement runs prepared (planned once per connection), as the console's do. */
let named = false;
const names = new Map<string, string>();
const nameOf = (text: string) => names.get(text) ?? (names.set(text, `m${names.size}`), `m${names.size - 1}`);

/** Runs the statements wave by wave, each wave's at once; the results in the statements' order. */
async function runWaves(pool: pg.Pool, statements: readonly Statement[]): Promise<pg.QueryResult[]> {
  const results: pg.QueryResult[] = [];
  const waves = [...new Set(statements.map((s) => s.wave))].sort((a, b) => a - b);
  for (const wave of waves) {
    const members = statements.map((s, i) => [s, i] as const).filter(([s]) => s.wave === wave);
    const answers = await Promise.all(
      members.map(([s]) => pool.query({ text: s.text, values: [...s.values], ...(named ? { name: nameOf(s.text) } : {}) })),
    );
    members.forEach(([, i], k) => (results[i] = answers[k]));
  }
  return results;
}

interface Statements {
  readonly read: readonly Statement[];
  readonly list: readonly Statement[];
}

async function main(): Promise<void> {
  const [databaseUrl, file, mode] = process.argv.slice(2);
  if (!databaseUrl || !file) throw new Error('usage: minimal-server.ts <databaseUrl> <statements.json> [named]');
  named = mode === 'named';
  const statements = JSON.parse(fs.readFileSync(file, 'utf8')) as Statements;
  pg.types.setTypeParser(20, (value) => Number(value));
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
  const app = Fastify({ logger: false });

  app.get('/read', async () => {
    const results = await runWaves(pool, statements.read);
    return { code: 2000, msg: 'ok', data: results[0].rows[0] ?? null };
  });

  app.post('/list', async () => {
    const results = await runWaves(pool, statements.list);
    // The page is the statement with the most rows (pageSize + 1; an estimate has one, names fewer).
    const page = results.reduce((most, r) => (r.rows.length > most.rows.length ? r : most));
    return { code: 2000, msg: 'ok', data: { records: page.rows, total: page.rows.length } };
  });

  app.post<{ Body: { tenantId: number; memberId: number; storeId: number; orderNo: string } }>('/post', async (request) => {
    const { tenantId, memberId, storeId, orderNo } = request.body;
    const client = await pool.connect();
    try {
      await client.query('begin');
      await client.query('insert into points_accounts (tenant_id, member_id) values ($1, $2) on conflict do nothing', [tenantId, memberId]);
      const locked = await client.query('select balance from points_accounts where tenant_id = $1 and member_id = $2 for update', [
        tenantId,
        memberId,
      ]);
      const balance = Number(locked.rows[0].balance) + 100;
      const entry = await client.query(
        `insert into points_entries (tenant_id, member_id, delta, balance_after, kind, source_type, source_id, store_id, occurred_at)
         values ($1, $2, 100, $3, 'earn', 'transaction', $4, $5, now()) returning id`,
        [tenantId, memberId, balance, orderNo, storeId],
      );
      await client.query(
        'update points_accounts set balance = balance + 100, total_earned = total_earned + 100 where tenant_id = $1 and member_id = $2',
        [tenantId, memberId],
      );
      await client.query('commit');
      return { code: 2000, msg: 'ok', data: { entryId: entry.rows[0].id, balance } };
    } catch (error) {
      await client.query('rollback').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  });

  await serveChild(app, () => pool.end());
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
