import type { ResourceHooks } from '../../crud/server-hooks.define';
import { prepayCardAdjustHooks } from './card-adjust.hooks';
import { imprestCardSaleBillHooks } from './card-sale.hooks';
import { prepayCardPayHooks } from './card-topup.hooks';
import { prepayCardHooks } from './prepay-card.hooks';

/** The hooks of the prepaid-card declarations (one line in `../resource-hooks.ts`). */
export const CARD_HOOKS: readonly ResourceHooks[] = [prepayCardHooks, imprestCardSaleBillHooks, prepayCardPayHooks, prepayCardAdjustHooks];
