import { sql } from 'drizzle-orm';
import { storeValueAccountResource } from '../../../resources/deposit/store-value-account.resource';
import { defineServerHooks } from '../../crud/server-hooks.define';

/**
 * The accounts list shows members' accounts only (card balances share the table, see
 * server/modules/ledger/README.md). Freezing keeps who, why and when on the account (the reason
 * is the one the engine has just written to the state history, in the same transaction);
 * unfreezing clears them, the history keeps both.
 */
export const storeValueAccountHooks = defineServerHooks(storeValueAccountResource, {
  rowFilter: ({ table }) => sql`${table.holderKind} = 'member'`,
  afterAction: {
    freeze: async ({ db, actor, record }) => {
      await db.execute(sql`update value_accounts a set frozen_reason = s.reason, frozen_by = s.user_id, frozen_at = s.at
        from (select reason, user_id, at from state_changes where tenant_id = ${actor.tenantId} and resource = 'store-value-account'
          and record_id = ${record.id} order by id desc limit 1) s
        where a.tenant_id = ${actor.tenantId} and a.id = ${record.id}`);
    },
    unfreeze: async ({ db, actor, record }) => {
      await db.execute(sql`update value_accounts set frozen_reason = null, frozen_by = null, frozen_at = null
        where tenant_id = ${actor.tenantId} and id = ${record.id}`);
    },
  },
});
