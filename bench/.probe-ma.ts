import { openBenchDatabase } from './lib/bench-database';
import { generatedTenantId } from './lib/bench-tenant';
import { systemActor } from '../server/crud/actor';
import { readViewChart, readViewTotals } from '../server/crud/query-view.read';
import { QUERY_VIEW_SOURCES } from '../server/modules/query-views';

const bench = await openBenchDatabase({ dataDir: '/work/bench-data-lead' });
const db = bench.database;
const tenantId = await generatedTenantId(db, 'bench1m');
const source = QUERY_VIEW_SOURCES.find((s) => s.view.name === (process.argv[2] ?? 'member-analysis'))!;
const actor = systemActor({ tenantId, timeZone: 'Asia/Shanghai' });
const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' }).format(new Date());
const yearAgo = new Date(Date.parse(`${today}T00:00:00Z`) - 364 * 86_400_000).toISOString().slice(0, 10);
const filters = { [source.view.time!]: [yearAgo, today] };
const pool = db.pool as any;
const orig = pool.query.bind(pool);
let log = false;
pool.query = async (...a: any[]) => { const t = performance.now(); const r = await orig(...a); if (log) console.log(`${(performance.now()-t).toFixed(1)} ms`, (typeof a[0] === 'string' ? a[0] : a[0].text).slice(0, 3000), JSON.stringify(typeof a[0] === 'string' ? a[1] : a[0].values)); return r; };
for (let i = 0; i < 4; i++) {
  log = i === 3;
  const t = performance.now();
  await readViewTotals({ db: db.db, source, actor, filters, groups: source.view.groups ?? [] });
  const t2 = performance.now();
  await readViewChart({ db: db.db, source, actor, filters });
  console.log('totals', (t2 - t).toFixed(1), 'chart', (performance.now() - t2).toFixed(1));
}
await bench.stop();
