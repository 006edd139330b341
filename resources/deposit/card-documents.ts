import { field, type EnumField } from '../define';

/**
 * What the prepaid-card documents (sale bills, top-ups, adjustments) share: how a buyer pays and
 * the two-state life cycle of an audited document (INITIAL 未审核 while drafted, EFFECTED 已审核 once
 * its audit has posted it to the ledger, exactly once).
 */
export const PAY_METHOD_OPTIONS = {
  CASH: { label: ['现金', 'Cash'] },
  BANK_CARD: { label: ['银行卡', 'Bank card'] },
  WEIXIN: { label: ['微信支付', 'WeChat Pay'] },
  ALIPAY: { label: ['支付宝', 'Alipay'] },
  TRANSFER: { label: ['对公转账', 'Bank transfer'] },
} as const;

/** The payment method of a document that takes money (required, filterable). */
export function payMethodField(): EnumField {
  return field.enum({
    label: ['收款方式', 'Payment method'],
    required: true,
    options: PAY_METHOD_OPTIONS,
    defaultValue: 'CASH',
    filter: 'eq',
    width: 110,
  });
}

/** The state field of an audited document. */
export function auditedDocumentState(): EnumField {
  return field.enum({
    label: ['状态', 'Status'],
    options: {
      INITIAL: { label: ['未审核', 'Not audited'], color: 'orange' },
      EFFECTED: { label: ['已审核', 'Audited'], color: 'green' },
    },
    defaultValue: 'INITIAL',
    serverManaged: true,
    filter: 'eq',
    width: 100,
  });
}
