import type { Translate } from '../../fields/field-kind';
import type { Award } from './activity-api';

/**
 * One award as a line of text (`+100 points`, `Coupon "Member day" ×2`, `Gift G001 ×1`, `Gift value 10.00`); a coupon
 * by its template's name when the caller knows it, else its number.
 */
export function awardText(award: Award, t: Translate, templateName?: string): string {
  if (award.type === 'points') return t('activity.award.points', { points: award.points ?? 0 });
  if (award.type === 'coupon')
    return t('activity.award.coupon', { template: templateName ?? `#${award.templateId}`, count: award.count ?? 0 });
  if (award.type === 'value') return t('activity.award.value', { amount: award.amount ?? '0' });
  if (award.type === 'discount') return t('activity.award.discount', { amount: award.amount ?? '0' });
  return t('activity.award.gift', { goods: award.goodsCode, quantity: award.quantity ?? 0 });
}
