import type { Translate } from '../../fields/field-kind';
import type { Award } from './activity-api';

/** One award as a line of text (`+100 points`, `Coupon #12 ×2`, `Gift G001 ×1`). */
export function awardText(award: Award, t: Translate): string {
  if (award.type === 'points') return t('activity.award.points', { points: award.points ?? 0 });
  if (award.type === 'coupon') return t('activity.award.coupon', { template: `#${award.templateId}`, count: award.count ?? 0 });
  return t('activity.award.gift', { goods: award.goodsCode, quantity: award.quantity ?? 0 });
}
