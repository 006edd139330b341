import type { SQL } from 'drizzle-orm';
import type { WebhookEventType } from '../../../resources/setting/webhook-events';
import type { DbOrTx } from '../../db/connection';
import type { AppError } from '../../http/envelope';

/**
 * A book: everything that differs between two kinds of value (points, money), as data. The
 * posting algorithm (`core.ts`), the lots (`lots.ts`), the one-statement credit
 * (`one-statement-credit.ts`) and the lot expiry job (`lot-expiry.ts`) are written once over a
 * book; `points.book.ts` and `money.book.ts` declare the two that exist (README.md, "One
 * algorithm, several books"). Amounts are integers of the book's minor unit (a point, a cent)
 * as BigInt in code, never floats.
 */

/** How the book's amounts are stored: `bigint` (int8, whole points) or `numeric` (numeric(14,2), cents). */
export interface AmountType {
  /** The PostgreSQL type a parameter is cast to. */
  readonly sqlType: 'bigint' | 'numeric';
  /** A minor-unit amount as the SQL text of the column's value ("12.50" for 1250 cents, "1250" for points). */
  toSql(amount: bigint): string;
  /** A column's value read back, as minor units. */
  fromSql(value: unknown): bigint;
}

/** One portion of an account (points: the balance; money: principal and gift). */
export interface Portion {
  /** The account's column. */
  readonly account: string;
  /** The entry's signed change of it. */
  readonly delta: string;
  /** The entry's value of it after the change. */
  readonly after: string;
}

/** A lifetime counter of the account, moved by every entry it applies to. */
export interface Counter {
  readonly column: string;
  /** Index into `portions`. */
  readonly portion: number;
  /** `in` adds the positive part of the portion's delta, `out` the negative part (as a positive number). */
  readonly direction: 'in' | 'out';
  /** Which entries move it: every entry (default), only `expire` entries, or every entry but them. */
  readonly kinds?: 'expire' | 'notExpire';
}

/** The refusals a posting answers, each with the numbers the browser shows (keys and values are the book's own). */
export interface BookErrors {
  memberNotFound(memberId: number): AppError;
  memberBlocked(state: string): AppError;
  /** The total would go below zero. */
  insufficient(balance: bigint, required: bigint): AppError;
  /** The total suffices but one portion would go below zero (an adjustment of one portion). */
  portionInsufficient(portion: number, balance: bigint, required: bigint): AppError;
  /** The total would pass the book's bound. */
  balanceLimit(balance: bigint, amount: bigint): AppError;
  accountFrozen(): AppError;
}

/** What an entry says besides its deltas (every book's entries carry these columns). */
export interface EntryMeta<Kind extends string = string, Channel extends string = string> {
  readonly kind: Kind;
  /** §4 channel: store | weixin | alipay | third | weixinApp (null: not said). */
  readonly channel?: Channel | null;
  /** What caused it (transaction, exchange, recharge, payment, refund, adjustment, batch …). */
  readonly sourceType: string;
  readonly sourceId?: string | null;
  readonly storeId?: number | null;
  readonly operatorId?: number | null;
  readonly remark?: string | null;
  /** Makes the posting happen once per (tenant, key): a replay returns the first entry with replayed=true. */
  readonly idempotencyKey?: string | null;
}

export interface Book<H> {
  /** `points` or `money`: for messages and errors of the code itself. */
  readonly unit: string;
  /** The webhook event every entry of a member's account announces (server/modules/webhooks). */
  readonly webhookEvent: WebhookEventType;
  readonly amount: AmountType;
  readonly tables: { readonly accounts: string; readonly entries: string; readonly lots: string };
  /** The account's key column: the entries' and lots' owner (points: `member_id`; money: `id`). */
  readonly accountKey: string;
  readonly portions: readonly Portion[];
  /** Index into `portions` of the portion held in lots (points: the balance; money: gift). */
  readonly lotPortion: number;
  /** When there are several portions: the account's and the entry's column of their sum. */
  readonly total?: { readonly account: string; readonly after: string };
  readonly counters: readonly Counter[];
  /** A column counting the account's entries. */
  readonly entryCount?: string;
  /** Timestamp columns of the account set to the posting's time. */
  readonly touched: readonly string[];
  /** The account's state column; the account is frozen when it reads `FROZEN`. */
  readonly state?: string;
  /** The largest total an account may hold, in minor units. */
  readonly limit: bigint;
  readonly lots: {
    /** The lots' column holding the account key. */
    readonly owner: string;
    /** The entries' column holding the account key (a lot opened in one statement reads it from the entry). */
    readonly ownerInEntry: string;
    /** Optional columns: the lot's original amount, when it was given. */
    readonly amount?: string;
    readonly givenAt?: string;
  };
  /** The entry's column of its lot's expiry (points entries carry it; money entries do not). */
  readonly entryExpiresAt?: string;
  /** `source_type` of the entry that expires a lot. */
  readonly expirySource: string;
  readonly errors: BookErrors;
  /**
   * For the one-statement credit (`one-statement-credit.ts`): the `on conflict` target of the
   * account row (points: `(tenant_id, member_id)`) and the columns naming the holder in a new row.
   */
  readonly upsert?: { readonly conflict: string; readonly ownerColumns: readonly string[]; ownerValues(holder: H): readonly SQL[] };

  /** The holder's account row (condition on the accounts table, without the tenant). */
  holderWhere(holder: H): SQL;
  /** An SQL expression of the holder's account key, before the account is read (for lot look-ups). */
  holderKey(tenantId: number, holder: H): SQL;
  /** The member whose row is guarded before a posting, or null (a card). */
  memberOf(holder: H): number | null;
  /** Creates the holder's account at zero (`on conflict do nothing`). */
  createAccount(tx: DbOrTx, tenantId: number, holder: H): Promise<void>;
  /** The entry's columns naming the holder, and their values given the account key as SQL. */
  readonly entryOwnerColumns: readonly string[];
  entryOwnerValues(holder: H, key: SQL): readonly SQL[];
  /** The holder of an account row (`select *` of the accounts table), for the expiry job. */
  holderOfAccount(row: Record<string, unknown>): H;
  /** When a lot given now to the holder expires, unless the caller says (null: never). */
  defaultLotExpiry(tx: DbOrTx, tenantId: number, holder: H, now: Date): Promise<Date | null>;
}
