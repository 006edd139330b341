import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { DbOrTx } from '../../db/connection';

/**
 * The upkeep of the ledgers' daily totals (README.md). The triggers of migration `daily-totals`
 * add a row per entry in the posting's own transaction; the fold sums a key's rows into one,
 * every minute; the recompute rebuilds them from the ledgers (`npm run reports:recompute`).
 */
export const DAILY_TOTALS_FOLD_JOB = 'reports.fold-daily-totals';
export const DAILY_TOTALS_FOLD_CRON = '* * * * *';

/** Folds the rows not folded yet into one per key; answers how many rows it read (0 while another fold runs). */
export async function foldDailyTotals(db: DbOrTx): Promise<number> {
  const found = await db.execute<{ n: string | number }>(sql`select fold_daily_totals() + fold_members_daily() + fold_report_daily() as n`);
  return Number(found.rows[0]?.n ?? 0);
}

/**
 * Rebuilds the daily totals of one tenant (every tenant's when null) from the ledgers, the members,
 * the coupons, the tills' sales and the paid level orders.
 */
export async function recomputeDailyTotals(db: DbOrTx, tenantId: number | null): Promise<void> {
  await db.execute(sql`select recompute_daily_totals(${tenantId}::bigint), recompute_members_daily(${tenantId}::bigint),
    recompute_report_daily(${tenantId}::bigint)`);
}

/** Server module `reports-jobs`: with a queue, folds the daily totals every minute. */
export async function reportsJobsPlugin(app: FastifyInstance): Promise<void> {
  const jobs = app.jobs;
  if (!jobs) return;
  await jobs.work(DAILY_TOTALS_FOLD_JOB, async () => {
    const rows = await foldDailyTotals(app.database.db);
    if (rows > 0) app.log.debug({ rows }, 'daily totals folded');
  });
  await jobs.schedule(DAILY_TOTALS_FOLD_JOB, DAILY_TOTALS_FOLD_CRON);
}
