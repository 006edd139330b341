import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { DbOrTx } from '../../db/connection';
import { pgError } from '../../db/pg-errors';

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
 * The tables the recompute rebuilds from, held in SHARE mode for its transaction (their writers
 * wait, readers go on). The recompute's functions lock them one after another (the ledgers, then
 * the members, then the coupons and sales); a posting that had changed a member and then wrote a
 * ledger entry meanwhile waited for the recompute while the recompute waited for it, and
 * PostgreSQL ended one of the two as a deadlock.
 */
const RECOMPUTE_SOURCES = sql.raw('members, points_entries, value_entries, coupons, sales_transactions, paid_level_orders');

/** How long the recompute waits for its tables at once before it lets go and tries again. */
const RECOMPUTE_LOCK_WAIT = sql.raw("'250ms'");
const RECOMPUTE_LOCK_ATTEMPTS = 40;

/**
 * Rebuilds the daily totals of one tenant (every tenant's when null) from the ledgers, the members,
 * the coupons, the tills' sales and the paid level orders. It takes all its tables first, in one
 * statement that waits at most {@link RECOMPUTE_LOCK_WAIT} for each: when a writer holds one of
 * them that long, it lets go of the others and tries again a moment later. Should a posting be
 * waiting for a table it holds meanwhile, the recompute is the one that gives way, well before
 * PostgreSQL's deadlock check (a second by default) could end either side, the posting included.
 */
export async function recomputeDailyTotals(db: DbOrTx, tenantId: number | null): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      await db.transaction(async (tx) => {
        await tx.execute(sql`set local lock_timeout = ${RECOMPUTE_LOCK_WAIT}`);
        await tx.execute(sql`lock table ${RECOMPUTE_SOURCES} in share mode`);
        await tx.execute(sql`set local lock_timeout to default`);
        await tx.execute(sql`select recompute_daily_totals(${tenantId}::bigint), recompute_members_daily(${tenantId}::bigint),
          recompute_report_daily(${tenantId}::bigint)`);
      });
      return;
    } catch (error) {
      // 55P03: the tables were not all free within the wait.
      if (pgError(error)?.code !== '55P03' || attempt >= RECOMPUTE_LOCK_ATTEMPTS) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50 + Math.random() * 200));
    }
  }
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
