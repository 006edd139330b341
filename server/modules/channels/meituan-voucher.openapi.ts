import { MEITUAN_MAX_COUNT } from '../../../resources/member/meituan-vouchers.query-view';
import { CALL_OUTCOMES } from '../../../resources/setting/channel-calls.query-view';
import { answers, arrayOf, nullable, objectOf, oneOf, wire, type JsonSchema, type RouteDocs } from '../../http/openapi.schemas';

/**
 * The OpenAPI description of the Meituan voucher routes (meituan-voucher.routes.ts): operation
 * ids `meituanVoucher.<operation>`, the member group's tag (the screen is
 * /member/meituan-voucher/meituan-voucher). The consumptions' list is a query view.
 */

const tags = ['member'];

const storeId = { ...wire.id, description: 'The store the voucher is taken at (one of GET /v1/meituan-voucher/stores)' };
const code = {
  type: 'string',
  minLength: 1,
  maxLength: 40,
  description: 'The voucher code as scanned or typed (digits; spaces are ignored)',
};

export const checkVoucherBody = {
  type: 'object',
  required: ['storeId', 'code'],
  additionalProperties: false,
  properties: { storeId, code },
} as const;

export const consumeVoucherBody = {
  type: 'object',
  required: ['storeId', 'code', 'count', 'requestId'],
  additionalProperties: false,
  properties: {
    storeId,
    code,
    count: {
      type: 'integer',
      description: `How many vouchers of the code to consume, 1 to what Meituan allows (at most ${MEITUAN_MAX_COUNT})`,
    },
    requestId: {
      type: 'string',
      minLength: 8,
      maxLength: 64,
      pattern: '^[A-Za-z0-9-]+$',
      description: 'The screen’s idempotency key: the same key consumes once, a replay answers the first consumption',
    },
  },
} as const;

export const cancelVoucherQuery = {
  type: 'object',
  required: ['id'],
  properties: { id: { ...wire.id, description: 'The consumption (meituan-vouchers row)' } },
} as const;

const voucher = objectOf({
  dealId: { type: 'string', description: 'Meituan’s deal (deal_id)' },
  dealTitle: { type: 'string', description: 'The deal’s title' },
  unitPrice: wire.moneyText,
  marketPrice: nullable(wire.moneyText),
  available: { type: 'integer', description: 'How many vouchers of the code may still be consumed' },
  validTo: nullable(wire.dateTime),
});

const consumption = objectOf({
  id: wire.id,
  storeId: wire.id,
  code: { type: 'string' },
  count: { type: 'integer' },
  dealTitle: { type: 'string' },
  amount: wire.moneyText,
  state: oneOf(['CONSUMED', 'CANCELLED']),
  callId: { type: 'integer' },
  consumedAt: wire.dateTime,
});

const answer = (extra: Record<string, JsonSchema>) =>
  objectOf({
    outcome: oneOf(
      CALL_OUTCOMES,
      'OK; FAILED: Meituan refused (errorCode) or was unreachable; NOT_CONNECTED: nothing sent, nothing recorded',
    ),
    errorCode: nullable({ type: 'string', description: 'Meituan’s code (1008 …) or ours (unreachable)' }),
    errorMessage: nullable({ type: 'string' }),
    callId: nullable({ type: 'integer', description: 'The call in the call log (channel-calls)' }),
    ...extra,
  });

export const meituanVoucherDocs: Record<'stores' | 'check' | 'consume' | 'cancel', RouteDocs> = {
  stores: {
    operationId: 'meituanVoucher.stores',
    tags,
    summary: 'The open stores the caller may take vouchers at',
    response: answers(
      arrayOf(
        objectOf({
          id: wire.id,
          code: { type: 'string' },
          name: { type: 'string' },
          shopId: { type: 'string', description: 'The store’s shop at Meituan (open_shop_uuid): its Meituan shop id, else its code' },
        }),
      ),
      'forbidden',
    ),
  },
  check: {
    operationId: 'meituanVoucher.check',
    tags,
    summary: 'What Meituan says a voucher code is at the store (tuangou/receipt/prepare): deal, price, how many, validity',
    response: answers(answer({ voucher: nullable(voucher) }), 'badInput', 'forbidden'),
  },
  consume: {
    operationId: 'meituanVoucher.consume',
    tags,
    summary: 'Consumes count vouchers of a code at the store (tuangou/receipt/consume), recorded once per requestId',
    response: answers(answer({ consumption: nullable(consumption), replayed: { type: 'boolean' } }), 'badInput', 'forbidden', 'conflict'),
  },
  cancel: {
    operationId: 'meituanVoucher.cancel',
    tags,
    summary: 'Cancels a consumption through Meituan (tuangou/receipt/reverseconsume), within Meituan’s window',
    response: answers(answer({ consumption: nullable(consumption) }), 'forbidden', 'notFound', 'conflict'),
  },
};
