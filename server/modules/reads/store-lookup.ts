import { getTableName, sql, type SQL } from 'drizzle-orm';
import { areaResource } from '../../../resources/datum/area.resource';
import { storeResource } from '../../../resources/datum/store.resource';
import { likeEscape } from '../../crud/query.filters';
import { deriveTable } from '../../crud/table.derive';
import type { DbOrTx } from '../../db/connection';

/** Stores one call of a store lookup returns. */
export const STORE_LOOKUP_LIMIT = 50;

/** The store table, for names beside ledger entries. */
export const STORES_TABLE = sql.identifier(getTableName(deriveTable(storeResource)));

/** The area table, for a report's area filter (a store's area). */
export const AREAS_TABLE = sql.identifier(getTableName(deriveTable(areaResource)));

/** The query string of a store lookup route: ids (names of a page's stores) or a keyword. */
export const STORE_LOOKUP_SCHEMA = {
  querystring: {
    type: 'object',
    properties: {
      id: { type: 'array', maxItems: STORE_LOOKUP_LIMIT, items: { type: 'integer', minimum: 1 } },
      keyword: { type: 'string', maxLength: 60 },
    },
  },
} as const;

/** What a lookup asks: names by id (a page's), or by a piece of the name or the start of the code. */
interface LookupQuery {
  readonly db: DbOrTx;
  readonly tenantId: number;
  readonly ids?: readonly number[];
  readonly keyword?: string;
}

/** Ids and names of a master table (code and name columns), at most {@link STORE_LOOKUP_LIMIT}, by name. */
async function lookUpNamed(table: typeof STORES_TABLE, args: LookupQuery): Promise<{ id: number; title: string }[]> {
  const parts: SQL[] = [sql`tenant_id = ${args.tenantId}`];
  if (args.ids && args.ids.length > 0)
    parts.push(
      sql`id in (${sql.join(
        args.ids.map((id) => sql`${id}`),
        sql`, `,
      )})`,
    );
  const text = args.keyword?.trim() ?? '';
  if (text !== '') parts.push(sql`(name ilike ${`%${likeEscape(text)}%`} or code ilike ${`${likeEscape(text)}%`})`);
  const rows = await args.db.execute<{ id: number; name: string }>(sql`select id, name from ${table}
    where ${sql.join(parts, sql` and `)} order by name, id limit ${STORE_LOOKUP_LIMIT}`);
  return rows.rows.map((r) => ({ id: Number(r.id), title: String(r.name) }));
}

/**
 * Store names for the store column and store filter of a ledger screen, for readers of the ledger
 * who do not hold the store master's permission (each ledger's route grants it with its own read
 * permission): by id, or by a piece of the name or the start of the code; at most
 * {@link STORE_LOOKUP_LIMIT}, by name.
 */
export function lookUpStores(args: LookupQuery): Promise<{ id: number; title: string }[]> {
  return lookUpNamed(STORES_TABLE, args);
}

/** Area names for a report's area filter, as {@link lookUpStores} for stores. */
export function lookUpAreas(args: LookupQuery): Promise<{ id: number; title: string }[]> {
  return lookUpNamed(AREAS_TABLE, args);
}
