import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/connection';
import { expireDueGift, guardMember, lockValueAccount } from './ledger.service';
import type { ValueHolder } from './ledger.types';

/**
 * The hourly job that expires gift lots of accounts nobody touches (a posting expires its own
 * account's due lots first anyway). Each account is expired in its own transaction, in the
 * ledger's lock order (the member for share, then the account), so it never races a posting.
 */
export const GIFT_EXPIRY_JOB = 'ledger.gift-expiry';
export const GIFT_EXPIRY_CRON = '11 * * * *';
const ACCOUNTS_PER_ROUND = 500;

/**
 * Expires every gift lot due at `now`; answers how many accounts it expired gift of. An account
 * that fails (told to `onError`) is left for the next run; the others go on.
 */
export async function expireDueGiftLots(input: {
  db: Db;
  now: Date;
  onError?: (accountId: number, error: unknown) => void;
}): Promise<number> {
  const { db, now } = input;
  let accounts = 0;
  let after = { tenantId: 0, accountId: 0 };
  for (;;) {
    const due = await db.execute<{
      tenant_id: number;
      account_id: number;
      holder_kind: string;
      member_id: number | null;
      card_id: number | null;
    }>(
      sql`select a.tenant_id, a.id as account_id, a.holder_kind, a.member_id, a.card_id from value_accounts a
        where (a.tenant_id, a.id) > (${after.tenantId}, ${after.accountId})
          and exists (select 1 from value_gift_lots l where l.remaining > 0 and l.expires_at <= ${now}
            and l.tenant_id = a.tenant_id and l.account_id = a.id)
        order by a.tenant_id, a.id limit ${ACCOUNTS_PER_ROUND}`,
    );
    for (const row of due.rows) {
      const tenantId = Number(row.tenant_id);
      after = { tenantId, accountId: Number(row.account_id) };
      const holder: ValueHolder =
        row.holder_kind === 'member' ? { kind: 'member', memberId: Number(row.member_id) } : { kind: 'card', cardId: Number(row.card_id) };
      try {
        await db.transaction(async (tx) => {
          if (holder.kind === 'member') await guardMember({ tx, tenantId, memberId: holder.memberId, requireInUse: false });
          const account = await lockValueAccount({ tx, tenantId, holder });
          await expireDueGift({ tx, tenantId, holder, account, now });
        });
        accounts += 1;
      } catch (error) {
        input.onError?.(after.accountId, error);
      }
    }
    if (due.rows.length < ACCOUNTS_PER_ROUND) return accounts;
  }
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
