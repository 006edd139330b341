import { SALE_KINDS, EXCHANGE_KINDS, MEMBER_EVENT_KINDS, PAY_KINDS, TOP_UP_KINDS } from '../../../../resources/promotion/activity-engine';
import { answers, arrayOf, nullable, objectOf, oneOf, wire, type JsonSchema, type RouteDocs } from '../../../http/openapi.schemas';

/** Schemas the activity engine's answers share (the sale's answer lists the activities that fired with these). */

export const awardSchema: JsonSchema = objectOf(
  {
    type: oneOf(
      ['points', 'coupon', 'gift', 'value', 'discount'],
      'points: `points`; coupon: `templateId` and `count`; gift: `goodsCode` and `quantity`; value: `amount`; discount (money off a payment): `amount`',
    ),
    points: wire.points,
    templateId: { type: 'integer', description: 'The coupon template' },
    count: { type: 'integer', description: 'Coupons of the template' },
    goodsCode: { type: 'string', description: 'The gift goods (handed out at the till)' },
    quantity: { type: 'integer', description: 'Gift units' },
    amount: { ...wire.moneyText, description: 'Gift value of a top-up, or money off a payment: yuan as exact text (`12.50`)' },
  },
  { optional: ['points', 'templateId', 'count', 'goodsCode', 'quantity', 'amount'], description: 'What an activity gave' },
);

export const activityKindSchema: JsonSchema = oneOf(
  [...SALE_KINDS, ...EXCHANGE_KINDS, ...MEMBER_EVENT_KINDS, ...TOP_UP_KINDS, ...PAY_KINDS],
  'The activity kind',
);

/** What a refund of a top-up took back of one top-up promotion's giving (money as `money`: numbers or text, as the route answers). */
export const takenBackSchema = (money: JsonSchema): JsonSchema =>
  objectOf(
    {
      activityId: { type: 'integer' },
      number: { type: 'string', description: 'The activity number (AC + 8 digits)' },
      name: { type: 'string' },
      kind: activityKindSchema,
      valueDue: { ...money, description: "This refund's share of the gift value the activity gave" },
      valueTakenBack: { ...money, description: 'Of it, taken from the gift portion (the rest had been spent: the shortfall)' },
      pointsDue: { type: 'integer', description: "This refund's share of the points given" },
      pointsTakenBack: { type: 'integer', description: 'Of them, taken from the points balance' },
      couponsDue: { type: 'integer', description: "This refund's share of the coupons given" },
      couponsVoided: { type: 'integer', description: 'Of them, unused coupons voided (a used coupon stays used)' },
    },
    { description: "What a refund took back of a top-up promotion's gift" },
  );

export const firedActivitySchema: JsonSchema = objectOf(
  {
    activityId: { type: 'integer' },
    number: { type: 'string', description: 'The activity number (AC + 8 digits)' },
    name: { type: 'string' },
    kind: activityKindSchema,
    awards: arrayOf(awardSchema),
  },
  { description: 'An activity that fired and what it gave' },
);

const EXCLUSIONS = [
  'notAudited',
  'outsideWindow',
  'weekday',
  'timeOfDay',
  'store',
  'area',
  'marketingCenter',
  'level',
  'channel',
  'budgetSpent',
  'memberLimit',
  'dailyLimit',
  'stackingLost',
  'ruleNotMet',
  'rewardUnavailable',
] as const;

const simulation = objectOf({
  basicPoints: {
    ...wire.points,
    description: 'The basic points (the BASIC_POINTS activity in scope, else the points settings), before speed',
  },
  totalPoints: { ...wire.points, description: 'Every point the sale would earn' },
  pointsPaid: { ...wire.points, description: 'Points the sale would pay as cash' },
  fired: arrayOf(firedActivitySchema),
  excluded: arrayOf(
    objectOf(
      {
        activityId: { type: 'integer' },
        number: { type: 'string' },
        name: { type: 'string' },
        kind: activityKindSchema,
        reason: oneOf(EXCLUSIONS, 'Why it gives nothing'),
        reasonText: { type: 'string', description: 'The reason in the caller’s language' },
        detail: {
          type: 'string',
          description:
            'The winner’s number (stackingLost), or why the rule is not met or the reward cannot be given, in the caller’s language',
        },
      },
      { optional: ['detail'] },
    ),
  ),
});

const figures = {
  participants: { type: 'integer', description: 'Distinct members given something' },
  transactions: { type: 'integer', description: 'Givings (sales or events)' },
  points: { ...wire.points, description: 'Points given, net of what returns took back' },
  coupons: { type: 'integer', description: 'Coupons given, net of those voided by returns' },
  salesAmount: { ...wire.moneyText, description: 'Sales the activity drove' },
};

const evaluation = objectOf({
  summary: objectOf({
    ...figures,
    gifts: { type: 'integer', description: 'Gift units handed out' },
    cost: { ...wire.moneyText, description: 'Face value of the coupons given' },
  }),
  costByBearer: arrayOf(
    objectOf({ costPartyId: nullable({ type: 'integer' }), costPartyName: nullable({ type: 'string' }), cost: wire.moneyText }),
  ),
  byDay: arrayOf(objectOf({ day: wire.date, ...figures })),
});

export const engineDocs = {
  simulateTopUp: {
    operationId: 'activities.simulateTopUp',
    tags: ['promotion'],
    summary: 'Simulate a top-up: what the top-up promotions would give a member for an amount (nothing is posted)',
    description:
      'Runs the giving of the top-up promotions of the kind (STORE_VALUE_ACTIVE: a stored-value recharge; PREPAY_CARD_CHARGE_GIFT: a card ' +
      'top-up) in a transaction that rolls back: the highest tier not above the amount, within the budgets and limits as they stand; an ' +
      'activity given once per member that already gave lists nothing. `activityIds` adds activities in any state. 409: the member is not in use.',
    response: answers(objectOf({ fired: arrayOf(firedActivitySchema) }), 'notFound', 'forbidden', 'conflict'),
  },
  simulatePay: {
    operationId: 'activities.simulatePay',
    tags: ['promotion'],
    summary: 'Simulate a payment from stored value or a card: what the payment offers would take off a bill (nothing is posted)',
    description:
      'Runs the payment offers of what is paid from (`holder`: storedValue, the default: STORE_VALUE_PAY_REDUCE and ' +
      'STORE_VALUE_PAY_DISCOUNT; card: CARD_PAY_REDUCE and CARD_PAY_DISCOUNT) on a bill of `amount` at `storeId` in a ' +
      "transaction that rolls back: the one taking the most, within its caps and the member's cap as they stand. `couponsUsed`: the bill " +
      'used coupons. `activityIds` adds activities in any state. 409: the member is not in use.',
    response: answers(
      objectOf({ discount: { ...wire.money, description: 'Money off the bill' }, fired: arrayOf(firedActivitySchema) }),
      'notFound',
      'forbidden',
      'conflict',
    ),
  },
  simulate: {
    operationId: 'activities.simulate',
    tags: ['promotion'],
    summary: 'Simulate a sale: which activities would fire, which are excluded and why, what each would give (nothing is posted)',
    description:
      'Runs the sale itself (POST /v1/points/transaction) and rolls it back: it refuses what the sale would refuse, with the same answer ' +
      '(400 points paid beyond the rule, 409 the member not in use or points paid beyond the balance), and lists what the sale would give: ' +
      'a coupon reward shrunk to what its template can still issue, or excluded as rewardUnavailable when none can be.',
    response: answers(simulation, 'notFound', 'forbidden', 'conflict'),
  },
  evaluation: {
    operationId: 'activities.evaluation',
    tags: ['promotion'],
    summary: "An activity's effect: participants, transactions, points, coupons, gifts, sales driven, cost by bearer, by day",
    response: answers(evaluation, 'notFound', 'forbidden'),
  },
} satisfies Record<string, RouteDocs>;
