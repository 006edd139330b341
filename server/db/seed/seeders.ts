import type { DbOrTx } from '../connection';
import { activitySeeder } from './activity.seed';
import { couponsSeeder } from './coupons.seed';
import { datumSeeder } from './datum.seed';
import { membersSeeder } from './members.seed';
import { levelsSeeder, paidLevelOrdersSeeder } from './levels.seed';
import { storedValueDocsSeeder } from './stored-value-docs.seed';
import { storedValueSeeder } from './stored-value.seed';
import { prepayCardsSeeder } from './prepay-cards.seed';
import { promotionSeeder } from './promotion.seed';

/**
 * Demo data of each domain, run once when the demo merchant is first created, inside the same
 * transaction. A domain that has demo data adds one entry here; entries run in order.
 */
export interface DemoSeeder {
  readonly name: string;
  seed(input: { tx: DbOrTx; tenantId: number }): Promise<void>;
}

export const DEMO_SEEDERS: DemoSeeder[] = [
  datumSeeder,
  // Levels before members (members hold a level); paid-level orders after them (orders name a member).
  levelsSeeder,
  membersSeeder,
  paidLevelOrdersSeeder,
  // Adjustment reasons and documents, sales through the sales service, a batch document: after members.
  activitySeeder,
  // Stored-value reasons, opening balances and adjustments, through the engine and the value ledger: after members.
  storedValueDocsSeeder,
  // Recharges, payments and a refund of stored value: after members.
  storedValueSeeder,
  // Card templates, batches, an audited sale bill and top-up: after members and datum.
  prepayCardsSeeder,
  // Coupon templates of three families, issued coupons and a write-off to audit: after members and master data.
  couponsSeeder,
  // Marketing activities of every state and sales that fire them: after the points settings, sales and coupon templates.
  promotionSeeder,
];
