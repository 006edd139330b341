import { prepayCardsSeeder } from '../../db/seed/prepay-cards.seed';
import { defineDomain } from '../domain-manifest';
import { CARD_HOOKS } from './card-hooks';
import { cardTemplateHooks } from './card-template.hooks';
import { prepayCardHistorySource } from './prepay-card-history.source';

/** Prepaid cards: the hooks of templates, batches, sales, top-ups and adjustments; a card's balance history (a query view). */
export const cardsDomain = defineDomain({
  name: 'cards',
  hooks: [cardTemplateHooks, ...CARD_HOOKS],
  views: [prepayCardHistorySource],
  seed: [prepayCardsSeeder],
});
