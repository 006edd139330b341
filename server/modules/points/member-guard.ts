import type { DbOrTx } from '../../db/connection';
import { guardMember } from '../ledger/core';
import { POINTS_BOOK } from '../ledger/points.book';

/**
 * A member may earn or spend only while in use (DOMAIN.md: a frozen member cannot earn or
 * spend). The member row is locked for share so a freeze waits for postings in flight.
 */
export function assertMemberCanTransact(input: { tx: DbOrTx; tenantId: number; memberId: number }): Promise<void> {
  return guardMember(POINTS_BOOK, { ...input, requireInUse: true });
}
