import type { FastifyInstance } from 'fastify';
import type { PermissionRef } from '../../../resources/catalog/types';
import { ok } from '../../http/envelope';
import { describeRoute } from '../../http/openapi.schemas';
import { requestInstant } from '../../crud/state-timeline';
import { authOf } from '../auth/access.hook';
import { idempotentReply } from '../idempotency/idempotency.service';
import { couponsDocs } from './coupons.openapi';
import { COUPON_SOURCES, ISSUE_MAX, issueCoupons, type IssueInput } from './issue.service';
import { checkCoupons, redeemCoupon, undoRedemption, type CheckInput, type RedeemInput, type UndoInput } from './redeem.service';

/**
 * The coupon entry points for tills and apps (README.md beside this file). Tills hold the
 * integration grant of the coupon inquiry (券/券查询/交易接入 · configure); issuing by hand is also
 * open to those who maintain coupons (券/券查询 · 配置维护), and the check to those who read them.
 */
export const COUPON_TILL: readonly PermissionRef[] = [{ resourceId: '券/券查询/交易接入', action: 'configure' }];
const COUPON_ISSUE: readonly PermissionRef[] = [...COUPON_TILL, { resourceId: '券/券查询', action: '配置维护' }];
const COUPON_CHECK: readonly PermissionRef[] = [...COUPON_TILL, { resourceId: '券/券查询', action: '数据查看' }];

const number = { type: 'string', minLength: 1, maxLength: 64 } as const;
const id = { type: 'integer', minimum: 1 } as const;
const amount = { type: ['string', 'number'] } as const;
const basket = {
  memberId: id,
  storeId: id,
  lines: {
    type: 'array',
    minItems: 1,
    maxItems: 500,
    items: {
      type: 'object',
      required: ['goodsId', 'quantity', 'amount'],
      additionalProperties: false,
      properties: { goodsId: id, quantity: amount, amount },
    },
  },
  freight: { type: ['string', 'number', 'null'] },
  pointsAsCash: { type: 'boolean', description: 'The order also pays with points as cash' },
} as const;

const issueSchema = {
  body: {
    type: 'object',
    required: ['requestNo', 'templateId', 'memberId'],
    additionalProperties: false,
    properties: {
      requestNo: number,
      templateId: id,
      memberId: id,
      quantity: { type: 'integer', minimum: 1, maximum: ISSUE_MAX },
      source: { type: 'string', enum: [...COUPON_SOURCES] },
      sourceRef: { type: ['string', 'null'], maxLength: 64 },
    },
  },
} as const;
const checkSchema = {
  body: { type: 'object', required: ['memberId', 'storeId', 'lines'], additionalProperties: false, properties: basket },
} as const;
const redeemSchema = {
  body: {
    type: 'object',
    required: ['requestNo', 'code', 'memberId', 'orderNo', 'storeId', 'lines'],
    additionalProperties: false,
    properties: { requestNo: number, code: { type: 'string', minLength: 1, maxLength: 40 }, orderNo: number, ...basket },
  },
} as const;
const undoSchema = {
  body: {
    type: 'object',
    required: ['returnNo', 'orderNo'],
    additionalProperties: false,
    properties: { returnNo: number, orderNo: number, code: { type: ['string', 'null'], maxLength: 40 } },
  },
} as const;

export async function couponsRoutes(app: FastifyInstance): Promise<void> {
  const db = app.database.db;
  const caller = (request: Parameters<typeof authOf>[0]) => {
    const auth = authOf(request);
    return { db, tenantId: auth.tenantId, operatorId: auth.userId, now: requestInstant(request), zone: request.ctx.timeZone };
  };

  app.post<{ Body: IssueInput }>(
    '/v1/coupons/issue',
    { schema: describeRoute(issueSchema, couponsDocs.issue), config: { requires: COUPON_ISSUE } },
    async (request, reply) =>
      idempotentReply(reply, await issueCoupons({ ...caller(request), body: request.body, direct: { locale: request.ctx.locale } })),
  );

  app.post<{ Body: CheckInput }>(
    '/v1/coupons/applicable',
    { schema: describeRoute(checkSchema, couponsDocs.applicable), config: { requires: COUPON_CHECK } },
    async (request) => ok(await checkCoupons({ ...caller(request), body: request.body })),
  );

  app.post<{ Body: RedeemInput }>(
    '/v1/coupons/redeem',
    { schema: describeRoute(redeemSchema, couponsDocs.redeem), config: { requires: COUPON_TILL } },
    async (request, reply) => idempotentReply(reply, await redeemCoupon({ ...caller(request), body: request.body })),
  );

  app.post<{ Body: UndoInput }>(
    '/v1/coupons/undo',
    { schema: describeRoute(undoSchema, couponsDocs.undo), config: { requires: COUPON_TILL } },
    async (request, reply) => idempotentReply(reply, await undoRedemption({ ...caller(request), body: request.body })),
  );
}
