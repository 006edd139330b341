import type { Locale } from '../../../resources/messages/bilingual';
import { AppError } from '../../http/envelope';
import { cardStateText, type CardRow, type TemplateRow } from './card-store';

/**
 * Whether a card may take part in a money path, as one refusal or null: the rules a till's pay,
 * a top-up document and an adjustment share. Refusals are 409 with a localized message naming
 * the card (frozen, not active, expired, not valid at this store, not rechargeable).
 */

/** What the check needs besides the card. */
export interface UseContext {
  readonly locale: Locale;
  /** Today in the caller's time zone (`yyyy-MM-dd`). */
  readonly today: string;
  readonly template: TemplateRow | undefined;
  /** The store the card is used at (a till's pay); null when the use is not at a store. */
  readonly storeId?: number | null;
  /** A top-up: the template must allow it. */
  readonly topUp?: boolean;
}

/** Null when the card may be used, else the refusal. */
export function cardRefusal(card: CardRow, ctx: UseContext): AppError | null {
  const values = { card: card.number };
  if (card.state === 'FROZEN') return new AppError('conflict', 'cards.frozen', { values });
  if (card.state !== 'ACTIVATED' && card.state !== 'USED_UP') {
    return new AppError('conflict', 'cards.notActive', { values: { ...values, state: cardStateText(ctx.locale, card.state) } });
  }
  if (card.validTo !== null && card.validTo < ctx.today)
    return new AppError('conflict', 'cards.expired', { values: { ...values, date: card.validTo } });
  const stores = ctx.template?.stores ?? [];
  if (ctx.storeId != null && stores.length > 0 && !stores.includes(ctx.storeId)) {
    return new AppError('conflict', 'cards.storeNotApplicable', { values });
  }
  if (ctx.topUp && ctx.template?.rechargeable !== true) {
    return new AppError('conflict', 'cards.notRechargeable', { values: { ...values, template: ctx.template?.name ?? '' } });
  }
  return null;
}
