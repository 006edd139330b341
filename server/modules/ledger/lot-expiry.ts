import { sql } from 'drizzle-orm';
import type { Db } from '../../db/connection';
import type { Book } from './book';
import { id } from './book-sql';
import { expireDue, lockAccount, memberState } from './core';

const ACCOUNTS_PER_ROUND = 500;

/**
 * Expires every lot of a book due at `now` (of one tenant, or of all), for the accounts nobody
 * touches (a posting expires its own account's due lots first anyway). Each account is expired in
 * its own transaction in the ledger's lock order (the member for share, then the account), so it
 * never races a posting. Answers how many accounts it expired lots of; an account that fails (told
 * to `onError`) is left for the next run and the others go on. `limit` bounds the accounts of one
 * run.
 */
export async function expireDueLotsOf<H>(
  book: Book<H>,
  input: { db: Db; now: Date; tenantId?: number; limit?: number; onError?: (accountKey: number, error: unknown) => void },
): Promise<number> {
  const { db, now } = input;
  const lots = id(book.tables.lots);
  const owner = id(book.lots.owner);
  const tenant = input.tenantId === undefined ? sql`` : sql`and tenant_id = ${input.tenantId}`;
  const limit = input.limit ?? Number.MAX_SAFE_INTEGER;
  let accounts = 0;
  let seen = 0;
  let after = { tenantId: 0, key: 0 };
  while (seen < limit) {
    const due = await db.execute<{ tenant_id: number; key: number }>(sql`select tenant_id, ${owner} as key from ${lots}
      where remaining > 0 and expires_at <= ${now} ${tenant} and (tenant_id, ${owner}) > (${after.tenantId}, ${after.key})
      group by tenant_id, ${owner} order by tenant_id, ${owner} limit ${Math.min(ACCOUNTS_PER_ROUND, limit - seen)}`);
    for (const row of due.rows) {
      const tenantId = Number(row.tenant_id);
      after = { tenantId, key: Number(row.key) };
      seen += 1;
      try {
        await db.transaction(async (tx) => {
          const found = await tx.execute(sql`select * from ${id(book.tables.accounts)}
            where tenant_id = ${tenantId} and ${id(book.accountKey)} = ${after.key}`);
          const holder = book.holderOfAccount(found.rows[0]);
          const memberId = book.memberOf(holder);
          // The lock order of a posting; expiry follows time, not the holder's state (or existence).
          if (memberId !== null) await memberState({ tx, tenantId, memberId });
          const account = await lockAccount(book, { tx, tenantId, holder });
          await expireDue(book, { tx, tenantId, holder, account, now });
        });
        accounts += 1;
      } catch (error) {
        input.onError?.(after.key, error);
      }
    }
    if (due.rows.length < ACCOUNTS_PER_ROUND) break;
  }
  return accounts;
}
