import { defineResource, field } from '../define';
import { preset } from '../field-presets';

/**
 * A store: a petrol station, a convenience store, a supermarket … It belongs to an area and,
 * optionally, to a marketing centre. Members register at a store, transactions and coupon
 * write-offs happen at one, and activities and card templates are scoped to a set of stores.
 */
export const storeResource = defineResource({
  name: 'store',
  table: 'stores',
  title: ['门店', 'Store'],
  route: { group: 'datum', entry: 'store', screens: { list: 'store' } },
  access: { read: ['资料查看'], write: '配置维护' },
  scope: 'tenant',
  fields: {
    code: preset.code(['门店编码', 'Store code'], { width: 130 }),
    name: preset.name(['门店名称', 'Store name'], { maxLength: 80 }),
    type: field.enum({
      label: ['门店类型', 'Store type'],
      required: true,
      options: {
        GAS_STATION: { label: ['加油站', 'Petrol station'], color: 'blue' },
        CONVENIENCE_STORE: { label: ['便利店', 'Convenience store'], color: 'cyan' },
        SUPERMARKET: { label: ['超市', 'Supermarket'], color: 'geekblue' },
        CAR_WASH: { label: ['洗车店', 'Car wash'], color: 'purple' },
        OTHER: { label: ['其他', 'Other'], color: 'default' },
      },
      filter: 'in',
      sortable: true,
      width: 120,
    }),
    area: field.relation({ label: ['所属区域', 'Area'], resource: 'area', required: true, filter: 'eq' }),
    marketingCenter: preset.marketingCenter(),
    address: field.text({ label: ['门店地址', 'Address'], maxLength: 200, searchable: true, width: 240 }),
    phone: preset.phone(['联系电话', 'Phone']),
    openingDate: field.date({ label: ['开业日期', 'Opening date'], filter: 'range', sortable: true, width: 120 }),
    state: field.enum({
      label: ['营业状态', 'Business status'],
      required: true,
      options: {
        OPEN: { label: ['营业中', 'Open'], color: 'green' },
        SUSPENDED: { label: ['暂停营业', 'Suspended'], color: 'orange' },
        CLOSED: { label: ['已关店', 'Closed'], color: 'default' },
      },
      defaultValue: 'OPEN',
      filter: 'eq',
      width: 110,
    }),
    // The store's shop at Meituan-Dianping (its `open_shop_uuid`): where the store's group-buy
    // vouchers are checked and consumed (server/modules/channels/meituan-voucher.routes.ts). Empty:
    // the store's code is taken as its shop id. One store per shop.
    meituanShopId: field.text({
      label: ['美团门店ID', 'Meituan shop id'],
      help: [
        '美团点评开放平台中该门店的 open_shop_uuid，验券和核销都在该门店下进行；不填时使用门店编码',
        'The store’s open_shop_uuid on the Meituan-Dianping open platform, where its vouchers are checked and consumed; empty: the store code is used',
      ],
      maxLength: 64,
      unique: true,
      pattern: {
        regex: '^[A-Za-z0-9_-]{1,64}$',
        message: ['美团门店ID只含字母、数字、- 和 _', 'A Meituan shop id has only letters, digits, - and _'],
      },
      inList: false,
    }),
    remark: preset.remark(),
  },
  titleField: 'name',
  titlesKept: true,
  list: {
    columns: ['code', 'name', 'type', 'area', 'marketingCenter', 'phone', 'openingDate', 'state'],
    defaultSort: { field: 'code', order: 'asc' },
  },
  files: { module: 'stores', importable: true },
});
