import { field } from '../../define';
import { defineActivityKind } from '../activity-kind';
import { cents, ids, int } from './rule-reading';

/**
 * Gift card campaign (礼品卡活动, issue 28 item 4, entry `gift-card-activity`): a promotion on
 * prepaid card sale bills (deposit/imprest-card-sale-bill): buy N cards (or for an amount) and get
 * a rate or an amount off, and / or bonus cards of a template. Tiers rise; the highest tier the
 * bill reaches (its cards of the counted templates: their number and their price total) gives.
 * Applied by the bill's save (server/modules/cards/card-sale-promotion.ts), recorded once by its
 * audit.
 */
export const giftCardActivityKind = defineActivityKind(
  {
    value: 'GIFT_CARD_ACTIVITY',
    family: 'GIFT_CARD_ACTIVITY',
    trigger: 'cardSale',
    title: ['礼品卡活动', 'Gift card campaign'],
    screens: { add: 'edit', edit: 'edit', dtl: 'dtl' },
    parts: [],
    rule: {
      cardSaleTemplates: field.relation({
        label: ['参与的卡模板', 'Card templates counted'],
        help: ['不选则所有卡模板都计入', 'None chosen: every template counts'],
        resource: 'card-template',
        multiple: true,
        inList: false,
      }),
      cardSaleTiers: field.object({
        label: ['优惠档位', 'Tiers'],
        required: true,
        fields: {
          tiers: field.lines({
            label: ['档位', 'Tiers'],
            help: [
              '门槛从低到高；单据达到的最高一档生效（卡数和金额都要达到）',
              'Thresholds rising; the highest tier the bill reaches gives (both its card count and its amount)',
            ],
            minLines: 1,
            maxLines: 10,
            fields: {
              minCards: field.integer({ label: ['满张数', 'From cards'], defaultValue: 0, min: 0, max: 100_000 }),
              minAmount: field.money({ label: ['满金额(元)', 'From amount (yuan)'], defaultValue: '0', min: 0, max: 99999999 }),
              discountPercent: field.integer({
                label: ['折扣比例(%)', 'Percent off'],
                help: ['售价减去的百分比', 'Percent taken off the price'],
                defaultValue: 0,
                min: 0,
                max: 100,
              }),
              discountAmount: field.money({ label: ['立减金额(元)', 'Amount off (yuan)'], defaultValue: '0', min: 0, max: 99999999 }),
              bonusCards: field.integer({ label: ['赠卡张数', 'Bonus cards'], defaultValue: 0, min: 0, max: 100 }),
            },
          }),
        },
      }),
      // Bonus cards are sold from the bill's store stock at no price when the bill is audited.
      cardSaleBonusTemplate: field.relation({
        label: ['赠送卡模板', 'Bonus card template'],
        help: ['档位赠卡张数大于 0 时必选', 'Required when a tier gives bonus cards'],
        resource: 'card-template',
        inList: false,
        pickable: { field: 'state', in: ['ENABLED'] },
      }),
    },
  },
  { read: readCardSaleRule },
);

/** One tier as the engine reads it: money in cents. */
export interface CardSaleTier {
  readonly minCards: number;
  readonly minCents: bigint;
  readonly percentOff: number;
  readonly amountOffCents: bigint;
  readonly bonusCards: number;
}

/** The rule as the engine reads it. */
export interface CardSaleRule {
  /** Empty: every template counts. */
  readonly templateIds: readonly number[];
  readonly tiers: readonly CardSaleTier[];
  readonly bonusTemplateId: number | null;
}

interface StoredCardSaleRule {
  readonly cardSaleTemplates?: readonly (number | string)[] | null;
  readonly cardSaleTiers?: {
    readonly tiers:
      | readonly {
          readonly minCards?: number | null;
          readonly minAmount?: string | number | null;
          readonly discountPercent?: number | null;
          readonly discountAmount?: string | number | null;
          readonly bonusCards?: number | null;
        }[]
      | null;
  } | null;
  readonly cardSaleBonusTemplate?: number | string | null;
}

export function readCardSaleRule(rule: StoredCardSaleRule): CardSaleRule {
  const template = rule.cardSaleBonusTemplate;
  return {
    templateIds: ids(rule.cardSaleTemplates),
    tiers: (rule.cardSaleTiers?.tiers ?? []).map((t) => ({
      minCards: int(t.minCards),
      minCents: cents(t.minAmount),
      percentOff: int(t.discountPercent),
      amountOffCents: cents(t.discountAmount),
      bonusCards: int(t.bonusCards),
    })),
    bonusTemplateId: template === null || template === undefined ? null : Number(template),
  };
}

/** A bill's line as the campaign counts it: its template, its cards and its price in cents. */
export interface CardSaleLineFact {
  readonly templateId: number;
  readonly cards: number;
  readonly priceCents: bigint;
}

/** What a campaign gives one bill (pure): the discount spread over the counted lines, bonus cards. */
export interface CardSaleGiving {
  readonly tier: number;
  readonly discountCents: bigint;
  /** The discount on each line of the bill (0 on a line not counted), in line order. */
  readonly lineDiscounts: readonly bigint[];
  readonly bonusCards: number;
  readonly bonusTemplateId: number | null;
}

/**
 * The evaluation of a bill under a rule (pure): the cards counted (the rule's templates, all when
 * none), the highest tier both their count and their price total reach (tiers in the order
 * declared, which rises), its percent and amount off taken from their price (never below 0), the
 * discount spread over the counted lines in proportion to their price (the last takes the
 * remainder); null when no tier is reached or the tier gives nothing.
 */
export function cardSaleEvaluation(rule: CardSaleRule, lines: readonly CardSaleLineFact[]): CardSaleGiving | null {
  const counted = lines.map((line) => rule.templateIds.length === 0 || rule.templateIds.includes(line.templateId));
  const cards = lines.reduce((n, line, i) => n + (counted[i] ? line.cards : 0), 0);
  const price = lines.reduce((sum, line, i) => sum + (counted[i] ? line.priceCents : 0n), 0n);
  let reached = -1;
  rule.tiers.forEach((tier, i) => {
    if (cards > 0 && cards >= tier.minCards && price >= tier.minCents) reached = i;
  });
  if (reached < 0) return null;
  const tier = rule.tiers[reached];
  let discount = (price * BigInt(tier.percentOff)) / 100n + tier.amountOffCents;
  if (discount > price) discount = price;
  const bonusCards = rule.bonusTemplateId === null ? 0 : tier.bonusCards;
  if (discount === 0n && bonusCards === 0) return null;
  const lineDiscounts: bigint[] = lines.map(() => 0n);
  const last = counted.lastIndexOf(true);
  let left = discount;
  lines.forEach((line, i) => {
    if (!counted[i] || price === 0n) return;
    const share = i === last ? left : (discount * line.priceCents) / price;
    lineDiscounts[i] = share;
    left -= share;
  });
  return { tier: reached + 1, discountCents: discount, lineDiscounts, bonusCards, bonusTemplateId: rule.bonusTemplateId };
}
