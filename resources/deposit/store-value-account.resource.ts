import { defineResource, field } from '../define';

const money = (label: readonly [string, string], more: { inList?: boolean; sortable?: boolean; filter?: 'range' } = {}) =>
  field.money({ label: [label[0], label[1]], required: true, defaultValue: '0.00', serverManaged: true, width: 120, ...more });

/**
 * A stored-value account (store-value-account): the money ledger's account table
 * (server/modules/ledger/README.md), declared so the list, filters, sorting, totals, export,
 * detail and the freeze / unfreeze actions (with a reason, kept in the state history) come from
 * the engine. Read-only: only the ledger moves the money columns. The table holds the accounts
 * of prepaid cards too (`holderKind = 'card'`); the resource's row filter
 * (server/modules/stored-value/store-value-account.hooks.ts) shows members' accounts only.
 */
export const storeValueAccountResource = defineResource({
  name: 'store-value-account',
  table: 'value_accounts',
  title: ['储值账户', 'Stored-value account'],
  route: { group: 'deposit', entry: 'store-value-account', screens: { list: 'store-value-account', dtl: 'store-value-account-edit' } },
  access: { read: ['账户信息查看'], write: '配置维护' },
  scope: 'tenant',
  readOnly: true,
  files: { module: 'storedValue' },
  fields: {
    holderKind: field.enum({
      label: ['账户类型', 'Holder'],
      required: true,
      options: { member: { label: ['会员', 'Member'] }, card: { label: ['预付卡', 'Prepaid card'] } },
      defaultValue: 'member',
      serverManaged: true,
      inList: false,
      inDetail: false,
    }),
    // The member; the filter's picker finds members by name, mobile or number.
    memberId: field.relation({ label: ['会员', 'Member'], resource: 'member', filter: 'eq', serverManaged: true, inList: false }),
    // Copies of the member's number, name and mobile, for the list's columns, search and filters:
    // written when the account is opened and kept in step by a trigger on members (migration
    // ledger-member-copy), never by a client.
    memberNumber: field.text({
      label: ['会员编号', 'Member number'],
      maxLength: 32,
      serverManaged: true,
      filter: 'prefix',
      searchable: true,
      width: 130,
    }),
    memberName: field.text({ label: ['会员姓名', 'Member name'], maxLength: 60, serverManaged: true, searchable: true, width: 110 }),
    mobile: field.text({ label: ['手机号', 'Mobile'], maxLength: 20, serverManaged: true, filter: 'prefix', width: 130 }),
    cardId: field.integer({
      label: ['预付卡', 'Prepaid card'],
      min: 1,
      max: 9007199254740991,
      serverManaged: true,
      inList: false,
      inDetail: false,
    }),
    principal: money(['本金余额', 'Principal'], { sortable: true }),
    gift: money(['赠送金余额', 'Gift'], { sortable: true }),
    balance: money(['储值余额', 'Balance'], { sortable: true, filter: 'range' }),
    principalIn: money(['累计充值本金', 'Principal paid in'], { inList: false }),
    principalOut: money(['累计使用本金', 'Principal used'], { inList: false }),
    giftIn: money(['累计赠送', 'Gift received'], { inList: false }),
    giftOut: money(['累计使用赠送金', 'Gift used'], { inList: false }),
    state: field.enum({
      label: ['账户状态', 'State'],
      required: true,
      options: { NORMAL: { label: ['正常', 'Normal'], color: 'green' }, FROZEN: { label: ['已冻结', 'Frozen'], color: 'red' } },
      defaultValue: 'NORMAL',
      filter: 'eq',
      width: 100,
    }),
    frozenReason: field.text({ label: ['冻结原因', 'Reason frozen'], maxLength: 200, serverManaged: true, width: 160 }),
    frozenBy: field.integer({
      label: ['冻结人', 'Frozen by'],
      min: 1,
      max: 9007199254740991,
      serverManaged: true,
      inList: false,
      inDetail: false,
    }),
    frozenAt: field.datetime({ label: ['冻结时间', 'Frozen at'], serverManaged: true, inList: false }),
    lastEntryAt: field.datetime({
      label: ['最近变动', 'Last balance change'],
      serverManaged: true,
      sortable: true,
      filter: 'range',
      width: 170,
    }),
  },
  titleField: 'memberName',
  list: {
    columns: ['memberNumber', 'memberName', 'mobile', 'principal', 'gift', 'balance', 'state', 'frozenReason', 'lastEntryAt'],
    defaultSort: { field: 'lastEntryAt', order: 'desc' },
    totals: ['principal', 'gift', 'balance'],
  },
  detail: [
    {
      key: 'account',
      title: ['账户', 'Account'],
      fields: ['memberId', 'memberNumber', 'mobile', 'state', 'frozenReason', 'frozenAt', 'lastEntryAt'],
    },
    { key: 'balances', title: ['余额', 'Balances'], fields: ['principal', 'gift', 'balance'] },
    { key: 'totals', title: ['累计', 'Lifetime totals'], fields: ['principalIn', 'principalOut', 'giftIn', 'giftOut'] },
  ],
  states: {
    field: 'state',
    initial: 'NORMAL',
    actions: {
      freeze: {
        label: ['冻结', 'Freeze'],
        from: ['NORMAL'],
        to: 'FROZEN',
        reason: 'required',
        danger: true,
        confirm: ['冻结后该账户不能支付、充值', 'A frozen account can neither pay nor be recharged'],
      },
      unfreeze: { label: ['解冻', 'Unfreeze'], from: ['FROZEN'], to: 'NORMAL', reason: 'required' },
    },
  },
  deletable: false,
});
