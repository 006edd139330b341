/**
 * Resource folders behind the prefix-based menu rules (§6). Roles are granted the sub-resources
 * of these folders (one per card type, activity sub-kind or push channel); the menu shows the
 * entry when any grant lies below the folder, so a sub-kind added later needs no rule change.
 */
import { CARD_TEMPLATE_RESOURCE } from './card-template-types';
import type { CustomRule } from './types';

/** The custom rules that are a plain "any grant below this folder" check. */
export type PrefixRule = Exclude<CustomRule, 'cardTemplateEdit' | 'cardTemplateDetail'>;

/** Folder (entry resourceId) of each prefix rule, without the trailing slash. */
export const RULE_PREFIXES: Readonly<Record<PrefixRule, string>> = {
  cardTemplateAny: CARD_TEMPLATE_RESOURCE,
  storeValuePayActivity: '营销/储值支付优惠',
  prepayCardPayActivity: '营销/预付卡支付优惠',
  prepayCardChargeGift: '营销/预付卡充值赠礼',
  pushPlan: '营销/推送计划',
};

/** True when the rule is one of the prefix rules. */
export function isPrefixRule(rule: CustomRule): rule is PrefixRule {
  return Object.prototype.hasOwnProperty.call(RULE_PREFIXES, rule);
}
