import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/connection';
import { AppError } from '../../http/envelope';

/**
 * A member may earn or spend only while in use (DOMAIN.md: a frozen member cannot earn or
 * spend). The member row is locked for share so a freeze waits for postings in flight.
 */
export async function assertMemberCanTransact(input: { tx: DbOrTx; tenantId: number; memberId: number }): Promise<void> {
  const result = await input.tx.execute<{ state: string }>(sql`select state from members
    where tenant_id = ${input.tenantId} and id = ${input.memberId} for share`);
  if (result.rows.length === 0) throw new AppError('notFound', 'points.memberNotFound');
  const state = String(result.rows[0].state);
  if (state.toLowerCase() !== 'using') {
    throw new AppError('conflict', 'points.memberBlocked', { values: { state } });
  }
}
