import { sql } from 'drizzle-orm';
import { scoreInitResource } from '../../../resources/promotion/score-init.resource';
import { defineServerHooks } from '../../crud/server-hooks.define';

/**
 * The points settings screen (resources/promotion/score-init.resource.ts) writes through to the
 * ledger's `points_settings` row in the save's transaction: sales read that row (cached per
 * process, dropped by its NOTIFY trigger), so a saved rule applies to the next sale everywhere.
 */
export const scoreInitHooks = defineServerHooks(scoreInitResource, {
  async afterSave({ db, actor, record }) {
    const months = record.expiryMode === 'months' ? (record.expiryMonths ?? 12) : 12;
    await db.execute(sql`
      insert into points_settings (tenant_id, yuan_per_point, expiry_mode, expiry_months, updated_at)
      values (${actor.tenantId}, ${record.yuanPerPoint}, ${record.expiryMode}, ${months}, now())
      on conflict (tenant_id) do update set yuan_per_point = excluded.yuan_per_point, expiry_mode = excluded.expiry_mode,
        expiry_months = excluded.expiry_months, updated_at = now()`);
  },
});
