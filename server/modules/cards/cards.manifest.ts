import { prepayCardsSeeder } from '../../db/seed/prepay-cards.seed';
import { defineDomain } from '../domain-manifest';
import { CARD_HOOKS } from './card-hooks';
import { CARD_ACTIVITY_SOURCES } from './card-activity-report.source';
import { cardTemplateHooks } from './card-template.hooks';
import { prepayCardHistorySource } from './prepay-card-history.source';

/** Prepaid cards: the hooks of templates, batches, sales, top-ups and adjustments; a card's balance history and the four card reports (query views). */
export const cardsDomain = defineDomain({
  name: 'cards',
  hooks: [cardTemplateHooks, ...CARD_HOOKS],
  views: [prepayCardHistorySource, ...CARD_ACTIVITY_SOURCES],
  seed: [prepayCardsSeeder],
});
