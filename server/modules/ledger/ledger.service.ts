import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/connection';
import { AppError } from '../../http/envelope';
import { AMOUNT_MAX_CENTS, centsToString, dbCents, minCents, positiveCents, signedCents } from './money';
import { closeGiftLot, consumeGiftLots, dueGiftLots, openGiftLot, programmeGiftExpiry } from './gift-lots';
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
 * A posting as the module sees it: on a fresh posting that spent gift, also when the latest of
 * the gift lots it took from expires (null: one of them never expires), for the payment row.
 */
export type TrackedEntry = PostedValueEntry & { readonly giftSpentExpiresAt?: Date | null };

const untracked = ({ giftSpentExpiresAt: _unused, ...entry }: TrackedEntry): PostedValueEntry => entry;

/** What an entry says besides its deltas. */
type EntryMeta = Pick<
  PostValueInput,
  'kind' | 'channel' | 'sourceType' | 'sourceId' | 'storeId' | 'operatorId' | 'remark' | 'idempotencyKey'
> & { readonly now: Date };

/**
 * One statement: the entry first (its afters computed by the database from the locked row; the
 * WHERE repeats the checks, so no portion can go below zero even if the code were wrong, and
 * the CHECKs back it once more), then the account moves only if the entry went in. A key used at
 * the same moment by a posting for another holder makes the entry a no-op (the unique index
 * waits for that posting): nothing moves, and no row is answered.
 */
async function writeEntry(input: {
  tx: DbOrTx;
  tenantId: number;
  holder: ValueHolder;
  accountId: number;
  principal: bigint;
  gift: bigint;
  meta: EntryMeta;
}): Promise<(EntryRow & { moved: boolean }) | undefined> {
  const { tx, tenantId, holder, accountId, meta } = input;
  const p = centsToString(input.principal);
  const g = centsToString(input.gift);
  const ids = holderIds(holder);
  const now = meta.now;
  const result = await tx.execute<EntryRow & { moved: boolean }>(sql`with cur as (
      select id, principal + ${p}::numeric as principal_after, gift + ${g}::numeric as gift_after from value_accounts
      where tenant_id = ${tenantId} and id = ${accountId} and principal + ${p}::numeric >= 0 and gift + ${g}::numeric >= 0
    ), entry as (
      insert into value_entries (tenant_id, account_id, holder_kind, member_id, card_id, principal_delta, gift_delta,
        principal_after, gift_after, balance_after, kind, channel, source_type, source_id, store_id, operator_id, occurred_at,
        remark, idempotency_key)
      select ${tenantId}, cur.id, ${holder.kind}, ${ids.memberId}::bigint, ${ids.cardId}::bigint, ${p}::numeric, ${g}::numeric,
        cur.principal_after, cur.gift_after, cur.principal_after + cur.gift_after, ${meta.kind}, ${meta.channel ?? null}, ${meta.sourceType},
        ${meta.sourceId ?? null}, ${meta.storeId ?? null}::bigint, ${meta.operatorId ?? null}::bigint, ${now},
        ${meta.remark ?? null}, ${meta.idempotencyKey ?? null}
      from cur
      on conflict (tenant_id, idempotency_key) where idempotency_key is not null do nothing
      returning ${ENTRY_COLUMNS}
    ), acct as (
      update value_accounts set principal = principal + ${p}::numeric, gift = gift + ${g}::numeric,
        balance = balance + ${p}::numeric + ${g}::numeric,
        principal_in = principal_in + greatest(${p}::numeric, 0), principal_out = principal_out + greatest(-${p}::numeric, 0),
        gift_in = gift_in + greatest(${g}::numeric, 0), gift_out = gift_out + greatest(-${g}::numeric, 0),
        last_entry_at = ${now}, updated_at = ${now}
      where tenant_id = ${tenantId} and id = ${accountId} and exists (select 1 from entry)
      returning principal, gift
    )
    select entry.*, (acct.principal = entry.principal_after and acct.gift = entry.gift_after) as moved from entry left join acct on true`);
  return result.rows[0];
}

/**
 * Expires the locked account's gift lots due at `now`: one `expire` entry per lot takes its
 * remaining off the gift portion (source `gift-expiry`, the lot's entry id). Answers the account
 * as it is afterwards. Runs before every posting (lazily) and from the hourly job
 * (gift-expiry.job.ts); a frozen account's gift expires too (expiry follows time, not the holder).
 */
export async function expireDueGift(input: {
  tx: DbOrTx;
  tenantId: number;
  holder: ValueHolder;
  account: LockedAccount;
  now: Date;
}): Promise<LockedAccount> {
  const { tx, tenantId, holder, now } = input;
  let gift = input.account.gift;
  for (const lot of await dueGiftLots(tx, tenantId, input.account.id, now)) {
    const meta: EntryMeta = { kind: 'expire', sourceType: 'gift-expiry', sourceId: String(lot.entryId), now };
    const row = await writeEntry({ tx, tenantId, holder, accountId: input.account.id, principal: 0n, gift: -lot.remaining, meta });
    if (!row || row.moved !== true) throw new Error(`gift lot ${lot.entryId} of value account ${input.account.id} could not expire`);
    await closeGiftLot(tx, tenantId, lot.entryId);
    gift = dbCents(row.gift_after);
  }
  return { ...input.account, gift };
}

/**
 * The posting itself: guard, lock, replay check, due gift expired, then `decide` picks the deltas
 * from the locked portions, one statement moves the account and appends the entry, and the gift
 * lots follow (a lot opened for gift added, lots taken oldest first for gift spent).
 */
async function post(input: Common, decide: (account: LockedAccount) => { principal: bigint; gift: bigint }): Promise<TrackedEntry> {
  const { tx, tenantId, holder, kind } = input;
  const now = input.now ?? new Date();
  if (holder.kind === 'member') {
    const requireInUse = input.requireMemberInUse ?? (kind !== 'refund' && kind !== 'void');
    await guardMember({ tx, tenantId, memberId: holder.memberId, requireInUse });
  }
  const locked = await lockValueAccount({ tx, tenantId, holder });
  if (input.idempotencyKey) {
    // The account lock serialises replays of one key for one holder.
    const earlier = await tx.execute<EntryRow>(sql`select ${ENTRY_COLUMNS} from value_entries
      where tenant_id = ${tenantId} and idempotency_key = ${input.idempotencyKey}`);
    if (earlier.rows.length > 0) return toPosted(earlier.rows[0], true);
  }
  const account = await expireDueGift({ tx, tenantId, holder, account: locked, now });
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
  const row = await writeEntry({ tx, tenantId, holder, accountId: account.id, principal, gift, meta: { ...input, now } });
  if (!row && input.idempotencyKey) {
    const earlier = await tx.execute<EntryRow>(sql`select ${ENTRY_COLUMNS} from value_entries
      where tenant_id = ${tenantId} and idempotency_key = ${input.idempotencyKey}`);
    if (earlier.rows.length > 0) return toPosted(earlier.rows[0], true);
  }
  if (!row || row.moved !== true) throw new Error(`value account ${account.id} moved while locked`);
  const posted = toPosted(row, false);
  if (gift < 0n) {
    const latest = await consumeGiftLots({ tx, tenantId, accountId: account.id, cents: -gift });
    return { ...posted, giftSpentExpiresAt: latest };
  }
  if (gift > 0n) {
    const expiresAt = input.giftExpiresAt !== undefined ? input.giftExpiresAt : await programmeGiftExpiry(tx, tenantId, holder, now);
    await openGiftLot({ tx, tenantId, accountId: account.id, entryId: posted.id, cents: gift, givenAt: now, expiresAt });
    // Gift given back with an expiry already passed (a refund of gift that has expired since)
    // expires at once, by its own entry after this one; the answer shows the portions after it.
    if (expiresAt !== null && expiresAt <= now) {
      const principalAfter = dbCents(posted.principalAfter);
      const after = await expireDueGift({
        tx,
        tenantId,
        holder,
        account: { ...account, principal: principalAfter, gift: dbCents(posted.giftAfter) },
        now,
      });
      return { ...posted, giftAfter: centsToString(after.gift), balanceAfter: centsToString(principalAfter + after.gift) };
    }
  }
  return posted;
}

/** Posts one change; 409 `ledger.insufficient` (values: balance, required) when a portion would go below zero,
 * 409 `ledger.accountFrozen` when the account is frozen (decreases only; the caller decides for increases). */
export async function postValue(input: PostValueInput): Promise<PostedValueEntry> {
  const field = input.field ?? 'amount';
  const principal = signedCents(input.principal, field);
  const gift = signedCents(input.gift, field);
  if (principal === 0n && gift === 0n) throw new AppError('badInput', 'ledger.noChange', { fields: [{ field, key: 'ledger.noChange' }] });
  return untracked(await post(input, () => ({ principal, gift })));
}

/** Takes `amount` (> 0) from the holder: principal first, then gift (the lots oldest first). */
export async function spendValueTracked(input: SpendValueInput): Promise<TrackedEntry> {
  const amount = positiveCents(input.amount, input.field ?? 'amount');
  return post({ ...input, kind: input.kind ?? 'pay' }, (account) => {
    const fromPrincipal = minCents(amount, account.principal);
    return { principal: -fromPrincipal, gift: -(amount - fromPrincipal) };
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
      balance, state from value_accounts where tenant_id = ${input.tenantId} and ${holderCondition(input.holder)}`);
  const row = result.rows[0];
  if (!row) return { principal: '0.00', gift: '0.00', balance: '0.00', frozen: false };
  return { principal: String(row.principal), gift: String(row.gift), balance: String(row.balance), frozen: row.state === 'FROZEN' };
}
