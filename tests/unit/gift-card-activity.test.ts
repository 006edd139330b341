import { describe, expect, it } from 'vitest';
import { cardSaleEvaluation, readCardSaleRule } from '../../resources/promotion/kinds/gift-card-activity.kind';

// A rule counting template 1: from 2 cards 10% off; from 3 cards and 250 yuan 20 yuan off and a
// bonus card of template 9. Every figure below worked out by hand.
const rule = readCardSaleRule({
  cardSaleTemplates: ['1'],
  cardSaleTiers: {
    tiers: [
      { minCards: 2, minAmount: '0', discountPercent: 10, discountAmount: '0', bonusCards: 0 },
      { minCards: 3, minAmount: '250', discountPercent: 0, discountAmount: '20', bonusCards: 1 },
    ],
  },
  cardSaleBonusTemplate: 9,
});
const line = (templateId: number, cards: number, priceCents: bigint) => ({ templateId, cards, priceCents });

describe('gift card campaign evaluation', () => {
  it('reads the stored rule in cents, ids as numbers', () => {
    expect(rule).toEqual({
      templateIds: [1],
      bonusTemplateId: 9,
      tiers: [
        { minCards: 2, minCents: 0n, percentOff: 10, amountOffCents: 0n, bonusCards: 0 },
        { minCards: 3, minCents: 25000n, percentOff: 0, amountOffCents: 2000n, bonusCards: 1 },
      ],
    });
  });

  it('gives nothing below the first tier, nor for cards of templates it does not count', () => {
    expect(cardSaleEvaluation(rule, [line(1, 1, 9500n)])).toBeNull();
    expect(cardSaleEvaluation(rule, [line(1, 1, 9500n), line(2, 5, 50000n)])).toBeNull();
  });

  it('gives the highest tier both the count and the amount reach', () => {
    expect(cardSaleEvaluation(rule, [line(1, 2, 19000n)])).toMatchObject({ tier: 1, discountCents: 1900n, bonusCards: 0 });
    // Three cards but 240 yuan: the amount of the second tier is not reached.
    expect(cardSaleEvaluation(rule, [line(1, 3, 24000n)])).toMatchObject({ tier: 1, discountCents: 2400n });
    expect(cardSaleEvaluation(rule, [line(1, 3, 28500n)])).toMatchObject({
      tier: 2,
      discountCents: 2000n,
      bonusCards: 1,
      bonusTemplateId: 9,
    });
  });

  it('spreads the discount over the counted lines by price, the last taking the remainder', () => {
    const giving = cardSaleEvaluation(rule, [line(1, 1, 9500n), line(2, 1, 5000n), line(1, 2, 19000n)]);
    expect(giving?.lineDiscounts).toEqual([666n, 0n, 1334n]);
  });

  it('never takes off more than the price of the counted cards', () => {
    const steep = readCardSaleRule({ cardSaleTiers: { tiers: [{ minCards: 1, discountPercent: 50, discountAmount: '100' }] } });
    expect(cardSaleEvaluation(steep, [line(7, 1, 9500n)])).toMatchObject({ discountCents: 9500n, lineDiscounts: [9500n] });
  });
});
