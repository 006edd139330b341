import { createHash } from 'node:crypto';
import pg from 'pg';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import * as schema from './schema/index';

export type Schema = typeof schema;
export type Db = NodePgDatabase<Schema>;
/** A Drizzle handle usable both at top level and inside `db.transaction(tx => …)`. */
export type DbOrTx = Db | Parameters<Parameters<Db['transaction']>[0]>[0];

/** A pool and its Drizzle handle. */
export interface Database {
  readonly pool: pg.Pool;
  readonly db: Db;
  readonly url: string;
  close(): Promise<void>;
}

// PostgreSQL bigint (int8) and numeric come back as strings by default. Ids stay well inside
// 2^53, so int8 becomes a number; numeric (money) stays a string so it is never rounded by a float.
pg.types.setTypeParser(20, (value) => Number(value));

// Statements with parameters run as named (prepared) statements: PostgreSQL parses and plans
// each text once per connection instead of on every call. The name is a hash of the text, so
// one text always has one name; past NAMED_STATEMENTS_MAX distinct texts (generated IN lists,
// say) new ones run unnamed, so no connection accumulates plans without bound.
const NAMED_STATEMENTS_MAX = 2000;
const statementNames = new Map<string, string>();
const PREPARABLE = /^\s*\(?\s*(select|insert|update|delete|with)\b/i;

function statementName(text: string): string | undefined {
  const known = statementNames.get(text);
  if (known) return known;
  if (statementNames.size >= NAMED_STATEMENTS_MAX || text.length > 20_000 || !PREPARABLE.test(text)) return undefined;
  const name = `s${createHash('sha1').update(text).digest('hex').slice(0, 24)}`;
  statementNames.set(text, name);
  return name;
}

type QueryFn = (...args: unknown[]) => unknown;

/** Names the parameterised statements a client runs (see statementName). */
function nameStatements(client: pg.PoolClient): void {
  const query = client.query.bind(client) as QueryFn;
  (client as unknown as { query: QueryFn }).query = (config: unknown, ...rest: unknown[]) => {
    if (config && typeof config === 'object') {
      const c = config as { text?: unknown; name?: unknown; values?: unknown[]; submit?: unknown };
      const values = Array.isArray(rest[0]) ? rest[0] : c.values;
      if (typeof c.text === 'string' && c.name === undefined && typeof c.submit !== 'function' && values && values.length > 0) {
        const name = statementName(c.text);
        if (name) return query({ ...c, name }, ...rest);
      }
    } else if (typeof config === 'string' && Array.isArray(rest[0]) && rest[0].length > 0) {
      const name = statementName(config);
      if (name) return query({ text: config, name }, ...rest);
    }
    return query(config, ...rest);
  };
}

export function connectDatabase(url: string, options: { max?: number } = {}): Database {
  const pool = new pg.Pool({ connectionString: url, max: options.max ?? 20 });
  pool.on('error', () => undefined);
  pool.on('connect', nameStatements);
  const db = drizzle(pool, { schema });
  return { pool, db, url, close: () => pool.end() };
}
