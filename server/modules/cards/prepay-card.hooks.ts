import { prepayCardResource } from '../../../resources/deposit/prepay-card.resource';
import { defineServerHooks } from '../../crud/server-hooks.define';
import { centsToString, toCents } from '../../money/money';
import { cardHolder, postValue, readBalance } from './card-balance';
import { syncCardBalance } from './card-store';
import { cardTillRoutes } from './card-till.routes';
import { cardRoutes } from './card.routes';

/**
 * Server side of prepaid cards (prepay-card.resource.ts): the state actions (freeze, unfreeze,
 * void: the engine's conditional updates with a reason in the state history) and the routes
 * beyond CRUD (card.routes.ts: make a batch, stock, a card's entries; card-till.routes.ts: the
 * till's pay, refund and balance). Voiding a card writes off what is left on it: one ledger entry
 * of kind `void` taking both portions to zero (key `card-void:<id>`), in the action's transaction.
 */
export const prepayCardHooks = defineServerHooks(prepayCardResource, {
  afterAction: {
    async void(ctx) {
      const { db, actor, record } = ctx;
      const tenantId = actor.tenantId;
      const holder = cardHolder(record.id);
      const balance = await readBalance({ db, tenantId, holder });
      if ((toCents(balance.balance) ?? 0n) === 0n) return;
      const negate = (money: string) => centsToString(-(toCents(money) ?? 0n));
      const posted = await postValue({
        tx: db,
        tenantId,
        holder,
        principal: negate(balance.principal),
        gift: negate(balance.gift),
        kind: 'void',
        sourceType: 'card-void',
        sourceId: record.number,
        operatorId: actor.userId,
        idempotencyKey: `card-void:${record.id}`,
        now: actor.now ?? new Date(),
      });
      await syncCardBalance({ tx: db, tenantId, cardId: record.id, balance: posted.balanceAfter });
      record.balance = posted.balanceAfter;
    },
  },

  async routes(app, engine) {
    await cardRoutes(app, engine);
    await cardTillRoutes(app);
  },
});
