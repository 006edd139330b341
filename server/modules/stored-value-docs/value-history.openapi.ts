import { answers, arrayOf, nullable, objectOf, pageOf, wire, type JsonSchema, type RouteDocs } from '../../http/openapi.schemas';
import { VALUE_ENTRY_KINDS } from '../ledger';

/**
 * The OpenAPI description of the stored-value history reads (value-history.routes.ts):
 * operation ids `storedValueHistory.<operation>`, the deposit menu group's tag.
 */

const doc = (name: string, summary: string, data: JsonSchema): RouteDocs => ({
  operationId: `storedValueHistory.${name}`,
  tags: ['deposit'],
  summary,
  response: answers(data),
});

const yuan = (description: string) => ({ ...wire.money, description });

const entry = objectOf({
  id: { type: 'integer' },
  memberId: { type: 'integer' },
  memberName: nullable({ type: 'string' }),
  memberNumber: nullable({ type: 'string' }),
  principalDelta: yuan('Change of the principal portion'),
  giftDelta: yuan('Change of the gift portion'),
  amount: yuan('Change of the balance: principal + gift'),
  principalAfter: yuan('Principal after the entry'),
  giftAfter: yuan('Gift portion after the entry'),
  balanceAfter: yuan('Balance after the entry'),
  kind: { type: 'string', enum: [...VALUE_ENTRY_KINDS] },
  channel: nullable({ type: 'string', description: 'store, weixin, alipay, third or weixinApp; null when none applies' }),
  sourceType: { type: 'string', description: 'What caused it: recharge, payment, refund, adjustment, init, batch …' },
  sourceId: nullable({ type: 'string', description: 'The document or request number' }),
  storeId: nullable({ type: 'integer' }),
  storeName: nullable({ type: 'string' }),
  operatorName: nullable({ type: 'string' }),
  occurredAt: wire.dateTime,
  remark: nullable({ type: 'string' }),
});

const sums = {
  entries: { type: 'integer' },
  principal: yuan('Net change of the principal'),
  gift: yuan('Net change of the gift portion'),
  amount: yuan('Net change of the balance'),
  amountIn: yuan('Sum of the entries that added value'),
  amountOut: yuan('Sum of the entries that took value, as a positive amount'),
};

export const valueHistoryDocs = {
  query: doc(
    'query',
    'The stored-value history: ledger entries of members, newest first, with totals by channel and kind',
    pageOf(entry, {
      totalIsEstimate: { type: 'boolean' },
      nextCursor: nullable({ type: 'integer', description: 'Send as cursor for the next page' }),
      totals: objectOf(sums, { description: 'Over the whole filter' }),
      byKind: arrayOf(objectOf({ kind: { type: 'string' }, ...sums })),
      byChannel: arrayOf(objectOf({ channel: nullable({ type: 'string' }), ...sums })),
    }),
  ),
  stores: doc(
    'stores',
    "Store names for the history's store column and filter",
    arrayOf(objectOf({ id: { type: 'integer' }, title: { type: 'string' } })),
  ),
};
