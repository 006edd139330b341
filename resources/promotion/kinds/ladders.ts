import { field, type LinesField } from '../../define';
import type { Bilingual } from '../../messages/bilingual';

/**
 * Tiers by threshold, as a rule stores them (one jsonb value `{ tiers: [...] }`, 1 to 10 lines,
 * thresholds rising: the activity hooks check it): the points ladders, the top-up tiers and the
 * spend-and-save tiers of a payment offer, each with its own line fields.
 */
export function thresholdTiers<const F extends LinesField['fields']>(tiers: {
  readonly label: Bilingual;
  readonly lines: Bilingual;
  readonly help: Bilingual;
  readonly fields: F;
}) {
  return field.object({
    label: tiers.label,
    required: true,
    fields: { tiers: field.lines({ label: tiers.lines, help: tiers.help, minLines: 1, maxLines: 10, fields: tiers.fields }) },
  });
}

/**
 * A points ladder (tiers as nested lines, ascending thresholds: the activity hooks check it):
 * by amount (yuan) or by quantity (units). Stored as one jsonb value `{ tiers: [...] }`.
 */
export function pointsLadder(by: 'amount' | 'quantity') {
  const threshold =
    by === 'amount'
      ? field.money({ label: ['满金额(元)', 'From amount (yuan)'], required: true, min: 0.01, max: 99999999 })
      : field.integer({ label: ['满件数', 'From units'], required: true, min: 1, max: 100000 });
  return thresholdTiers({
    label: by === 'amount' ? ['金额阶梯', 'Amount ladder'] : ['数量阶梯', 'Quantity ladder'],
    lines: ['阶梯', 'Steps'],
    help: ['门槛从低到高；达到的最高一档生效', 'Thresholds rising; the highest step reached gives'],
    fields: {
      threshold,
      points: field.integer({ label: ['加送积分', 'Extra points'], required: true, min: 1, max: 10_000_000 }),
    },
  });
}
