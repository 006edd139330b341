import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/connection';
import { centsToString, dbCents } from './money';
import type { ValueHolder } from './ledger.types';

/**
 * The gift portion in lots (table `value_gift_lots`, README.md "Gift expiry"): every entry that
 * adds gift opens a lot, spends take from the lots oldest first, and a lot due expires by an
 * `expire` entry (ledger.service.ts). Only ever touched under the account's row lock, so the
 * account's gift always equals the sum of its lots' remaining.
 */

/**
 * When gift given now to the holder expires under the tenant's stored-value programme
 * (`store-value-manage.giftValidityDays`): the end of the day that many days after today, days
 * counted in the tenant's time zone (the start of the next day there). Null: never (no validity
 * set, or a prepaid card, whose validity is the card's own).
 */
export async function programmeGiftExpiry(tx: DbOrTx, tenantId: number, holder: ValueHolder, now: Date): Promise<Date | null> {
  if (holder.kind !== 'member') return null;
  const result = await tx.execute<{ expires_at: string | Date | null }>(sql`select
      ((((${now}::timestamptz at time zone t.time_zone)::date + s.gift_validity_days + 1)::timestamp) at time zone t.time_zone) as expires_at
    from tenants t join store_value_settings s on s.tenant_id = t.id
    where t.id = ${tenantId} and s.gift_validity_days is not null`);
  const value = result.rows[0]?.expires_at;
  return value === undefined || value === null ? null : new Date(value);
}

/** Opens the lot of an entry that gave `cents` of gift. */
export async function openGiftLot(input: {
  tx: DbOrTx;
  tenantId: number;
  accountId: number;
  entryId: number;
  cents: bigint;
  givenAt: Date;
  expiresAt: Date | null;
}): Promise<void> {
  await input.tx.execute(sql`insert into value_gift_lots (tenant_id, entry_id, account_id, amount, remaining, given_at, expires_at)
    values (${input.tenantId}, ${input.entryId}, ${input.accountId}, ${centsToString(input.cents)}::numeric,
      ${centsToString(input.cents)}::numeric, ${input.givenAt}, ${input.expiresAt})`);
}

/**
 * Takes `cents` of gift from the account's lots, oldest given first, in one statement. Answers
 * when the latest of the lots it took from expires (null: one of them never expires).
 */
export async function consumeGiftLots(input: { tx: DbOrTx; tenantId: number; accountId: number; cents: bigint }): Promise<Date | null> {
  const { tx, tenantId, accountId } = input;
  const amount = centsToString(input.cents);
  const result = await tx.execute<{ taken: string | null; forever: boolean | null; latest: string | Date | null }>(sql`with lots as (
      select entry_id, remaining, expires_at, sum(remaining) over (order by entry_id) - remaining as before
      from value_gift_lots where tenant_id = ${tenantId} and account_id = ${accountId} and remaining > 0
    ), take as (
      select entry_id, expires_at, least(remaining, ${amount}::numeric - before) as take from lots where before < ${amount}::numeric
    ), moved as (
      update value_gift_lots l set remaining = l.remaining - take.take from take
      where l.tenant_id = ${tenantId} and l.entry_id = take.entry_id returning l.entry_id
    )
    select sum(take) as taken, bool_or(expires_at is null) as forever, max(expires_at) as latest from take`);
  const row = result.rows[0];
  // The lots always sum to the gift portion, so a spend the portion allows is always covered.
  if (!row || row.taken === null || dbCents(row.taken) !== input.cents) {
    throw new Error(`gift lots of value account ${accountId} do not cover ${amount}`);
  }
  return row.forever === true || row.latest === null ? null : new Date(row.latest);
}

/** The account's lots due at `now` (remaining > 0, expiry reached), oldest first. */
export async function dueGiftLots(
  tx: DbOrTx,
  tenantId: number,
  accountId: number,
  now: Date,
): Promise<{ entryId: number; remaining: bigint }[]> {
  const result = await tx.execute<{ entry_id: number; remaining: string }>(sql`select entry_id, remaining from value_gift_lots
    where tenant_id = ${tenantId} and account_id = ${accountId} and remaining > 0 and expires_at <= ${now}
    order by entry_id`);
  return result.rows.map((row) => ({ entryId: Number(row.entry_id), remaining: dbCents(row.remaining) }));
}

/** Empties a lot that has expired (its remaining went off by an `expire` entry). */
export async function closeGiftLot(tx: DbOrTx, tenantId: number, entryId: number): Promise<void> {
  await tx.execute(sql`update value_gift_lots set remaining = 0 where tenant_id = ${tenantId} and entry_id = ${entryId}`);
}
