import { field } from '../../define';

/**
 * A points ladder (tiers as nested lines, ascending thresholds: the activity hooks check it):
 * by amount (yuan) or by quantity (units). Stored as one jsonb value `{ tiers: [...] }`.
 */
export function pointsLadder(by: 'amount' | 'quantity') {
  const threshold =
    by === 'amount'
      ? field.money({ label: ['满金额(元)', 'From amount (yuan)'], required: true, min: 0.01, max: 99999999 })
      : field.integer({ label: ['满件数', 'From units'], required: true, min: 1, max: 100000 });
  return field.object({
    label: by === 'amount' ? ['金额阶梯', 'Amount ladder'] : ['数量阶梯', 'Quantity ladder'],
    required: true,
    fields: {
      tiers: field.lines({
        label: ['阶梯', 'Steps'],
        help: ['门槛从低到高；达到的最高一档生效', 'Thresholds rising; the highest step reached gives'],
        minLines: 1,
        maxLines: 10,
        fields: {
          threshold,
          points: field.integer({ label: ['加送积分', 'Extra points'], required: true, min: 1, max: 10_000_000 }),
        },
      }),
    },
  });
}
