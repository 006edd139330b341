import type pg from 'pg';

/**
 * Bulk loads are much faster into tables without secondary indexes: the generator drops them
 * inside its loading transaction and builds them again (sorted builds) before committing, from
 * their own definitions (`pg_indexes.indexdef`), so the result is exactly what the migrations
 * made. Indexes backing a constraint (primary keys) stay. Because all of it is one transaction,
 * an interrupted load leaves the indexes as they were.
 */

/** A secondary index of a table, with the statement that recreates it. */
export interface IndexDefinition {
  readonly name: string;
  readonly table: string;
  readonly definition: string;
}

/** The secondary (non-constraint) indexes of the tables. */
export async function secondaryIndexes(client: pg.PoolClient, tables: readonly string[]): Promise<IndexDefinition[]> {
  const result = await client.query<{ name: string; table: string; definition: string }>(
    `
    select i.indexname as name, i.tablename as "table", i.indexdef as definition
    from pg_indexes i
    where i.schemaname = current_schema() and i.tablename = any($1::text[])
      and not exists (select 1 from pg_constraint c where c.conindid = (quote_ident(i.schemaname) || '.' || quote_ident(i.indexname))::regclass)
    order by i.tablename, i.indexname`,
    [tables],
  );
  return result.rows;
}

/** Drops the indexes (inside the caller's transaction). */
export async function dropIndexes(client: pg.PoolClient, indexes: readonly IndexDefinition[]): Promise<void> {
  for (const index of indexes) await client.query(`drop index "${index.name}"`);
}

/** Builds the indexes again from their definitions, reporting each build's time. */
export async function createIndexes(
  client: pg.PoolClient,
  indexes: readonly IndexDefinition[],
  report: (line: string) => void,
): Promise<void> {
  for (const index of indexes) {
    const started = performance.now();
    await client.query(index.definition);
    report(`  ${index.name.padEnd(36)} ${((performance.now() - started) / 1000).toFixed(1)} s`);
  }
}
