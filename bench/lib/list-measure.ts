import type pg from 'pg';
import type { HttpClient } from './http-client';
import { replay, type CapturedStatement, type SqlCapture } from './sql-capture';
import { median, timeInterleaved } from './stats';

/**
 * One member-list measurement: a `POST /v1/member/query` body timed over real HTTP, and the
 * statements the engine ran for it (captured from the pool during one call, then replayed
 * verbatim on the pg driver) timed the same number of times.
 */

/** Path of the standard member list's query. */
export const MEMBER_QUERY = '/v1/member/query';

/** A query body to measure, with its label in the printout. */
export interface ListCase {
  readonly label: string;
  readonly body: Record<string, unknown>;
}

/** The medians and what the answer said. */
export interface ListMeasurement {
  readonly label: string;
  readonly apiMs: number;
  readonly sqlMs: number;
  /** Statements on `members` the engine ran (page, capped count, EXPLAIN when over the cap). */
  readonly engineStatements: number;
  /** Other statements of the call (session and grants of the access hook). */
  readonly otherStatements: number;
  /** Median ms of the other statements replayed (the access hook's share of the SQL). */
  readonly authMs: number;
  /** Median ms of each engine statement alone: `page`, `count` (capped) or `estimate` (EXPLAIN). */
  readonly parts: readonly { readonly kind: string; readonly ms: number }[];
  readonly total: number;
  readonly totalIsEstimate: boolean;
  readonly rows: number;
  readonly nextCursor: string | null;
}

/** Whether a statement is the engine's work on the member table (not the access hook's). */
const onMembers = (s: CapturedStatement) => /\bmembers\b/.test(s.text);

/** What an engine statement does. */
function kindOf(s: CapturedStatement): string {
  if (/^\s*explain/i.test(s.text)) return 'estimate';
  if (/count\(\*\)/i.test(s.text)) return 'count';
  return 'page';
}

/** Posts a member query and throws unless it answered 2000. */
export async function queryMembers(client: HttpClient, body: Record<string, unknown>) {
  const answer = await client.post(MEMBER_QUERY, body);
  if (answer.status !== 200 || answer.body.code !== 2000)
    throw new Error(`member query ${JSON.stringify(body)} failed: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body.data as { total: number; totalIsEstimate: boolean; records: unknown[]; nextCursor: string | null };
}

/**
 * Measures one case: K rounds of (API call, replay of the captured engine SQL, replay of the
 * access hook's SQL, each engine statement alone), interleaved; medians in ms.
 */
export async function measureList(args: {
  client: HttpClient;
  pool: pg.Pool;
  capture: SqlCapture;
  runs: number;
  item: ListCase;
}): Promise<ListMeasurement> {
  const { client, pool, capture, runs, item } = args;
  capture.start();
  const first = await queryMembers(client, item.body);
  const statements = capture.take();
  const engine = statements.filter(onMembers);
  const others = statements.filter((st) => !onMembers(st));
  const works = [
    () => queryMembers(client, item.body),
    () => replay(pool, engine),
    () => replay(pool, others),
    ...engine.map((statement) => () => replay(pool, [statement])),
  ];
  const [api, direct, auth, ...each] = (await timeInterleaved(runs, works)).map(median);
  const parts = engine.map((statement, i) => ({ kind: kindOf(statement), ms: each[i] }));
  return {
    label: item.label,
    apiMs: api,
    sqlMs: direct,
    engineStatements: engine.length,
    otherStatements: statements.length - engine.length,
    authMs: auth,
    parts,
    total: first.total,
    totalIsEstimate: first.totalIsEstimate,
    rows: first.records.length,
    nextCursor: first.nextCursor,
  };
}

/**
 * Walks the list by keyset cursor from page 1 to `pages`, timing each call; returns the cursor
 * that fetches each asked page (`cursors.get(10)` is the cursor of page 10) and the times.
 */
export async function walkByCursor(args: { client: HttpClient; pageSize: number; pages: number; keep: readonly number[] }): Promise<{
  cursors: Map<number, string>;
  times: number[];
}> {
  const cursors = new Map<number, string>();
  const times: number[] = [];
  let cursor: string | null = null;
  for (let page = 1; page <= args.pages; page += 1) {
    if (page > 1 && args.keep.includes(page) && cursor) cursors.set(page, cursor);
    const started = performance.now();
    const data = await queryMembers(args.client, cursor ? { cursor, pageSize: args.pageSize } : { page: 1, pageSize: args.pageSize });
    times.push(performance.now() - started);
    if (!data.nextCursor) break;
    cursor = data.nextCursor;
  }
  return { cursors, times };
}
