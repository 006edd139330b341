import { arrayOf, nullable, objectOf, wire } from '../../http/openapi.schemas';
import { firedActivitySchema } from '../activities/engine/engine.openapi';
import { doc, withAnswerExample } from '../points/points.openapi';

/**
 * The OpenAPI description of the till's sale and return (sale.routes.ts). Their operation ids
 * stay `points.transaction` and `points.return` (stable for clients) in the points menu group.
 */

const saleAnswer = objectOf(
  {
    orderNo: { type: 'string' },
    memberId: nullable({ type: 'integer', description: "The member; null for a walk-in customer's sale (recorded, earning nothing)" }),
    amount: { ...wire.moneyText, description: "The sale's amount: the sum of its lines" },
    points: { ...wire.points, description: 'Points earned by the sale' },
    balance: { ...wire.points, description: "The member's balance after the sale" },
    entryId: nullable({ type: 'integer', description: 'The ledger entry; null when the sale earned nothing' }),
    growth: { type: 'integer', description: 'Growth value the sale earned under the growth rules' },
    growthValue: { type: 'integer', description: "The member's growth value after the sale" },
    level: nullable({ type: 'integer', description: "The member's level after the sale (it follows growth under the real-time rule)" }),
    activities: arrayOf(firedActivitySchema, 'Each activity that fired and what it gave (its points are in `points`)'),
    pointsPaid: { ...wire.points, description: 'Points the sale paid as cash (POINTS payments), spent from the balance' },
  },
  // Answers recorded before growth (or activities) existed are replayed as recorded, without these.
  { optional: ['growth', 'growthValue', 'level', 'activities', 'pointsPaid'] },
);

const returnAnswer = objectOf(
  {
    returnNo: { type: 'string' },
    orderNo: { type: 'string' },
    amount: { ...wire.moneyText, description: 'The returned amount' },
    reversedPoints: { ...wire.points, description: "Points taken back (the returned share of the sale's points, at most the balance)" },
    balance: { ...wire.points, description: "The member's balance after the return" },
    reversedGrowth: { type: 'integer', description: "Growth value taken back (the returned share of the sale's growth)" },
    growthValue: { type: 'integer', description: "The member's growth value after the return" },
    refundedPoints: { ...wire.points, description: 'Points paid as cash given back (the returned share of the POINTS payments)' },
    voidedCoupons: { type: 'integer', description: "Unused coupons the order's activities gave, voided by a full return" },
    couponValueTakenBack: {
      ...wire.moneyText,
      description: "The discount the order's used coupons gave, to keep back from the refund (coupon settings: take back the value)",
    },
  },
  { optional: ['reversedGrowth', 'growthValue', 'refundedPoints', 'voidedCoupons', 'couponValueTakenBack'] },
);

export const saleDocs = {
  transaction: {
    ...withAnswerExample(doc('transaction', 'Post a sale: the member earns points on its amount', saleAnswer, 'notFound', 'conflict'), {
      orderNo: 'S20260501-0001',
      memberId: 1024,
      amount: '37.80',
      points: 37,
      balance: 1289,
      entryId: 55012,
      growth: 37,
      growthValue: 1520,
      level: 3,
    }),
    description:
      'Idempotent by orderNo: posting the same order again answers the first result (header idempotent-replayed: true) and earns nothing more; ' +
      'the same orderNo with another body answers 409. Amounts are decimal strings or numbers with at most 2 decimals. ' +
      "Without memberId the sale is a walk-in customer's: recorded (the fuel reports count it in the member share) and earning nothing; it may not pay with points or stored value. " +
      '404: no such member; 409: the member is not in use (frozen, cancelled), the orderNo was used for another request, or the balance would pass its bound.',
    bodyExamples: [
      {
        orderNo: 'S20260501-0001',
        memberId: 1024,
        storeId: 3,
        lines: [
          { goodsCode: '6901234567890', quantity: 2, amount: '25.80' },
          { goodsCode: '6909876543210', quantity: 1, amount: 12 },
        ],
      },
    ],
  },
  return: {
    ...withAnswerExample(
      doc('return', "Post a return: takes back the returned share of a sale's points", returnAnswer, 'notFound', 'conflict'),
      {
        returnNo: 'R20260502-0001',
        orderNo: 'S20260501-0001',
        amount: '12.00',
        reversedPoints: 11,
        balance: 1278,
        reversedGrowth: 12,
        growthValue: 1508,
      },
    ),
    description:
      "Idempotent by returnNo (the same returnNo with another body answers 409). 404: no such order; 400: the returns would exceed the order's amount.",
    bodyExamples: [{ returnNo: 'R20260502-0001', orderNo: 'S20260501-0001', amount: '12.00' }],
  },
};
