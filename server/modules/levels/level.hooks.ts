import { and, count, eq, ne, sql } from 'drizzle-orm';
import { pick, type Locale } from '../../../resources/messages/bilingual';
import { requireFields, valueAfterWrite } from '../../crud/required-when';
import { defineServerHooks } from '../../crud/server-hooks.define';
import { deriveTable } from '../../crud/table.derive';
import type { DbOrTx } from '../../db/connection';
import { memberLevelChanges } from '../../db/schema/levels.schema';
import { badInput, conflict } from '../../http/envelope';
import { LEVEL_TYPE_FIELDS, levelResource, type LevelType } from '../../../resources/member/level.resource';
import { levelMaterialResource } from '../../../resources/member/level-material.resource';
import { paidLevelOrderResource } from '../../../resources/member/paid-level-order.resource';
import { upgradeIncentiveResource } from '../../../resources/member/upgrade-incentive.resource';

/**
 * Server side of levels:
 *
 * - Per type, the basic fields that apply are required and the others are cleared
 *   (LEVEL_TYPE_FIELDS), whatever the form sent: a free level has no price, a paid one no
 *   growth threshold.
 * - The free ladder stays a ladder: no two free levels share a rank, and a higher rank needs a
 *   higher growth threshold. Level writes of a tenant are serialised (advisory lock) so two
 *   concurrent saves cannot both pass the check.
 * - A level that incentives, materials, orders or members' level history refer to is never
 *   deleted (it can be disabled).
 */

const levels = () => deriveTable(levelResource);

/** Serialises the level writes of one tenant until the transaction ends. */
async function lockLevels(db: DbOrTx, tenantId: number): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`member-levels:${tenantId}`}, 0))`);
}

async function checkFreeLadder(args: {
  db: DbOrTx; tenantId: number; id: number | null; rank: number; threshold: number; locale: Locale;
}): Promise<void> {
  const t = levels();
  const others = await args.db
    .select({ name: t.name, rankOrder: t.rankOrder, growthThreshold: t.growthThreshold })
    .from(t)
    .where(and(eq(t.tenantId, args.tenantId), eq(t.levelType, 'FREE'), args.id === null ? undefined : ne(t.id, args.id)));
  const label = (name: 'rankOrder' | 'growthThreshold') => pick(levelResource.fields[name].label, args.locale);
  for (const other of others) {
    const rank = Number(other.rankOrder);
    const threshold = Number(other.growthThreshold);
    if (rank === args.rank) {
      throw badInput('error.fieldsInvalid', [{ field: 'rankOrder', key: 'level.rankTaken', values: { label: label('rankOrder'), other: String(other.name), rank } }]);
    }
    if (rank < args.rank && threshold >= args.threshold) {
      throw badInput('error.fieldsInvalid', [{ field: 'growthThreshold', key: 'level.thresholdBelowLower', values: { label: label('growthThreshold'), other: String(other.name), value: threshold } }]);
    }
    if (rank > args.rank && threshold <= args.threshold) {
      throw badInput('error.fieldsInvalid', [{ field: 'growthThreshold', key: 'level.thresholdAboveHigher', values: { label: label('growthThreshold'), other: String(other.name), value: threshold } }]);
    }
  }
}

/** How many records of other objects name the level. */
async function referencesTo(db: DbOrTx, tenantId: number, levelId: number): Promise<number> {
  let total = 0;
  for (const resource of [upgradeIncentiveResource, levelMaterialResource, paidLevelOrderResource]) {
    const t = deriveTable(resource);
    const [row] = await db.select({ n: count() }).from(t).where(and(eq(t.tenantId, tenantId), eq(t.level, levelId)));
    total += Number(row?.n ?? 0);
  }
  const [changes] = await db.select({ n: count() }).from(memberLevelChanges)
    .where(and(eq(memberLevelChanges.tenantId, tenantId), eq(memberLevelChanges.toLevelId, levelId)));
  return total + Number(changes?.n ?? 0);
}

export const levelHooks = defineServerHooks('level', {
  async beforeSave({ db, auth, request, operation, values, current }) {
    const type = (operation === 'create' ? values.levelType : current?.levelType) as LevelType;
    const rules = LEVEL_TYPE_FIELDS[type];
    for (const name of rules.unused) values[name] = null;
    requireFields({ resource: levelResource, values, current, names: rules.required, locale: request.ctx.locale });
    await lockLevels(db, auth.tenantId);
    if (type !== 'FREE') return;
    await checkFreeLadder({
      db,
      tenantId: auth.tenantId,
      id: current ? Number(current.id) : null,
      rank: Number(valueAfterWrite({ values, current, name: 'rankOrder' })),
      threshold: Number(valueAfterWrite({ values, current, name: 'growthThreshold' })),
      locale: request.ctx.locale,
    });
  },

  async beforeDelete({ db, auth, record }) {
    const n = await referencesTo(db, auth.tenantId, Number(record.id));
    if (n > 0) throw conflict('level.inUse', { count: n });
  },
});
