import { and, countDistinct, eq } from 'drizzle-orm';
import { defineServerHooks } from '../../crud/server-hooks.define';
import { deriveLinesTable } from '../../crud/table.derive';
import { conflict } from '../../http/envelope';
import { scoreAdjustResource } from '../../../resources/score/score-adjust.resource';

/**
 * Server side of adjustment reasons: a reason cited by any adjustment document (drafted or
 * audited) is never deleted, so a document always names why its points moved; it can be
 * disabled instead, which keeps it off new lines (score-adjust.hooks.ts).
 */
export const scoreAdjustReasonHooks = defineServerHooks('score-adjust-reason', {
  async beforeDelete({ db, auth, record }) {
    const lines = deriveLinesTable(scoreAdjustResource, 'lines');
    const [row] = await db
      .select({ count: countDistinct(lines.parentId) })
      .from(lines)
      .where(and(eq(lines.tenantId, auth.tenantId), eq(lines.reason, Number(record.id))));
    const count = Number(row?.count ?? 0);
    if (count > 0) throw conflict('scoreAdjustReason.inUse', { count });
  },
});
