import { defineResource, field } from '../define';
import { CARD_STATE_OPTIONS } from './card-states';

/**
 * A prepaid card (预付卡, deposit/prepay-card: the 预付卡查询 screen). Cards are never typed in:
 * `POST /v1/prepay-card/make` makes them in batches from an enabled template
 * (server/modules/cards/card-making.ts), a sale bill's audit activates them, tills pay with them.
 * So the declaration is read-only (no saveNew / modify / delete) and keeps its state actions:
 * freeze, unfreeze and void, each with a reason in the state history.
 *
 * The balance is the ledger's (holder `{ kind: 'card' }`, server/modules/ledger): `balance` here is
 * the copy the card module writes from the ledger's `balanceAfter` in the same transaction as
 * every posting, so the list can show, filter and sort it; the detail's history tab reads the
 * ledger itself. The secret is a salted scrypt hash in its own table (`prepay_card_secrets`), never answered.
 */
export const prepayCardResource = defineResource({
  name: 'prepay-card',
  table: 'prepay_cards',
  title: ['预付卡', 'Prepaid card'],
  route: { group: 'deposit', entry: 'prepay-card', screens: { list: 'prepay-card' } },
  access: { read: ['预付卡查看', '配置维护'], write: '配置维护' },
  scope: 'tenant',
  readOnly: true,
  files: { module: 'prepaidCards', importable: false },
  picker: { search: ['number'], card: ['state', 'balance', 'validTo', 'member'] },
  fields: {
    number: field.text({
      label: ['卡号', 'Card number'],
      required: true,
      unique: true,
      maxLength: 40,
      searchable: true,
      filter: 'prefix',
      sortable: true,
      width: 190,
    }),
    template: field.relation({ label: ['卡模板', 'Card template'], resource: 'card-template', required: true, filter: 'eq', width: 160 }),
    cardType: field.enum({
      label: ['卡类型', 'Card type'],
      required: true,
      options: {
        IMPREST_CARD: { label: ['充值卡', 'Recharge card'], color: 'blue' },
        OFFLINE_GIFT_CARD: { label: ['实体礼品卡', 'Physical gift card'], color: 'gold' },
        ONLINE_GIFT_CARD: { label: ['电子礼品卡', 'Electronic gift card'], color: 'magenta' },
        RECHARGEABLE_CARD: { label: ['储值卡', 'Stored-value card'], color: 'green' },
      },
      filter: 'in',
      width: 120,
    }),
    state: field.enum({
      label: ['状态', 'Status'],
      options: CARD_STATE_OPTIONS,
      defaultValue: 'IN_STOCK',
      serverManaged: true,
      filter: 'in',
      sortable: true,
      width: 100,
    }),
    faceValue: field.money({ label: ['面值(元)', 'Face value (yuan)'], required: true, width: 110 }),
    balance: field.money({
      label: ['余额(元)', 'Balance (yuan)'],
      help: ['本金与赠送之和，来自储值账本', 'Principal plus gift, from the value ledger'],
      defaultValue: '0',
      serverManaged: true,
      filter: 'range',
      sortable: true,
      width: 110,
    }),
    store: field.relation({ label: ['所属门店', 'Holding store'], resource: 'store', filter: 'eq', width: 150 }),
    member: field.relation({
      label: ['持卡会员', 'Card holder'],
      resource: 'member',
      shownAs: 'memberNumber',
      filter: 'eq',
      width: 130,
    }),
    buyer: field.text({ label: ['购卡人', 'Buyer'], maxLength: 100, searchable: true, width: 140 }),
    batch: field.relation({ label: ['制卡批次', 'Card batch'], resource: 'prepay-card-batch', filter: 'eq', width: 130 }),
    saleBill: field.relation({ label: ['售卡单', 'Sale bill'], resource: 'imprest-card-sale-bill', filter: 'eq', width: 130 }),
    soldAt: field.datetime({ label: ['售卡时间', 'Sold at'], filter: 'range', sortable: true, width: 170 }),
    validFrom: field.date({ label: ['生效日期', 'Valid from'], width: 110 }),
    validTo: field.date({ label: ['失效日期', 'Valid until'], filter: 'range', sortable: true, width: 110 }),
  },
  titleField: 'number',
  list: {
    columns: ['number', 'template', 'cardType', 'state', 'faceValue', 'balance', 'store', 'member', 'validTo'],
    defaultSort: { field: 'number', order: 'desc' },
    totals: ['faceValue', 'balance'],
  },
  detail: [
    {
      key: 'card',
      title: ['卡信息', 'Card'],
      fields: ['number', 'template', 'cardType', 'state', 'faceValue', 'balance', 'batch', 'store'],
    },
    { key: 'sale', title: ['售卡与持卡', 'Sale and holder'], fields: ['saleBill', 'buyer', 'member', 'soldAt', 'validFrom', 'validTo'] },
  ],
  states: {
    field: 'state',
    initial: 'IN_STOCK',
    actions: {
      freeze: {
        label: ['冻结', 'Freeze'],
        from: ['ACTIVATED', 'USED_UP'],
        to: 'FROZEN',
        reason: 'required',
        confirm: ['冻结后该卡不能支付，确定冻结“{title}”吗？', 'A frozen card cannot pay. Freeze "{title}"?'],
        danger: true,
      },
      unfreeze: { label: ['解冻', 'Unfreeze'], from: ['FROZEN'], to: 'ACTIVATED', reason: 'optional' },
      void: {
        label: ['作废', 'Void'],
        from: ['IN_STOCK', 'ACTIVATED', 'FROZEN', 'USED_UP'],
        to: 'VOIDED',
        reason: 'required',
        confirm: [
          '作废后该卡永久不能使用，卡内余额将被清零，确定作废“{title}”吗？',
          'A voided card can never be used again and its balance is written off. Void "{title}"?',
        ],
        danger: true,
      },
    },
  },
  deletable: false,
});
