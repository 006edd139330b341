import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/connection';
import { AppError } from '../../http/envelope';
import { storeValueManageResource } from '../../../resources/deposit/store-value-manage.resource';
import { centsToString, dbCents } from '../../money/money';
import type { ValueChannel } from '../ledger';
import type { Locale } from '../../../resources/messages/bilingual';
import { valueKindLabel, valueThresholds } from '../../crud/value-approval';

/**
 * The rules of the stored-value programme the till routes apply before the ledger moves
 * anything: the settings (store-value-manage) for recharges, the eligible goods and stores
 * (store-value-applicable-goods) for payments. Refusals are 400 / 409 with the numbers and
 * change nothing.
 */

export interface StoredValueSettings {
  readonly enabled: boolean;
  /** Empty: every channel. */
  readonly channels: readonly ValueChannel[];
  readonly minPerRecharge: bigint | null;
  readonly maxPerRecharge: bigint | null;
  readonly maxPerMemberPerDay: bigint | null;
}

const cents = (value: unknown): bigint | null => (value === null || value === undefined ? null : dbCents(value));

/** The tenant's settings, or the declared defaults before the first save. */
export async function storedValueSettings(db: DbOrTx, tenantId: number): Promise<StoredValueSettings> {
  const result = await db.execute<{
    enabled: boolean | null;
    channels: ValueChannel[] | null;
    min_per_recharge: string | null;
    max_per_recharge: string | null;
    max_per_member_per_day: string | null;
  }>(sql`select enabled, channels, min_per_recharge, max_per_recharge, max_per_member_per_day
    from store_value_settings where tenant_id = ${tenantId}`);
  const row = result.rows[0];
  return {
    enabled: row?.enabled ?? storeValueManageResource.fields.enabled.defaultValue,
    channels: row?.channels ?? [],
    minPerRecharge: cents(row?.min_per_recharge),
    maxPerRecharge: cents(row?.max_per_recharge),
    maxPerMemberPerDay: cents(row?.max_per_member_per_day),
  };
}

/**
 * A recharge of `principal` + `gift` through `channel` under the settings, before any lock
 * (400 / 409). The maximum counts principal and gift together (a gift is value like the
 * principal; a 0.01 recharge with a large gift is not small); the minimum is on what is paid.
 */
export function checkRecharge(settings: StoredValueSettings, input: { principal: bigint; gift: bigint; channel: ValueChannel }): void {
  if (!settings.enabled) throw new AppError('conflict', 'storedValue.disabled');
  if (settings.channels.length > 0 && !settings.channels.includes(input.channel)) {
    throw new AppError('conflict', 'storedValue.channelNotAllowed', { values: { channel: input.channel } });
  }
  const amountProblem = (args: { key: string; limit: bigint; amount: bigint; field: string }) => {
    const values = { limit: centsToString(args.limit), amount: centsToString(args.amount) };
    return new AppError('badInput', 'error.fieldsInvalid', { fields: [{ field: args.field, key: args.key, values }] });
  };
  if (settings.minPerRecharge !== null && input.principal < settings.minPerRecharge)
    throw amountProblem({ key: 'storedValue.belowMinimum', limit: settings.minPerRecharge, amount: input.principal, field: 'amount' });
  const total = input.principal + input.gift;
  if (settings.maxPerRecharge !== null && total > settings.maxPerRecharge) {
    // Named on the gift when the principal alone is within the maximum.
    const field = input.principal > settings.maxPerRecharge ? 'amount' : 'giftAmount';
    throw amountProblem({ key: 'storedValue.aboveMaximum', limit: settings.maxPerRecharge, amount: total, field });
  }
}

/**
 * A gift given at a till is value created by one person (a till has no second person): above
 * the merchant's approval threshold of the kind it is refused, 409 whose message names the field
 * (`approval.tillGift`; server/crud/value-approval.ts holds the thresholds).
 */
export async function checkTillGift(args: { db: DbOrTx; tenantId: number; gift: bigint; field: string; locale: Locale }): Promise<void> {
  if (args.gift === 0n) return;
  const threshold = (await valueThresholds(args.db, args.tenantId)).storedValue;
  if (args.gift <= threshold) return;
  const values = {
    field: args.field,
    kind: valueKindLabel('storedValue', args.locale),
    amount: centsToString(args.gift),
    threshold: centsToString(threshold),
  };
  // A 409 carries no field list (its answer's data is null): the message names the field.
  throw new AppError('conflict', 'approval.tillGift', { values });
}

/**
 * The per-member daily limit: principal and gift recharged today (a calendar day in the
 * tenant's time zone) plus this recharge's (`principal` is its principal + gift). Call it with the member's account locked, so two concurrent
 * recharges cannot both pass the limit.
 */
export async function checkDailyLimit(input: {
  tx: DbOrTx;
  tenantId: number;
  memberId: number;
  principal: bigint;
  limit: bigint | null;
  now: Date;
}): Promise<void> {
  if (input.limit === null) return;
  const result = await input.tx.execute<{ today: string }>(sql`select coalesce(sum(e.principal_delta + e.gift_delta), 0) as today
    from value_entries e, tenants t
    where t.id = ${input.tenantId} and e.tenant_id = ${input.tenantId} and e.member_id = ${input.memberId} and e.kind = 'recharge'
      and e.occurred_at >= date_trunc('day', ${input.now}::timestamptz at time zone t.time_zone) at time zone t.time_zone`);
  const today = dbCents(result.rows[0].today);
  if (today + input.principal > input.limit) {
    throw new AppError('conflict', 'storedValue.dailyLimit', {
      values: { limit: centsToString(input.limit), today: centsToString(today), amount: centsToString(input.principal) },
    });
  }
}

/** A basket line of a payment: a goods item (products.id) and its amount. */
export interface BasketLine {
  readonly goodsId: number;
  readonly amount: string | number;
}

/** The store must be one of the tenant's (400 naming `field`). */
export async function assertStore(tx: DbOrTx, tenantId: number, storeId: number, field: string): Promise<void> {
  const found = await tx.execute(sql`select 1 from stores where tenant_id = ${tenantId} and id = ${storeId}`);
  if (found.rows.length === 0) {
    throw new AppError('badInput', 'error.fieldsInvalid', { fields: [{ field, key: 'storedValue.storeUnknown', values: { storeId } }] });
  }
}

/**
 * The store and every basket line must be covered by the eligible goods and stores: 409
 * `storedValue.storeNotApplicable`, or `storedValue.goodsNotApplicable` naming the first line
 * (its number and goods name) that is not. A goods id the tenant does not have is a 400 naming
 * the line's field. One statement: the settings, the lines' goods, the listed categories with
 * their subcategories.
 */
export async function assertEligible(input: {
  tx: DbOrTx;
  tenantId: number;
  storeId: number;
  lines: readonly BasketLine[];
}): Promise<void> {
  const { tx, tenantId } = input;
  // A PostgreSQL array literal: drizzle would spread a JS array into a list of parameters.
  const goodsIds = input.lines.map((line) => line.goodsId);
  const result = await tx.execute<{ store_ok: boolean; goods: { id: number; name: string; covered: boolean }[] | null }>(sql`
    with settings as (
      select goods, categories, brands, stores from store_value_applicable_goods where tenant_id = ${tenantId}
      union all select null, null, null, null
      limit 1
    ), cats as (
      with recursive tree as (
        select c.id from categories c, settings s where c.tenant_id = ${tenantId} and c.id = any(s.categories)
        union select c.id from categories c join tree on c.parent = tree.id where c.tenant_id = ${tenantId}
      ) select id from tree
    )
    select (coalesce(cardinality(s.stores), 0) = 0 or ${input.storeId}::bigint = any(s.stores)) as store_ok,
      (select jsonb_agg(jsonb_build_object('id', p.id, 'name', p.name, 'covered',
          coalesce(cardinality(s.goods), 0) + coalesce(cardinality(s.categories), 0) + coalesce(cardinality(s.brands), 0) = 0
          or p.id = any(s.goods) or p.brand = any(s.brands) or p.category in (select id from cats)))
        from products p where p.tenant_id = ${tenantId} and p.id = any(${`{${goodsIds.join(',')}}`}::bigint[])) as goods
    from settings s`);
  const row = result.rows[0];
  if (!row.store_ok) throw new AppError('conflict', 'storedValue.storeNotApplicable', { values: { storeId: input.storeId } });
  const goods = new Map((row.goods ?? []).map((g) => [Number(g.id), g]));
  input.lines.forEach((line, i) => {
    const found = goods.get(line.goodsId);
    if (!found) {
      const field = `lines.${i}.goodsId`;
      throw new AppError('badInput', 'error.fieldsInvalid', {
        fields: [{ field, key: 'storedValue.goodsUnknown', values: { goodsId: line.goodsId } }],
      });
    }
    if (!found.covered) throw new AppError('conflict', 'storedValue.goodsNotApplicable', { values: { line: i + 1, goods: found.name } });
  });
}
