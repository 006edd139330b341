import { openBenchDatabase } from './lib/bench-database';
import { generatedTenantId } from './lib/bench-tenant';
import { systemActor } from '../server/crud/actor';
import { readViewTotals } from '../server/crud/query-view.read';
import { QUERY_VIEW_SOURCES } from '../server/modules/query-views';

/** Scratch: EXPLAIN ANALYZE of a report's totals over a year, from the daily totals and the rows. */
async function main() {
  const b = await openBenchDatabase({});
  try {
    const id = await generatedTenantId(b.database, 'bench1m');
    const source = QUERY_VIEW_SOURCES.find((s) => s.view.name === process.argv[2])!;
    const actor = systemActor({ tenantId: id, timeZone: 'Asia/Shanghai' });
    const filters = { [source.view.time!]: ['2025-12-01', '2026-11-30'] };
    const db = {
      execute: async (q: Parameters<typeof b.database.db.execute>[0]) => {
        const r = await b.database.db.execute(sql`explain analyze ${q}`);
        console.log(r.rows.map((x) => (x as Record<string, string>)['QUERY PLAN']).join('\n'));
        return { rows: [] };
      },
    };
    for (const s of process.argv[3] === 'raw' ? [{ ...source, daily: undefined }] : [source])
      await readViewTotals({ db: db as never, source: s, actor, filters, groups: source.view.groups ?? [] });
  } finally {
    await b.stop();
  }
}
import { sql } from 'drizzle-orm';
void main();
