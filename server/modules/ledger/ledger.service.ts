import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/connection';
import { AppError } from '../../http/envelope';
import { AMOUNT_MAX_CENTS, centsToString, dbCents, minCents, positiveCents, signedCents } from './money';
import type { PostValueInput, PostedValueEntry, SpendValueInput, ValueBalance, ValueHolder } from './ledger.types';

/**
 * The one way stored value and card balances move (README.md beside this file). Every change is
 * an append-only entry; the account's two portions move in the same statement, on the locked
 * account row, so concurrent postings for one holder are serialised and each portion always
 * equals the sum of its entries' deltas. The arithmetic happens in SQL on numeric(14,2); the code
 * checks first (cents as BigInt) to answer 409 with the numbers, and the CHECKs make a negative
 * portion impossible whatever the code does.
 *
 * Lock order, the same as the points ledger: the member row (for share, so a freeze waits for
 * postings in flight) before the account row. A card holder's row is the caller's to lock.
 */

/** The SQL condition selecting a holder's account row. */
export function holderCondition(holder: ValueHolder): SQL {
  return holder.kind === 'member'
    ? sql`holder_kind = 'member' and member_id = ${holder.memberId}`
    : sql`holder_kind = 'card' and card_id = ${holder.cardId}`;
}

const holderIds = (holder: ValueHolder) =>
  holder.kind === 'member' ? { memberId: holder.memberId, cardId: null } : { memberId: null, cardId: holder.cardId };

export interface LockedAccount {
  readonly id: number;
  readonly principal: bigint;
  readonly gift: bigint;
  readonly frozen: boolean;
}

interface AccountRow extends Record<string, unknown> {
  id: number;
  principal: string;
  gift: string;
  state: string;
}

/**
 * A member holder must exist, and (unless `requireInUse` is false) be in use. The member row is
 * locked for share: a freeze or a delete waits for the posting.
 */
export async function guardMember(input: {
  tx: DbOrTx;
  tenantId: number;
  memberId: number;
  requireInUse: boolean;
  /** Default true; false for a read outside a posting (no lock). */
  lock?: boolean;
}): Promise<void> {
  const lock = input.lock === false ? sql`` : sql`for share`;
  const result = await input.tx.execute<{ state: string }>(sql`select state from members
    where tenant_id = ${input.tenantId} and id = ${input.memberId} ${lock}`);
  if (result.rows.length === 0) throw new AppError('notFound', 'ledger.memberNotFound', { values: { memberId: input.memberId } });
  const state = String(result.rows[0].state);
  if (input.requireInUse && state.toLowerCase() !== 'using') throw new AppError('conflict', 'ledger.memberBlocked', { values: { state } });
}

/** Locks the holder's account row, creating it at zero first; returns its portions. */
export async function lockValueAccount(input: { tx: DbOrTx; tenantId: number; holder: ValueHolder }): Promise<LockedAccount> {
  const { tx, tenantId, holder } = input;
  const select = () =>
    tx.execute<AccountRow>(sql`select id, principal, gift, state from value_accounts
      where tenant_id = ${tenantId} and ${holderCondition(holder)} for update`);
  let result = await select();
  if (result.rows.length === 0) {
    // A member's account carries copies of the member's number, name and mobile for the accounts
    // list (a trigger on members keeps them in step, migration ledger-member-copy).
    await tx.execute(
      holder.kind === 'member'
        ? sql`insert into value_accounts (tenant_id, holder_kind, member_id, member_number, member_name, mobile)
            select ${tenantId}, 'member', m.id, m.member_number, m.name, m.mobile from members m
            where m.tenant_id = ${tenantId} and m.id = ${holder.memberId} on conflict do nothing`
        : sql`insert into value_accounts (tenant_id, holder_kind, card_id) values (${tenantId}, 'card', ${holder.cardId}) on conflict do nothing`,
    );
    result = await select();
  }
  const row = result.rows[0];
  return { id: Number(row.id), principal: dbCents(row.principal), gift: dbCents(row.gift), frozen: row.state === 'FROZEN' };
}

interface EntryRow extends Record<string, unknown> {
  id: number;
  principal_delta: string;
  gift_delta: string;
  principal_after: string;
  gift_after: string;
  balance_after: string;
}

const ENTRY_COLUMNS = sql`id, principal_delta, gift_delta, principal_after, gift_after, balance_after`;

const toPosted = (row: EntryRow, replayed: boolean): PostedValueEntry => ({
  id: Number(row.id),
  principalDelta: String(row.principal_delta),
  giftDelta: String(row.gift_delta),
  principalAfter: String(row.principal_after),
  giftAfter: String(row.gift_after),
  balanceAfter: String(row.balance_after),
  replayed,
});

/** An entry by id, as a replay answers it. */
export async function readEntry(tx: DbOrTx, tenantId: number, entryId: number): Promise<PostedValueEntry> {
  const result = await tx.execute<EntryRow>(
    sql`select ${ENTRY_COLUMNS} from value_entries where tenant_id = ${tenantId} and id = ${entryId}`,
  );
  return toPosted(result.rows[0], true);
}

type Common = Omit<PostValueInput, 'principal' | 'gift'>;

/**
 * The posting itself: guard, lock, replay check, then `decide` picks the deltas from the locked
 * portions, and one statement moves the account and appends the entry.
 */
async function post(input: Common, decide: (account: LockedAccount) => { principal: bigint; gift: bigint }): Promise<PostedValueEntry> {
  const { tx, tenantId, holder, kind } = input;
  const now = input.now ?? new Date();
  if (holder.kind === 'member') {
    const requireInUse = input.requireMemberInUse ?? (kind !== 'refund' && kind !== 'void');
    await guardMember({ tx, tenantId, memberId: holder.memberId, requireInUse });
  }
  const account = await lockValueAccount({ tx, tenantId, holder });
  if (input.idempotencyKey) {
    // The account lock serialises replays of one key for one holder.
    const earlier = await tx.execute<EntryRow>(sql`select ${ENTRY_COLUMNS} from value_entries
      where tenant_id = ${tenantId} and idempotency_key = ${input.idempotencyKey}`);
    if (earlier.rows.length > 0) return toPosted(earlier.rows[0], true);
  }
  const { principal, gift } = decide(account);
  const decreases = principal < 0n || gift < 0n;
  if (account.frozen && (decreases || input.refuseIncreaseWhenFrozen === true)) throw new AppError('conflict', 'ledger.accountFrozen');
  const balance = account.principal + account.gift;
  if (balance + principal + gift < 0n) {
    const values = { balance: centsToString(balance), required: centsToString(-(principal + gift)) };
    throw new AppError('conflict', 'ledger.insufficient', { values });
  }
  // The total suffices but one portion would go below zero (an adjustment of one portion).
  if (account.principal + principal < 0n) {
    const values = { balance: centsToString(account.principal), required: centsToString(-principal) };
    throw new AppError('conflict', 'ledger.insufficientPrincipal', { values });
  }
  if (account.gift + gift < 0n) {
    throw new AppError('conflict', 'ledger.insufficientGift', {
      values: { balance: centsToString(account.gift), required: centsToString(-gift) },
    });
  }
  if (balance + principal + gift > AMOUNT_MAX_CENTS) {
    throw new AppError('conflict', 'ledger.balanceLimit', {
      values: { balance: centsToString(balance), amount: centsToString(principal + gift), max: centsToString(AMOUNT_MAX_CENTS) },
    });
  }
  const p = centsToString(principal);
  const g = centsToString(gift);
  const ids = holderIds(holder);
  // One statement: the entry first (its afters computed by the database from the locked row; the
  // WHERE repeats the checks, so no portion can go below zero even if the code above were wrong,
  // and the CHECKs back it once more), then the account moves only if the entry went in. A key
  // used at the same moment by a posting for another holder makes the entry a no-op (the
  // unique index waits for that posting): nothing moves, and the first entry is the answer.
  const result = await tx.execute<EntryRow & { moved: boolean }>(sql`with cur as (
      select id, principal + ${p}::numeric as principal_after, gift + ${g}::numeric as gift_after from value_accounts
      where tenant_id = ${tenantId} and id = ${account.id} and principal + ${p}::numeric >= 0 and gift + ${g}::numeric >= 0
    ), entry as (
      insert into value_entries (tenant_id, account_id, holder_kind, member_id, card_id, principal_delta, gift_delta,
        principal_after, gift_after, balance_after, kind, channel, source_type, source_id, store_id, operator_id, occurred_at,
        remark, idempotency_key)
      select ${tenantId}, cur.id, ${holder.kind}, ${ids.memberId}::bigint, ${ids.cardId}::bigint, ${p}::numeric, ${g}::numeric,
        cur.principal_after, cur.gift_after, cur.principal_after + cur.gift_after, ${kind}, ${input.channel ?? null}, ${input.sourceType},
        ${input.sourceId ?? null}, ${input.storeId ?? null}::bigint, ${input.operatorId ?? null}::bigint, ${now},
        ${input.remark ?? null}, ${input.idempotencyKey ?? null}
      from cur
      on conflict (tenant_id, idempotency_key) where idempotency_key is not null do nothing
      returning ${ENTRY_COLUMNS}
    ), acct as (
      update value_accounts set principal = principal + ${p}::numeric, gift = gift + ${g}::numeric,
        balance = balance + ${p}::numeric + ${g}::numeric,
        principal_in = principal_in + greatest(${p}::numeric, 0), principal_out = principal_out + greatest(-${p}::numeric, 0),
        gift_in = gift_in + greatest(${g}::numeric, 0), gift_out = gift_out + greatest(-${g}::numeric, 0),
        last_entry_at = ${now}, updated_at = ${now}
      where tenant_id = ${tenantId} and id = ${account.id} and exists (select 1 from entry)
      returning principal, gift
    )
    select entry.*, (acct.principal = entry.principal_after and acct.gift = entry.gift_after) as moved from entry left join acct on true`);
  const row = result.rows[0];
  if (!row && input.idempotencyKey) {
    const earlier = await tx.execute<EntryRow>(sql`select ${ENTRY_COLUMNS} from value_entries
      where tenant_id = ${tenantId} and idempotency_key = ${input.idempotencyKey}`);
    if (earlier.rows.length > 0) return toPosted(earlier.rows[0], true);
  }
  if (!row || row.moved !== true) throw new Error(`value account ${account.id} moved while locked`);
  return toPosted(row, false);
}

/** Posts one change; 409 `ledger.insufficient` (values: balance, required) when a portion would go below zero,
 * 409 `ledger.accountFrozen` when the account is frozen (decreases only; the caller decides for increases). */
export async function postValue(input: PostValueInput): Promise<PostedValueEntry> {
  const field = input.field ?? 'amount';
  const principal = signedCents(input.principal, field);
  const gift = signedCents(input.gift, field);
  if (principal === 0n && gift === 0n) throw new AppError('badInput', 'ledger.noChange', { fields: [{ field, key: 'ledger.noChange' }] });
  return post(input, () => ({ principal, gift }));
}

/** Takes `amount` (> 0) from the holder: principal first, then gift. Same errors as postValue. */
export async function spendValue(input: SpendValueInput): Promise<PostedValueEntry> {
  const amount = positiveCents(input.amount, input.field ?? 'amount');
  return post({ ...input, kind: input.kind ?? 'pay' }, (account) => {
    const fromPrincipal = minCents(amount, account.principal);
    return { principal: -fromPrincipal, gift: -(amount - fromPrincipal) };
  });
}

/** The holder's balance (zeros when it has no account yet). */
export async function readBalance(input: {
  readonly db: DbOrTx;
  readonly tenantId: number;
  readonly holder: ValueHolder;
}): Promise<ValueBalance> {
  const result = await input.db.execute<{ principal: string; gift: string; balance: string; state: string }>(sql`select principal, gift,
      balance, state from value_accounts where tenant_id = ${input.tenantId} and ${holderCondition(input.holder)}`);
  const row = result.rows[0];
  if (!row) return { principal: '0.00', gift: '0.00', balance: '0.00', frozen: false };
  return { principal: String(row.principal), gift: String(row.gift), balance: String(row.balance), frozen: row.state === 'FROZEN' };
}
