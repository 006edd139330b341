/**
 * The gift card campaigns' rules the declaration cannot state (issue 28 item 4,
 * resources/promotion/kinds/gift-card-activity.kind.ts), called from `activity.hooks.ts` and
 * `gift-approval.ts`:
 *
 * - on save: every tier gives a discount or bonus cards; tiers rise (neither the cards nor the
 *   amount below the tier before, one of them higher); a tier giving bonus cards needs the
 *   rule's bonus template;
 * - on audit, what one bill can be given at most that creates value (`cardSaleGiving`): the
 *   largest tier's bonus cards at the bonus template's face value (card value), which the
 *   approval rule compares with the merchant's threshold. The discount is the bill's own value
 *   rule (the bill's audit counts it with its bonus cards).
 */
import { and, eq } from 'drizzle-orm';
import { cardTemplateResource } from '../../../resources/deposit/card-template.resource';
import type { ValueKind } from '../../../resources/define';
import { readCardSaleRule, type CardSaleRule } from '../../../resources/promotion/kinds/gift-card-activity.kind';
import { deriveTable } from '../../crud/table.derive';
import type { DbOrTx } from '../../db/connection';
import type { FieldError } from '../../http/envelope';
import { centsOf } from '../../money/money';

const read = (rule: unknown): CardSaleRule => readCardSaleRule((rule ?? {}) as Parameters<typeof readCardSaleRule>[0]);

/** The save's problems of a gift card campaign's rule. */
export function cardSaleRuleIssues(kind: string, rule: unknown): FieldError[] {
  if (kind !== 'GIFT_CARD_ACTIVITY') return [];
  const { tiers, bonusTemplateId } = read(rule);
  const issues: FieldError[] = [];
  const at = (i: number, member: string) => `rule.cardSaleTiers.tiers[${i}].${member}`;
  tiers.forEach((tier, i) => {
    if (tier.percentOff <= 0 && tier.amountOffCents <= 0n && tier.bonusCards <= 0)
      issues.push({ field: at(i, 'discountPercent'), key: 'activity.cardSaleTierEmpty' });
    const before = tiers[i - 1];
    if (
      before &&
      (tier.minCards < before.minCards ||
        tier.minCents < before.minCents ||
        (tier.minCards === before.minCards && tier.minCents === before.minCents))
    )
      issues.push({ field: at(i, 'minCards'), key: 'activity.cardSaleTiersRise' });
  });
  if (bonusTemplateId === null && tiers.some((tier) => tier.bonusCards > 0))
    issues.push({ field: 'rule.cardSaleBonusTemplate', key: 'activity.cardSaleBonusRequired' });
  return issues;
}

/** The most card value one bill is given: the largest tier's bonus cards at the template's face value. */
export async function cardSaleGiving(args: {
  db: DbOrTx;
  tenantId: number;
  rule: unknown;
}): Promise<Map<ValueKind, { units: bigint; unbounded: boolean }>> {
  const { tiers, bonusTemplateId } = read(args.rule);
  const out = new Map<ValueKind, { units: bigint; unbounded: boolean }>();
  const most = Math.max(0, ...tiers.map((tier) => tier.bonusCards));
  if (bonusTemplateId === null || most === 0) return out;
  const t = deriveTable(cardTemplateResource);
  const [template] = await args.db
    .select({ faceValue: t.faceValue })
    .from(t)
    .where(and(eq(t.tenantId, args.tenantId), eq(t.id, bonusTemplateId)));
  if (template) out.set('cardValue', { units: centsOf(String(template.faceValue)) * BigInt(most), unbounded: false });
  return out;
}
