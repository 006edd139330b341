import { openBenchDatabase } from './lib/bench-database';
const bench = await openBenchDatabase({ dataDir: '/work/bench-data-lead' });
const r = await bench.database.pool.query(process.argv[2]);
console.log(JSON.stringify(r.rows, null, 0));
await bench.stop();
