/**
 * The JSON schemas of a sale's lines and payments, shared by the till's sale
 * (`POST /v1/points/transaction`) and the activity simulator (`POST /v1/activities/simulate`),
 * which take the same basket.
 */

const MONEY = { type: ['string', 'number'] } as const;

export const SALE_LINES_SCHEMA = {
  type: 'array',
  minItems: 1,
  maxItems: 500,
  items: {
    type: 'object',
    required: ['goodsCode', 'quantity', 'amount'],
    additionalProperties: false,
    properties: {
      goodsCode: { type: 'string', minLength: 1, maxLength: 64 },
      quantity: { type: 'number', exclusiveMinimum: 0 },
      amount: MONEY,
      // What the till took off the line's price (a fuel station's discount per litre): the amount is after it.
      discount: MONEY,
    },
  },
} as const;

export const SALE_PAYMENTS_SCHEMA = {
  type: 'array',
  maxItems: 50,
  items: {
    type: 'object',
    required: ['method', 'amount'],
    additionalProperties: false,
    properties: {
      method: { type: 'string', enum: ['CASH', 'STORED_VALUE', 'PREPAID_CARD', 'POINTS', 'COUPON', 'OTHER'] },
      amount: MONEY,
      points: { type: 'integer', minimum: 1, maximum: 1000000000 },
      couponTemplateId: { type: 'integer', minimum: 1, maximum: 9007199254740991 },
    },
  },
} as const;

export const CHANNEL_CODE_SCHEMA = { type: ['string', 'null'], maxLength: 64 } as const;
