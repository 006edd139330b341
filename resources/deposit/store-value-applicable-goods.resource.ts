import { defineResource, field } from '../define';

/**
 * Which goods and stores stored value may pay for (store-value-applicable-goods, a settings
 * object per tenant). Goods, categories and brands are include lists: with all three empty every
 * goods item is covered, otherwise a basket line is covered when its goods item is listed, its
 * category or a parent category is listed, or its brand is listed. Stores: empty means every
 * store. The pay route (server/modules/stored-value) refuses a line or a store not covered.
 */
export const storeValueApplicableGoodsResource = defineResource({
  name: 'store-value-applicable-goods',
  table: 'store_value_applicable_goods',
  title: ['储值适用商品', 'Stored-value eligible goods'],
  route: {
    group: 'deposit',
    entry: 'store-value-applicable-goods',
    screens: { settings: 'store-value-applicable-goods-dtl', settingsEdit: 'store-value-applicable-goods-add' },
  },
  access: { read: ['配置查看'], write: '配置维护' },
  scope: 'tenant',
  singleton: 'tenant',
  fields: {
    goods: field.relation({
      label: ['适用商品', 'Goods'],
      help: ['商品、品类、品牌都不选表示全部商品适用', 'With no goods, category or brand chosen, every goods item is eligible'],
      resource: 'product',
      multiple: true,
    }),
    categories: field.relation({
      label: ['适用品类', 'Categories'],
      help: ['含下级品类', 'Subcategories included'],
      resource: 'catogory',
      multiple: true,
    }),
    brands: field.relation({ label: ['适用品牌', 'Brands'], resource: 'brand', multiple: true }),
    stores: field.relation({
      label: ['适用门店', 'Stores'],
      help: ['不选表示全部门店适用', 'None chosen means every store'],
      emptyMeans: ['全部门店', 'All stores'],
      resource: 'store',
      multiple: true,
    }),
    remark: field.longText({ label: ['说明', 'Notes'], maxLength: 500 }),
  },
  titleField: 'remark',
  list: { defaultSort: { field: 'id', order: 'asc' } },
  form: [
    { key: 'goods', title: ['适用商品', 'Eligible goods'], fields: ['goods', 'categories', 'brands'] },
    { key: 'stores', title: ['适用门店', 'Eligible stores'], fields: ['stores', 'remark'] },
  ],
  deletable: false,
});
