import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/connection';
import { expireDueLotsOf } from './lot-expiry';
import { MONEY_BOOK } from './money.book';

/**
 * The hourly job that expires gift lots of accounts nobody touches: the generic lot expiry
 * (`lot-expiry.ts`) over the money book.
 */
export const GIFT_EXPIRY_JOB = 'ledger.gift-expiry';
export const GIFT_EXPIRY_CRON = '11 * * * *';

/**
 * Expires every gift lot due at `now`; answers how many accounts it expired gift of. An account
 * that fails (told to `onError`) is left for the next run; the others go on.
 */
export function expireDueGiftLots(input: { db: Db; now: Date; onError?: (accountId: number, error: unknown) => void }): Promise<number> {
  return expireDueLotsOf(MONEY_BOOK, input);
}

/** Server module `ledger-jobs`: with a queue, works on the gift expiry job and schedules it hourly. */
export async function ledgerJobsPlugin(app: FastifyInstance): Promise<void> {
  const jobs = app.jobs;
  if (!jobs) return;
  await jobs.work(GIFT_EXPIRY_JOB, async () => {
    const accounts = await expireDueGiftLots({
      db: app.database.db,
      now: app.clock(),
      onError: (accountId, error) => app.log.error({ accountId, err: error }, 'gift expiry failed for an account'),
    });
    if (accounts > 0) app.log.info({ accounts }, 'gift portions expired');
  });
  await jobs.schedule(GIFT_EXPIRY_JOB, GIFT_EXPIRY_CRON);
}
