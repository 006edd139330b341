import type { ResourceDef } from '../define';
import { imprestCardSaleBillResource } from './imprest-card-sale-bill.resource';
import { prepayCardAdjustReasonResource } from './prepay-card-adjust-reason.resource';
import { prepayCardAdjustResource } from './prepay-card-adjust.resource';
import { prepayCardBatchResource } from './prepay-card-batch.resource';
import { prepayCardPayResource } from './prepay-card-pay.resource';
import { prepayCardResource } from './prepay-card.resource';

/** The prepaid-card declarations beside the card template (one line in `../index.ts`). */
export const CARD_RESOURCES: readonly ResourceDef[] = [
  prepayCardBatchResource,
  prepayCardResource,
  imprestCardSaleBillResource,
  prepayCardPayResource,
  prepayCardAdjustReasonResource,
  prepayCardAdjustResource,
];
