import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/connection';
import type { Actor } from './actor';
import { queryStatements, type QueryRequest } from './query.builder';
import type { ResourceRuntime } from './resource-registry';
import { scopeOf } from './scope';
import { shownStateSql } from './state-timeline';

/**
 * `POST /v1/<name>/counts`, for a list that declares `list.stateCounts`: how many records the
 * list's filters and keyword hold in each counted shown state, in one grouped count over the very
 * conditions of the list's query (tenant, centre, view, row filter). The state filter itself is
 * left aside, so every chip keeps its number while one of them filters the list.
 *
 * The counts are exact (the list's total turns into an estimate past 10 000 matches; a chip's
 * count never does): a grouped count reads the matching rows once.
 */
export async function countStates(args: {
  db: DbOrTx;
  runtime: ResourceRuntime;
  actor: Actor;
  query: Pick<QueryRequest, 'filters' | 'keyword'>;
}): Promise<Record<string, number>> {
  const { db, runtime } = args;
  const { resource, table: t } = runtime;
  const counted = resource.list.stateCounts ?? [];
  const stateField = resource.states!.field;
  const filters = Object.fromEntries(Object.entries(args.query.filters).filter(([name]) => name !== stateField));
  const { where } = queryStatements({
    db,
    runtime,
    actor: args.actor,
    query: { page: 1, pageSize: 1, sorters: [], filters, keyword: args.query.keyword },
  });
  const shown = shownStateSql({ t, resource, now: scopeOf(args.actor, runtime).now });
  const rows = await db
    .select({ state: sql<string>`${shown}`, n: sql<number>`count(*)::int` })
    .from(t)
    .where(where)
    .groupBy(sql`1`);
  const byState = new Map(rows.map((row) => [row.state, row.n]));
  return Object.fromEntries(counted.map((state) => [state, byState.get(state) ?? 0]));
}
