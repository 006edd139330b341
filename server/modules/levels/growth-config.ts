import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/connection';
import { tenantCache } from '../auth/tenant-cache';
import type { ExpiryMode } from '../points/points.rules';
import { evaluationRuleOf, freeLadder, type EvaluationRule, type FreeLevel } from './level-evaluation';

/**
 * What a sale's growth step reads of a tenant, kept per process until a change is announced
 * (`growth:<tenant id>`, hand-written migration `growth-config-notify`: triggers on the tables
 * below and on the tenant's time zone). A sale then reads nothing of it from the database.
 */
export interface GrowthConfig {
  readonly zone: string;
  /** The enabled spending rules (source CONSUMPTION, yuan per point > 0), validity as local days. */
  readonly rules: readonly GrowthRuleConfig[];
  /** When a growth entry stops counting (grow-value-setting). */
  readonly expiry: { readonly mode: ExpiryMode; readonly months: number };
  readonly evaluation: EvaluationRule;
  /** The enabled free levels, lowest rank first. */
  readonly ladder: readonly FreeLevel[];
}

export interface GrowthRuleConfig {
  readonly id: number;
  readonly yuanPerPoint: string;
  readonly perTransactionCap: number;
  readonly dailyCap: number;
  /** 'YYYY-MM-DD' in the merchant's zone, or null: open. */
  readonly validFrom: string | null;
  readonly validTo: string | null;
}

const MODES: Readonly<Record<string, ExpiryMode>> = { FOREVER: 'never', MONTHS: 'months', YEAR_END: 'yearEnd' };

async function loadGrowthConfig(db: DbOrTx, tenantId: number): Promise<GrowthConfig> {
  // One after the other: `db` may be a transaction, whose one connection runs one statement at a time.
  const tenant = await db.execute<{ time_zone: string | null }>(sql`select time_zone from tenants where id = ${tenantId}`);
  const rules = await db.execute<{
    id: number;
    yuan_per_point: string;
    per_transaction_cap: number | null;
    daily_cap: number | null;
    valid_from: string | null;
    valid_to: string | null;
  }>(sql`select id, yuan_per_point, per_transaction_cap, daily_cap,
        to_char(validity_from, 'YYYY-MM-DD') as valid_from, to_char(validity_to, 'YYYY-MM-DD') as valid_to
      from grow_value_rules where tenant_id = ${tenantId} and source = 'CONSUMPTION' and state = 'ENABLED' and yuan_per_point > 0
      order by id`);
  const settings = await db.execute<{ validity_mode: string; validity_months: number | null }>(sql`
      select validity_mode, validity_months from grow_value_settings where tenant_id = ${tenantId}`);
  const evaluation = await evaluationRuleOf(db, tenantId);
  const ladder = await freeLadder(db, tenantId);
  const setting = settings.rows[0];
  return {
    zone: tenant.rows[0]?.time_zone ?? 'Asia/Shanghai',
    rules: rules.rows.map((r) => ({
      id: Number(r.id),
      yuanPerPoint: String(r.yuan_per_point),
      perTransactionCap: Number(r.per_transaction_cap ?? 0),
      dailyCap: Number(r.daily_cap ?? 0),
      validFrom: r.valid_from,
      validTo: r.valid_to,
    })),
    expiry: { mode: MODES[setting?.validity_mode ?? 'FOREVER'] ?? 'never', months: Number(setting?.validity_months ?? 12) },
    evaluation,
    ladder,
  };
}

const configs = tenantCache<GrowthConfig, DbOrTx>('growth', loadGrowthConfig, {
  tables: ['grow_value_rules', 'grow_value_settings', 'level_valuate_rules', 'member_levels'],
});

/** The tenant's growth configuration: kept since its last change, or read now. */
export function growthConfig(db: DbOrTx, tenantId: number): Promise<GrowthConfig> {
  return configs.get(db, tenantId);
}

/** The rules valid on the merchant's local day `day` ('YYYY-MM-DD'). */
export function rulesValidOn(config: GrowthConfig, day: string): GrowthRuleConfig[] {
  return config.rules.filter(
    (rule) => (rule.validFrom === null || rule.validFrom <= day) && (rule.validTo === null || rule.validTo >= day),
  );
}
