import { getTableConfig } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { RESOURCES } from '../../resources/index';
import { connectDatabase, type Database } from '../../server/db/connection';
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
    const result = await database.pool.query<{ extname: string }>(`select extname from pg_extension where extname in ('pg_trgm', 'btree_gin') order by 1`);
    expect(result.rows.map((r) => r.extname)).toEqual(['btree_gin', 'pg_trgm']);
  });

  it.each(derived.map((table) => [getTableConfig(table).name, table] as const))('has table %s as derived', async (name, table) => {
    const config = getTableConfig(table);
    const columns = await database.pool.query<{ name: string; type: string; not_null: boolean }>(`
      select a.attname as name, format_type(a.atttypid, a.atttypmod) as type, a.attnotnull as not_null
      from pg_attribute a where a.attrelid = to_regclass($1) and a.attnum > 0 and not a.attisdropped`, [name]);
    expect(columns.rows.length, `${name} exists`).toBeGreaterThan(0);
    const actual = Object.fromEntries(columns.rows.map((c) => [c.name, { type: squash(c.type), notNull: c.not_null }]));
    const expected = Object.fromEntries(config.columns.map((c) => [c.name, { type: squash(c.getSQLType()), notNull: c.notNull || c.primary || config.primaryKeys.some((pk) => pk.columns.includes(c)) }]));
    expect(actual).toEqual(expected);
    const indexes = await database.pool.query<{ indexname: string }>('select indexname from pg_indexes where tablename = $1', [name]);
    const names = indexes.rows.map((r) => r.indexname);
    for (const index of config.indexes) expect(names, name).toContain(index.config.name);
  });
});
