import { field, type EnumField } from '../define';

/**
 * How a buyer pays, on the prepaid-card documents that take money (sale bills, top-ups). Their
 * life cycle is the audited document's (resources/document-presets.ts).
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
