import { STORED_VALUE_READ } from '../../../resources/deposit/stored-value-grants';
import type { FastifyInstance } from 'fastify';
import type { PermissionRef } from '../../../resources/catalog/types';
import { ok } from '../../http/envelope';
import { describeRoute } from '../../http/openapi.schemas';
import { authOf } from '../auth/access.hook';
import { idempotentReply } from '../idempotency/idempotency.service';
import { VALUE_CHANNELS } from '../ledger';
import { storedValueDocs } from './stored-value.openapi';
import {
  balanceOf,
  pay,
  recharge,
  refund,
  refundRecharge,
  type PayInput,
  type RechargeInput,
  type RechargeRefundInput,
  type RefundInput,
} from './stored-value.service';

/**
 * The stored-value entry points for tills and apps (README.md beside this file). Moving value
 * needs the maintenance grant of the stored-value accounts (储值/储值账户 · 配置维护), the
 * grant a till's account is given; reading a balance, any grant that reads accounts. Every
 * member, payment and store is looked up in the caller's tenant only.
 */
export const STORED_VALUE_MOVE: readonly PermissionRef[] = [{ resourceId: '储值/储值账户', action: '配置维护' }];
export { STORED_VALUE_READ };

const requestNo = { type: 'string', minLength: 1, maxLength: 64 } as const;
const amount = { type: ['string', 'number'] } as const;
const id = { type: 'integer', minimum: 1 } as const;

const rechargeSchema = {
  body: {
    type: 'object',
    required: ['requestNo', 'memberId', 'amount', 'channel'],
    additionalProperties: false,
    properties: {
      requestNo,
      memberId: id,
      amount,
      giftAmount: { type: ['string', 'number', 'null'] },
      channel: { type: 'string', enum: [...VALUE_CHANNELS] },
      storeId: { type: ['integer', 'null'], minimum: 1 },
      remark: { type: ['string', 'null'], maxLength: 200 },
    },
  },
} as const;

const paySchema = {
  body: {
    type: 'object',
    required: ['requestNo', 'memberId', 'amount', 'storeId'],
    additionalProperties: false,
    properties: {
      requestNo,
      memberId: id,
      amount,
      storeId: id,
      lines: {
        type: 'array',
        maxItems: 500,
        items: {
          type: 'object',
          required: ['goodsId', 'amount'],
          additionalProperties: false,
          properties: { goodsId: id, amount },
        },
      },
      remark: { type: ['string', 'null'], maxLength: 200 },
      couponsUsed: { type: 'boolean', description: 'The bill used coupons (payment offers not given with coupons give nothing)' },
    },
  },
} as const;

const refundSchema = {
  body: {
    type: 'object',
    required: ['refundNo', 'requestNo', 'amount'],
    additionalProperties: false,
    properties: { refundNo: requestNo, requestNo, amount, storeId: { type: ['integer', 'null'], minimum: 1 } },
  },
} as const;

const rechargeRefundSchema = {
  body: {
    type: 'object',
    required: ['refundNo', 'requestNo', 'amount'],
    additionalProperties: false,
    properties: {
      refundNo: requestNo,
      requestNo,
      amount,
      storeId: { type: ['integer', 'null'], minimum: 1 },
      remark: { type: ['string', 'null'], maxLength: 200 },
    },
  },
} as const;

const balanceSchema = {
  querystring: { type: 'object', required: ['memberId'], additionalProperties: false, properties: { memberId: id } },
} as const;

export async function storedValueRoutes(app: FastifyInstance): Promise<void> {
  const db = app.database.db;
  const mover = (request: Parameters<typeof authOf>[0]) => {
    const auth = authOf(request);
    return { db, tenantId: auth.tenantId, operatorId: auth.userId, now: app.clock() };
  };

  app.post<{ Body: RechargeInput }>(
    '/v1/stored-value/recharge',
    { schema: describeRoute(rechargeSchema, storedValueDocs.recharge), config: { requires: STORED_VALUE_MOVE } },
    async (request, reply) => idempotentReply(reply, await recharge({ ...mover(request), body: request.body, locale: request.ctx.locale })),
  );

  app.post<{ Body: PayInput }>(
    '/v1/stored-value/pay',
    { schema: describeRoute(paySchema, storedValueDocs.pay), config: { requires: STORED_VALUE_MOVE } },
    async (request, reply) => idempotentReply(reply, await pay({ ...mover(request), body: request.body })),
  );

  app.post<{ Body: RefundInput }>(
    '/v1/stored-value/refund',
    { schema: describeRoute(refundSchema, storedValueDocs.refund), config: { requires: STORED_VALUE_MOVE } },
    async (request, reply) => idempotentReply(reply, await refund({ ...mover(request), body: request.body })),
  );

  app.post<{ Body: RechargeRefundInput }>(
    '/v1/stored-value/recharge-refund',
    { schema: describeRoute(rechargeRefundSchema, storedValueDocs.rechargeRefund), config: { requires: STORED_VALUE_MOVE } },
    async (request, reply) => idempotentReply(reply, await refundRecharge({ ...mover(request), body: request.body })),
  );

  app.get<{ Querystring: { memberId: number } }>(
    '/v1/stored-value/balance',
    { schema: describeRoute(balanceSchema, storedValueDocs.balance), config: { requires: STORED_VALUE_READ } },
    async (request) => ok(await balanceOf({ db, tenantId: authOf(request).tenantId, memberId: request.query.memberId })),
  );
}
