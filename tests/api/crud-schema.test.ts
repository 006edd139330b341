import { getTableConfig } from 'drizzle-orm/pg-core';
import type { FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { RESOURCES } from '../../resources/index';
import { queryStatements, type QueryRequest } from '../../server/crud/query.builder';
import { buildRegistry, servedResources } from '../../server/crud/resource-registry';
import { SERVER_HOOKS } from '../../server/modules/resource-hooks';
import { connectDatabase, type Database } from '../../server/db/connection';
import type { AuthContext } from '../../server/http/auth-types';
import { deriveLinesTable, deriveTable, linesFieldNames, type DerivedTable } from '../../server/crud/table.derive';

/**
 * The database the committed migrations build has every table, column (with its type and
 * nullability) and index derived from the declarations, and the extensions the indexes need.
 */
let database: Database;

beforeAll(() => {
  database = connectDatabase(inject('databaseUrl'), { max: 2 });
});
afterAll(async () => database.close());

const derived: DerivedTable[] = RESOURCES.flatMap((r) => [deriveTable(r), ...linesFieldNames(r).map((f) => deriveLinesTable(r, f))]);
const squash = (type: string) => type.replace(/\s+/g, '').toLowerCase();

describe('migrated database', () => {
  it('has the extensions of the derived indexes', async () => {
    const result = await database.pool.query<{ extname: string }>(
      `select extname from pg_extension where extname in ('pg_trgm', 'btree_gin') order by 1`,
    );
    expect(result.rows.map((r) => r.extname)).toEqual(['btree_gin', 'pg_trgm']);
  });

  it.each(derived.map((table) => [getTableConfig(table).name, table] as const))('has table %s as derived', async (name, table) => {
    const config = getTableConfig(table);
    const columns = await database.pool.query<{ name: string; type: string; not_null: boolean }>(
      `
      select a.attname as name, format_type(a.atttypid, a.atttypmod) as type, a.attnotnull as not_null
      from pg_attribute a where a.attrelid = to_regclass($1) and a.attnum > 0 and not a.attisdropped`,
      [name],
    );
    expect(columns.rows.length, `${name} exists`).toBeGreaterThan(0);
    const actual = Object.fromEntries(columns.rows.map((c) => [c.name, { type: squash(c.type), notNull: c.not_null }]));
    const expected = Object.fromEntries(
      config.columns.map((c) => [
        c.name,
        { type: squash(c.getSQLType()), notNull: c.notNull || c.primary || config.primaryKeys.some((pk) => pk.columns.includes(c)) },
      ]),
    );
    expect(actual).toEqual(expected);
    const indexes = await database.pool.query<{ indexname: string }>('select indexname from pg_indexes where tablename = $1', [name]);
    const names = indexes.rows.map((r) => r.indexname);
    for (const index of config.indexes) expect(names, name).toContain(index.config.name);
  });
});

describe('an order by a unique code', () => {
  // A tenant id no other test file uses: the rows are written straight into the table.
  const tenantId = 900_000_000 + Math.floor(Math.random() * 1_000_000);
  const runtime = buildRegistry(servedResources(SERVER_HOOKS)).get('store');

  beforeAll(async () => {
    await database.pool.query(
      `insert into stores (tenant_id, code, name, type, area, state)
      select $1, 'S' || lpad(g::text, 6, '0'), 'Store ' || g, 'DIRECT', 1, 'OPEN' from generate_series(1, 5000) g`,
      [tenantId],
    );
    await database.pool.query('analyze stores');
  });

  it('pages on the unique index alone: no id tiebreak, no second index, no sort', async () => {
    const auth = { tenantId, userId: 1, grants: [], marketingCenterIds: null } as unknown as AuthContext;
    const request = { ctx: { timeZone: 'UTC', locale: 'zh_CN', marketingCenter: null } } as unknown as FastifyRequest;
    const query: QueryRequest = { page: 1, pageSize: 20, filters: {}, sorters: [], keyword: '' };
    const args = {
      database,
      runtime,
      scope: { auth, request, tenantId, marketingCenterId: null, now: new Date() },
      query,
      zone: 'UTC',
      locale: 'zh_CN' as const,
    };
    const first = queryStatements(args);
    expect(first.keys.map((k) => k.key)).toEqual(['code']);
    const rows = (await first.page) as { code: string }[];
    expect(rows.map((r) => r.code).slice(0, 3)).toEqual(['S000001', 'S000002', 'S000003']);
    const cursor = Buffer.from(JSON.stringify({ s: 'code:asc', v: ['S002500'] })).toString('base64url');
    for (const statement of [first.page, queryStatements({ ...args, query: { ...query, cursor } }).page]) {
      const { sql: text, params } = statement.toSQL();
      const client = await database.pool.connect();
      try {
        await client.query('begin');
        await client.query('set local enable_seqscan = off');
        const plan = JSON.stringify((await client.query(`explain (format json) ${text}`, params as unknown[])).rows[0]['QUERY PLAN']);
        expect(plan).toContain('"Index Name":"stores_code_uq"');
        expect(plan).not.toContain('"Node Type":"Sort"');
        expect(plan).not.toContain('"Node Type":"Incremental Sort"');
      } finally {
        await client.query('rollback');
        client.release();
      }
    }
  });
});
