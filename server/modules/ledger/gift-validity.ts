import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/connection';
import type { ValueHolder } from './ledger.types';

/**
 * When gift given now to the holder expires under the tenant's stored-value programme
 * (`store-value-manage.giftValidityDays`, README.md "Gift expiry"): the end of the day that many
 * days after today, days counted in the tenant's time zone (the start of the next day there).
 * Null: never (no validity set, or a prepaid card, whose validity is the card's own).
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
