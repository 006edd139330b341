/**
 * The four prepaid card types (§3). Each type is its own permission resource, so a role can
 * manage gift-card templates without touching recharge-card ones; the card template screens
 * decide access per type (see the `cardTemplate*` rules in `../access.ts`).
 */
import type { Bilingual } from '../messages/bilingual';
import type { Action } from './types';

/** Resource path of the card template entry; each type's resource lives below it. */
export const CARD_TEMPLATE_RESOURCE = '储值/卡模板';

/** A card type's code as a card template stores it in `cardTemplateType`. */
export type CardTemplateType = 'IMPREST_CARD' | 'OFFLINE_GIFT_CARD' | 'ONLINE_GIFT_CARD' | 'RECHARGEABLE_CARD';

/** How one card type appears in the permission catalogue. */
export interface CardTemplateTypeDecl {
  /** The `cardTemplateType` value. */
  readonly type: CardTemplateType;
  /** Permission resource of this type's templates. */
  readonly resourceId: string;
  /** Name of the card type. */
  readonly name: Bilingual;
}

/** The permission pair every card type offers: view and maintain. */
export const CARD_TEMPLATE_ACTIONS: readonly Action[] = ['卡模板查看', '卡模板维护'];

/** Every prepaid card type, in the order the template screen's type selector shows them. */
export const CARD_TEMPLATE_TYPES: readonly CardTemplateTypeDecl[] = [
  { type: 'IMPREST_CARD', resourceId: `${CARD_TEMPLATE_RESOURCE}/充值卡`, name: ['充值卡', 'Recharge card'] },
  { type: 'OFFLINE_GIFT_CARD', resourceId: `${CARD_TEMPLATE_RESOURCE}/实体礼品卡`, name: ['实体礼品卡', 'Physical gift card'] },
  { type: 'ONLINE_GIFT_CARD', resourceId: `${CARD_TEMPLATE_RESOURCE}/电子礼品卡`, name: ['电子礼品卡', 'Electronic gift card'] },
  { type: 'RECHARGEABLE_CARD', resourceId: `${CARD_TEMPLATE_RESOURCE}/储值卡`, name: ['储值卡', 'Stored-value card'] },
];

/** The declaration of a card type code, or undefined for an unknown code. */
export function cardTemplateType(type: string | undefined): CardTemplateTypeDecl | undefined {
  return CARD_TEMPLATE_TYPES.find((decl) => decl.type === type);
}
