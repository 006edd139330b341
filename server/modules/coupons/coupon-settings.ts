import { sql } from 'drizzle-orm';
import { couponInitResource } from '../../../resources/coupons/coupon-init.resource';
import type { DbOrTx } from '../../db/connection';

/** The coupon settings (coupon-init) as the coupon services read them; the declared defaults before the first save. */
export interface CouponSettings {
  readonly codeAlphabet: 'DIGITS' | 'UPPER_ALNUM';
  readonly codeLength: number;
  readonly codePrefix: string;
  readonly defaultValidDays: number;
  readonly stackCoupons: boolean;
  readonly stackWithPoints: boolean;
  readonly writeOffNeedsSecondPerson: boolean;
  /** The tenant's time zone: fixed validity dates, weekdays and time-of-day windows are read in it. */
  readonly timeZone: string;
}

const defaults = couponInitResource.fields;

export async function couponSettings(db: DbOrTx, tenantId: number): Promise<CouponSettings> {
  const result = await db.execute<{
    code_alphabet: CouponSettings['codeAlphabet'] | null;
    code_length: number | null;
    code_prefix: string | null;
    default_valid_days: number | null;
    stack_coupons: boolean | null;
    stack_with_points: boolean | null;
    write_off_needs_second_person: boolean | null;
    time_zone: string;
  }>(sql`select s.code_alphabet, s.code_length, s.code_prefix, s.default_valid_days, s.stack_coupons, s.stack_with_points,
      s.write_off_needs_second_person, t.time_zone
    from tenants t left join coupon_settings s on s.tenant_id = t.id where t.id = ${tenantId}`);
  const row = result.rows[0];
  return {
    codeAlphabet: row?.code_alphabet ?? defaults.codeAlphabet.defaultValue,
    codeLength: row?.code_length ?? defaults.codeLength.defaultValue,
    codePrefix: row?.code_prefix ?? '',
    defaultValidDays: row?.default_valid_days ?? defaults.defaultValidDays.defaultValue,
    stackCoupons: row?.stack_coupons ?? defaults.stackCoupons.defaultValue,
    stackWithPoints: row?.stack_with_points ?? defaults.stackWithPoints.defaultValue,
    writeOffNeedsSecondPerson: row?.write_off_needs_second_person ?? defaults.writeOffNeedsSecondPerson.defaultValue,
    timeZone: row?.time_zone ?? 'Asia/Shanghai',
  };
}
