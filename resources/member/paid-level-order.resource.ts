import { defineResource, field } from '../define';

/**
 * An order for a paid level (store-pay-list): a member bought a paid level in a store or an
 * online channel. Orders are written by the selling channel, never typed in the console, so the
 * declaration is read-only: the list, filters and detail only.
 */
export const paidLevelOrderResource = defineResource({
  name: 'paid-level-order',
  table: 'paid_level_orders',
  title: ['付费等级订单', 'Paid level order'],
  route: { group: 'member', entry: 'store-pay', screens: { list: 'store-pay-list' } },
  // Nothing writes through the console; the write action would only guard state actions.
  access: { read: ['单据查看'], write: '单据查看' },
  scope: 'tenant',
  readOnly: true,
  files: { module: 'members' },
  fields: {
    number: field.text({
      label: ['订单号', 'Order number'],
      required: true,
      unique: true,
      maxLength: 32,
      searchable: true,
      filter: 'prefix',
      sortable: true,
      width: 170,
    }),
    // The member, shown by member number (not the internal id), whatever the reader may see of members.
    memberId: field.relation({
      label: ['会员编号', 'Member number'],
      resource: 'member',
      shownAs: 'memberNumber',
      required: true,
      filter: 'eq',
      width: 130,
    }),
    memberName: field.text({ label: ['会员姓名', 'Member name'], maxLength: 60, searchable: true, width: 110 }),
    mobile: field.text({ label: ['手机号', 'Mobile'], maxLength: 20, filter: 'prefix', width: 130 }),
    level: field.relation({ label: ['付费等级', 'Paid level'], resource: 'level', required: true, filter: 'eq', width: 120 }),
    amount: field.money({ label: ['支付金额', 'Amount paid'], required: true, min: 0, max: 99999, sortable: true, width: 110 }),
    termMonths: field.integer({ label: ['购买月数', 'Months bought'], min: 1, max: 120, width: 100 }),
    paidAt: field.datetime({ label: ['支付时间', 'Paid at'], required: true, filter: 'range', sortable: true, width: 170 }),
    validUntil: field.date({ label: ['有效期至', 'Valid until'], sortable: true, width: 120 }),
    store: field.relation({ label: ['购买门店', 'Store'], resource: 'store', filter: 'eq', width: 180 }),
    payChannel: field.enum({
      label: ['支付方式', 'Paid by'],
      required: true,
      options: {
        WECHAT: { label: ['微信支付', 'WeChat Pay'], color: 'green' },
        ALIPAY: { label: ['支付宝', 'Alipay'], color: 'blue' },
        STORED_VALUE: { label: ['储值余额', 'Stored value'], color: 'gold' },
        CASH: { label: ['现金', 'Cash'], color: 'default' },
      },
      filter: 'eq',
      width: 100,
    }),
    state: field.enum({
      label: ['订单状态', 'Status'],
      required: true,
      options: {
        PAID: { label: ['已支付', 'Paid'], color: 'green' },
        REFUNDED: { label: ['已退款', 'Refunded'], color: 'red' },
        EXPIRED: { label: ['已到期', 'Expired'], color: 'default' },
      },
      filter: 'eq',
      width: 100,
    }),
  },
  titleField: 'number',
  list: {
    columns: ['number', 'memberId', 'memberName', 'mobile', 'level', 'amount', 'paidAt', 'store', 'payChannel', 'state'],
    defaultSort: { field: 'paidAt', order: 'desc' },
    totals: ['amount'],
  },
  deletable: false,
});
