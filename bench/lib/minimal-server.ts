import fs from 'node:fs';
import Fastify from 'fastify';
import pg from 'pg';
import { serveChild } from './serve-child';

/**
 * The baseline of `npm run bench:vs-minimal`: the least a server can do for the same answers, a
 * bare Fastify with a pg pool and no plugins, running the SQL the console ran for the same call
 * (captured by the benchmark and handed over in a JSON file). Run as its own process:
 * `tsx bench/lib/minimal-server.ts <databaseUrl> <statements.json>`; prints `PORT <n>` once it
 * listens on 127.0.0.1, stops on SIGTERM.
 *
 * - `GET /read`: the read's statements, one after the other, answers the first row.
 * - `POST /list`: the list's statements at once (page and count in parallel), answers the rows.
 * - `POST /post` `{ tenantId, memberId, storeId, orderNo }`: the plain posting transaction,
 *   lock the account row, insert the entry, move the balance, commit.
 */

interface Statement {
  readonly text: string;
  readonly values: readonly unknown[];
}

interface Statements {
  readonly read: readonly Statement[];
  readonly list: readonly Statement[];
}

async function main(): Promise<void> {
  const [databaseUrl, file] = process.argv.slice(2);
  if (!databaseUrl || !file) throw new Error('usage: minimal-server.ts <databaseUrl> <statements.json>');
  const statements = JSON.parse(fs.readFileSync(file, 'utf8')) as Statements;
  pg.types.setTypeParser(20, (value) => Number(value));
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
  const app = Fastify({ logger: false });

  app.get('/read', async () => {
    let first: unknown = null;
    for (const s of statements.read) {
      const result = await pool.query({ text: s.text, values: [...s.values] });
      first ??= result.rows[0];
    }
    return { code: 2000, msg: 'ok', data: first };
  });

  app.post('/list', async () => {
    const results = await Promise.all(statements.list.map((s) => pool.query({ text: s.text, values: [...s.values] })));
    return { code: 2000, msg: 'ok', data: { records: results[0].rows, total: results[1]?.rowCount ?? 0 } };
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
