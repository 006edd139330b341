import { and, eq, ne, sql } from 'drizzle-orm';
import { pick, type Locale } from '../../../resources/messages/bilingual';
import { requiredAfterWrite } from '../../crud/required-when';
import { defineServerHooks } from '../../crud/server-hooks.define';
import { deriveTable } from '../../crud/table.derive';
import type { DbOrTx } from '../../db/connection';
import { badInput } from '../../http/envelope';
import { levelResource } from '../../../resources/member/level.resource';

/**
 * Server side of levels:
 *
 * - Which fields a type requires and clears (a free level has no price, a paid one no growth
 *   threshold) is declared on the fields (`when`) and done by the engine before this hook.
 * - The free ladder stays a ladder: no two free levels share a rank, and a higher rank needs a
 *   higher growth threshold. Level writes of a tenant are serialised (advisory lock) so two
 *   concurrent saves cannot both pass the check.
 * - A level that members, incentives, materials, orders, batch operations or members' level
 *   history refer to is never deleted (it can be disabled): the engine's safe deletes derive
 *   this from the declared relations (server/crud/inbound-references.ts), the level history
 *   from server/crud/platform-references.ts.
 */

const levels = () => deriveTable(levelResource);

/** Serialises the level writes of one tenant until the transaction ends. */
async function lockLevels(db: DbOrTx, tenantId: number): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`member-levels:${tenantId}`}, 0))`);
}

async function checkFreeLadder(args: {
  db: DbOrTx;
  tenantId: number;
  id: number | null;
  rank: number;
  threshold: number;
  locale: Locale;
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
      throw badInput('error.fieldsInvalid', [
        { field: 'rankOrder', key: 'level.rankTaken', values: { label: label('rankOrder'), other: String(other.name), rank } },
      ]);
    }
    if (rank < args.rank && threshold >= args.threshold) {
      throw badInput('error.fieldsInvalid', [
        {
          field: 'growthThreshold',
          key: 'level.thresholdBelowLower',
          values: { label: label('growthThreshold'), other: String(other.name), value: threshold },
        },
      ]);
    }
    if (rank > args.rank && threshold <= args.threshold) {
      throw badInput('error.fieldsInvalid', [
        {
          field: 'growthThreshold',
          key: 'level.thresholdAboveHigher',
          values: { label: label('growthThreshold'), other: String(other.name), value: threshold },
        },
      ]);
    }
  }
}

export const levelHooks = defineServerHooks(levelResource, {
  async beforeSave({ db, actor, operation, values, current }) {
    const type = operation === 'create' ? values.levelType : current?.levelType;
    await lockLevels(db, actor.tenantId);
    if (type !== 'FREE') return;
    await checkFreeLadder({
      db,
      tenantId: actor.tenantId,
      id: current ? current.id : null,
      // Both are required while the level is free (declared `when`): the engine has checked them.
      rank: requiredAfterWrite({ values, current, name: 'rankOrder' }),
      threshold: requiredAfterWrite({ values, current, name: 'growthThreshold' }),
      locale: actor.locale,
    });
  },
});
