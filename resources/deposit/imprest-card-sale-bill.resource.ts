import { defineResource, field } from '../define';
import { preset } from '../field-presets';
import { auditedDocument } from '../document-presets';
import { payMethodField } from './card-documents';

/**
 * A card sale bill (售卡单, deposit/imprest-card-sale-bill): who buys (a member, or a company by
 * name), from which store, and which cards: each line either a card number range of one template
 * or a template and a quantity taken from the store's stock (lowest numbers first). The totals
 * follow the lines on every save (cards, face value, price); the discount comes off the price and
 * the rest is what the buyer pays, by the payment method. The save applies the gift card campaign
 * in progress (promotion/gift-card-activity): its discount on the lines and the bill, its bonus
 * cards on the bill, which the audit sells at no price from the store's stock.
 *
 * Life cycle: INITIAL 未审核 while drafted (editable, deletable); `audit` moves it to EFFECTED
 * 已审核 and, in the same transaction, activates every card of its lines and posts each card's face
 * value to the ledger (kind `sale`, principal), exactly once: the engine's conditional state update
 * lets one of any number of concurrent audits through (server/modules/cards/card-sale.hooks.ts). A
 * card that is not in stock at the bill's store refuses the whole audit, naming the line.
 */
export const imprestCardSaleBillResource = defineResource({
  name: 'imprest-card-sale-bill',
  table: 'imprest_card_sale_bills',
  title: ['售卡单', 'Card sale bill'],
  route: { group: 'deposit', entry: 'imprest-card-sale-bill', screens: { list: 'list', add: 'edit', edit: 'edit', dtl: 'dtl' } },
  access: { read: ['单据查看'], write: '配置维护' },
  scope: 'tenant',
  files: { module: 'prepaidCards', importable: false },
  fields: {
    number: preset.documentNumber(),
    store: field.relation({ label: ['售卡门店', 'Selling store'], resource: 'store', required: true, filter: 'eq', width: 150 }),
    buyerType: field.enum({
      label: ['购卡方', 'Buyer type'],
      required: true,
      options: { MEMBER: { label: ['会员', 'Member'], color: 'blue' }, COMPANY: { label: ['单位', 'Company'], color: 'purple' } },
      defaultValue: 'MEMBER',
      filter: 'eq',
      width: 90,
    }),
    member: field.relation({
      label: ['购卡会员', 'Buying member'],
      help: ['售出的卡绑定到该会员', 'The cards sold are bound to this member'],
      resource: 'member',
      shownAs: 'memberNumber',
      required: true,
      when: { field: 'buyerType', in: ['MEMBER'] },
      filter: 'eq',
      width: 130,
    }),
    companyName: field.text({
      label: ['购卡单位', 'Company'],
      required: true,
      when: { field: 'buyerType', in: ['COMPANY'] },
      maxLength: 100,
      searchable: true,
      width: 160,
    }),
    contact: preset.phone(['联系电话', 'Contact phone']),
    cardCount: field.integer({ label: ['卡数', 'Cards'], serverManaged: true, width: 80 }),
    totalFace: field.money({ label: ['面值合计(元)', 'Face value (yuan)'], serverManaged: true, width: 130 }),
    totalPrice: field.money({ label: ['售价合计(元)', 'Price (yuan)'], serverManaged: true, width: 120 }),
    discount: field.money({ label: ['优惠金额(元)', 'Discount (yuan)'], defaultValue: '0', min: 0, max: 100_000_000, width: 120 }),
    // The gift card campaign the save applied (server/modules/cards/card-sale-promotion.ts).
    activity: field.relation({
      label: ['礼品卡活动', 'Gift card campaign'],
      resource: 'activity',
      serverManaged: true,
      inList: false,
    }),
    activityName: field.text({ label: ['礼品卡活动', 'Gift card campaign'], serverManaged: true, maxLength: 100, width: 160 }),
    activityDiscount: field.money({ label: ['活动优惠(元)', 'Campaign discount (yuan)'], serverManaged: true, width: 130 }),
    bonusTemplate: field.relation({ label: ['赠送卡模板', 'Bonus card template'], resource: 'card-template', serverManaged: true }),
    bonusCards: field.integer({ label: ['赠卡张数', 'Bonus cards'], serverManaged: true, width: 90 }),
    bonusFace: field.money({ label: ['赠卡面值(元)', 'Bonus card value (yuan)'], serverManaged: true, width: 130 }),
    paidAmount: field.money({
      label: ['实收金额(元)', 'Amount paid (yuan)'],
      help: ['售价合计减优惠金额和活动优惠', 'Price total less the discount and the campaign discount'],
      serverManaged: true,
      sortable: true,
      width: 130,
    }),
    payMethod: payMethodField(),
    ...auditedDocument.trail(),
    lines: field.lines({
      label: ['售卡明细', 'Cards sold'],
      required: true,
      minLines: 1,
      maxLines: 100,
      fields: {
        mode: field.enum({
          label: ['选卡方式', 'Cards by'],
          required: true,
          options: { RANGE: { label: ['卡号段', 'Number range'] }, QUANTITY: { label: ['按数量', 'Quantity'] } },
          defaultValue: 'QUANTITY',
        }),
        // Cards are sold of enabled templates only (the audit activates them from it).
        template: field.relation({
          label: ['卡模板', 'Card template'],
          resource: 'card-template',
          required: true,
          pickable: { field: 'state', in: ['ENABLED'] },
        }),
        startNumber: field.text({
          label: ['起始卡号', 'First number'],
          required: true,
          maxLength: 40,
          when: { field: 'mode', in: ['RANGE'] },
        }),
        endNumber: field.text({
          label: ['结束卡号', 'Last number'],
          required: true,
          maxLength: 40,
          when: { field: 'mode', in: ['RANGE'] },
        }),
        quantity: field.integer({
          label: ['数量', 'Quantity'],
          required: true,
          min: 1,
          max: 5000,
          when: { field: 'mode', in: ['QUANTITY'] },
        }),
        cardCount: field.integer({ label: ['卡数', 'Cards'], serverManaged: true }),
        faceAmount: field.money({ label: ['面值小计(元)', 'Face value (yuan)'], serverManaged: true }),
        amount: field.money({ label: ['售价小计(元)', 'Price (yuan)'], serverManaged: true }),
        activityName: field.text({ label: ['礼品卡活动', 'Gift card campaign'], serverManaged: true, maxLength: 100 }),
        activityDiscount: field.money({ label: ['活动优惠(元)', 'Campaign discount (yuan)'], serverManaged: true }),
      },
      // Cards asked by quantity, summed as they are typed; ranges are counted by the save.
      totals: ['quantity'],
      // The price total and what the buyer pays, as the lines and the discount are typed.
      amounts: {
        count: 'quantity',
        range: ['startNumber', 'endNumber'],
        unit: { reference: 'template', field: 'price' },
        total: 'totalPrice',
        less: { field: 'discount', into: 'paidAmount' },
      },
    }),
  },
  titleField: 'number',
  numbering: { field: 'number', prefix: 'CS', digits: 8 },
  list: {
    columns: [
      'number',
      'store',
      'buyerType',
      'member',
      'companyName',
      'cardCount',
      'totalFace',
      'paidAmount',
      'payMethod',
      'state',
      'auditedAt',
    ],
    defaultSort: { field: 'number', order: 'desc' },
    totals: ['cardCount', 'totalFace', 'paidAmount'],
    // What the buyer paid, rather than the face value, is the bill's amount.
    keyColumns: ['number', 'paidAmount', 'state'],
  },
  form: [
    { key: 'buyer', title: ['购卡信息', 'Buyer'], fields: ['store', 'buyerType', 'member', 'companyName', 'contact'] },
    { key: 'lines', title: ['售卡明细', 'Cards sold'], fields: ['lines'] },
    { key: 'payment', title: ['收款', 'Payment'], fields: ['discount', 'payMethod', 'remark'] },
  ],
  detail: {
    sections: [
      {
        key: 'header',
        title: ['单据信息', 'Document'],
        fields: ['number', 'state', 'store', 'buyerType', 'member', 'companyName', 'contact', 'auditedAt', 'remark'],
      },
      {
        key: 'payment',
        title: ['收款', 'Payment'],
        fields: [
          'cardCount',
          'totalFace',
          'totalPrice',
          'discount',
          'activityName',
          'activityDiscount',
          'bonusTemplate',
          'bonusCards',
          'bonusFace',
          'paidAmount',
          'payMethod',
        ],
      },
      { key: 'lines', title: ['售卡明细', 'Cards sold'], fields: ['lines'] },
    ],
    // The numbers the audit took (a quantity line takes the store's lowest numbers), to hand over
    // and to find again: the latest here, all of them in the card list filtered on the bill.
    related: [
      {
        key: 'cards',
        title: ['售出的卡', 'Card numbers sold'],
        resource: 'prepay-card',
        field: 'saleBill',
        columns: ['number', 'template', 'state', 'balance', 'validTo'],
      },
    ],
  },
  states: auditedDocument.states([
    '审核后单据中的卡立即激活并按面值入账，单据不能再修改或删除。确定审核“{title}”吗？',
    'Once audited, the cards are activated with their face value and the bill can no longer be changed or deleted. Audit "{title}"?',
  ]),
  // The face value posted beyond what the buyer pays (a discount, a campaign's discount and bonus
  // cards, a price below face value).
  creates: { values: [{ kind: 'cardValue', fields: ['totalFace', 'bonusFace'], paid: ['paidAmount'] }] },
  deletable: true,
});
