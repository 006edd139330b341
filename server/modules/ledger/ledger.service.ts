import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/connection';
import { AppError } from '../../http/envelope';
import * as core from './core';
import { MONEY_BOOK } from './money.book';
import { centsToString, minCents, positiveCents, signedCents } from '../../money/money';
import type { PostValueInput, PostedValueEntry, SpendValueInput, ValueBalance, ValueHolder } from './ledger.types';

/**
 * Stored value and card balances on the one posting algorithm (`core.ts`) over the money book
 * (`money.book.ts`): the money-shaped inputs and answers (decimal text, principal and gift).
 * Lock order, the same for every book: the member row (for share, so a freeze waits for postings
 * in flight) before the account row. A card holder's row is the caller's to lock.
 */

export { holderCondition } from './money.book';

/** A locked money account: its id and portions in cents. */
export interface LockedValueAccount {
  readonly id: number;
  readonly principal: bigint;
  readonly gift: bigint;
  readonly frozen: boolean;
}

/**
 * A member holder must exist, and (unless `requireInUse` is false) be in use. The member row is
 * locked for share (unless `lock` is false, a read outside a posting).
 */
export function guardMember(input: { tx: DbOrTx; tenantId: number; memberId: number; requireInUse: boolean; lock?: boolean }) {
  return core.guardMember(MONEY_BOOK, input);
}

/** Locks the holder's account row, creating it at zero first; returns its portions. */
export async function lockValueAccount(input: { tx: DbOrTx; tenantId: number; holder: ValueHolder }): Promise<LockedValueAccount> {
  const account = await core.lockAccount(MONEY_BOOK, input);
  return { id: account.key, principal: account.portions[0], gift: account.portions[1], frozen: account.frozen };
}

const toPosted = (entry: core.PostedRow): PostedValueEntry => ({
  id: entry.id,
  principalDelta: centsToString(entry.deltas[0]),
  giftDelta: centsToString(entry.deltas[1]),
  principalAfter: centsToString(entry.afters[0]),
  giftAfter: centsToString(entry.afters[1]),
  balanceAfter: centsToString(entry.afters[0] + entry.afters[1]),
  replayed: entry.replayed,
});

/** An entry by id, as a replay answers it. */
export async function readEntry(tx: DbOrTx, tenantId: number, entryId: number): Promise<PostedValueEntry> {
  return toPosted(await core.readEntry(MONEY_BOOK, tx, tenantId, entryId));
}

/**
 * A posting as the module sees it: on a fresh posting that spent gift, also when the latest of
 * the gift lots it took from expires (null: one of them never expires), for the payment row.
 */
export type TrackedEntry = PostedValueEntry & { readonly giftSpentExpiresAt?: Date | null };

const untracked = ({ giftSpentExpiresAt: _unused, ...entry }: TrackedEntry): PostedValueEntry => entry;

/** Expires the locked account's gift lots due at `now` (one `expire` entry per lot); answers the account afterwards. */
export async function expireDueGift(input: {
  tx: DbOrTx;
  tenantId: number;
  holder: ValueHolder;
  account: LockedValueAccount;
  now: Date;
}): Promise<LockedValueAccount> {
  const { account } = input;
  const after = await core.expireDue(MONEY_BOOK, {
    ...input,
    account: { key: account.id, portions: [account.principal, account.gift], frozen: account.frozen },
  });
  return { ...account, principal: after.portions[0], gift: after.portions[1] };
}

type Common = Omit<PostValueInput, 'principal' | 'gift'>;

async function post(input: Common, decide: (principal: bigint) => [bigint, bigint]): Promise<TrackedEntry> {
  const { holder, kind } = input;
  const requireInUse = input.requireMemberInUse ?? (kind !== 'refund' && kind !== 'void');
  const entry = await core.post(
    MONEY_BOOK,
    { ...input, guard: holder.kind === 'member' ? { requireInUse } : undefined, lotExpiresAt: input.giftExpiresAt },
    (account) => decide(account.portions[0]),
  );
  const posted = toPosted(entry);
  return entry.lotsTakenExpireAt === undefined ? posted : { ...posted, giftSpentExpiresAt: entry.lotsTakenExpireAt };
}

/** Posts one change; 409 `ledger.insufficient` (values: balance, required) when a portion would go below zero,
 * 409 `ledger.accountFrozen` when the account is frozen (decreases only; the caller decides for increases). */
export async function postValue(input: PostValueInput): Promise<PostedValueEntry> {
  const field = input.field ?? 'amount';
  const principal = signedCents(input.principal, field);
  const gift = signedCents(input.gift, field);
  if (principal === 0n && gift === 0n) throw new AppError('badInput', 'ledger.noChange', { fields: [{ field, key: 'ledger.noChange' }] });
  return untracked(await post(input, () => [principal, gift]));
}

/** Takes `amount` (> 0) from the holder: principal first, then gift (the lots oldest first). */
export async function spendValueTracked(input: SpendValueInput): Promise<TrackedEntry> {
  const amount = positiveCents(input.amount, input.field ?? 'amount');
  return post({ ...input, kind: input.kind ?? 'pay' }, (principal) => {
    const fromPrincipal = minCents(amount, principal);
    return [-fromPrincipal, -(amount - fromPrincipal)];
  });
}

/** Takes `amount` (> 0) from the holder: principal first, then gift. Same errors as postValue. */
export async function spendValue(input: SpendValueInput): Promise<PostedValueEntry> {
  return untracked(await spendValueTracked(input));
}

/** The holder's balance (zeros when it has no account yet). */
export async function readBalance(input: {
  readonly db: DbOrTx;
  readonly tenantId: number;
  readonly holder: ValueHolder;
}): Promise<ValueBalance> {
  const result = await input.db.execute<{ principal: string; gift: string; balance: string; state: string }>(sql`select principal, gift,
      balance, state from value_accounts where tenant_id = ${input.tenantId} and ${MONEY_BOOK.holderWhere(input.holder)}`);
  const row = result.rows[0];
  if (!row) return { principal: '0.00', gift: '0.00', balance: '0.00', frozen: false };
  return { principal: String(row.principal), gift: String(row.gift), balance: String(row.balance), frozen: row.state === 'FROZEN' };
}
