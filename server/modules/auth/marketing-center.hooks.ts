import { inArray, sql } from 'drizzle-orm';
import { defineServerHooks } from '../../crud/server-hooks.define';

/**
 * Server side of marketing centres: a user limited to some centres (`users.marketing_center_ids`)
 * sees, picks, references and changes only those; the list, the pickers (`options`) and the
 * details never show the names of the others. A user with no limit (null) sees them all.
 */
export const marketingCenterHooks = defineServerHooks('marketing-center', {
  rowFilter: ({ actor, table }) => {
    const allowed = actor.marketingCenterIds;
    if (allowed === null) return undefined;
    return allowed.length === 0 ? sql`false` : inArray(table.id, [...allowed]);
  },
});
