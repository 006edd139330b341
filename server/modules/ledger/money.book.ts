import { sql } from 'drizzle-orm';
import { AppError } from '../../http/envelope';
import type { Book } from './book';
import { programmeGiftExpiry } from './gift-validity';
import { AMOUNT_MAX_CENTS, centsToString, dbCents } from '../../money/money';
import type { ValueHolder } from './ledger.types';

/** The SQL condition selecting a holder's `value_accounts` row. */
export function holderCondition(holder: ValueHolder) {
  return holder.kind === 'member'
    ? sql`holder_kind = 'member' and member_id = ${holder.memberId}`
    : sql`holder_kind = 'card' and card_id = ${holder.cardId}`;
}

const PORTION_ERRORS = ['ledger.insufficientPrincipal', 'ledger.insufficientGift'] as const;

/**
 * Stored value and prepaid card balances: cents in numeric(14,2), two portions kept apart
 * (principal = money paid in, gift = given free), gift held in lots (`value_gift_lots`), one
 * account per member or card (`value_accounts`, by id), 409 `ledger.*` refusals with the
 * amounts as 2-decimal text.
 */
export const MONEY_BOOK: Book<ValueHolder> = {
  unit: 'money',
  webhookEvent: 'STORED_VALUE_MOVED',
  amount: { sqlType: 'numeric', toSql: centsToString, fromSql: dbCents },
  tables: { accounts: 'value_accounts', entries: 'value_entries', lots: 'value_gift_lots' },
  accountKey: 'id',
  portions: [
    { account: 'principal', delta: 'principal_delta', after: 'principal_after' },
    { account: 'gift', delta: 'gift_delta', after: 'gift_after' },
  ],
  lotPortion: 1,
  total: { account: 'balance', after: 'balance_after' },
  counters: [
    { column: 'principal_in', portion: 0, direction: 'in' },
    { column: 'principal_out', portion: 0, direction: 'out' },
    { column: 'gift_in', portion: 1, direction: 'in' },
    { column: 'gift_out', portion: 1, direction: 'out' },
  ],
  touched: ['last_entry_at', 'updated_at'],
  state: 'state',
  limit: AMOUNT_MAX_CENTS,
  lots: { owner: 'account_id', ownerInEntry: 'account_id', amount: 'amount', givenAt: 'given_at' },
  expirySource: 'gift-expiry',
  errors: {
    memberNotFound: (memberId) => new AppError('notFound', 'ledger.memberNotFound', { values: { memberId } }),
    memberBlocked: (state) => new AppError('conflict', 'ledger.memberBlocked', { values: { state } }),
    insufficient: (balance, required) =>
      new AppError('conflict', 'ledger.insufficient', { values: { balance: centsToString(balance), required: centsToString(required) } }),
    portionInsufficient: (portion, balance, required) =>
      new AppError('conflict', PORTION_ERRORS[portion], { values: { balance: centsToString(balance), required: centsToString(required) } }),
    balanceLimit: (balance, amount) =>
      new AppError('conflict', 'ledger.balanceLimit', {
        values: { balance: centsToString(balance), amount: centsToString(amount), max: centsToString(AMOUNT_MAX_CENTS) },
      }),
    accountFrozen: () => new AppError('conflict', 'ledger.accountFrozen'),
  },

  holderWhere: holderCondition,
  holderKey: (tenantId, holder) => sql`(select id from value_accounts where tenant_id = ${tenantId} and ${holderCondition(holder)})`,
  memberOf: (holder) => (holder.kind === 'member' ? holder.memberId : null),
  async createAccount(tx, tenantId, holder) {
    // A member's account carries copies of the member's number, name and mobile for the accounts
    // list (a trigger on members keeps them in step, migration ledger-member-copy).
    await tx.execute(
      holder.kind === 'member'
        ? sql`insert into value_accounts (tenant_id, holder_kind, member_id, member_number, member_name, mobile)
            select ${tenantId}, 'member', m.id, m.member_number, m.name, m.mobile from members m
            where m.tenant_id = ${tenantId} and m.id = ${holder.memberId} on conflict do nothing`
        : sql`insert into value_accounts (tenant_id, holder_kind, card_id) values (${tenantId}, 'card', ${holder.cardId}) on conflict do nothing`,
    );
  },
  entryOwnerColumns: ['account_id', 'holder_kind', 'member_id', 'card_id'],
  entryOwnerValues: (holder, key) => [
    key,
    sql`${holder.kind}`,
    sql`${holder.kind === 'member' ? holder.memberId : null}::bigint`,
    sql`${holder.kind === 'card' ? holder.cardId : null}::bigint`,
  ],
  holderOfAccount: (row) =>
    row.holder_kind === 'member' ? { kind: 'member', memberId: Number(row.member_id) } : { kind: 'card', cardId: Number(row.card_id) },
  defaultLotExpiry: programmeGiftExpiry,
};
