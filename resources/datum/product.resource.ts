import { defineResource, field } from '../define';
import { preset } from '../field-presets';

/**
 * A goods item sold at a store: fuel sold by the litre at the pump or a convenience-store item
 * with a barcode. Points rules, coupon templates and stored-value goods scopes refer to products
 * and categories. Fuel items carry their fuel type, which petrol-station rules and reports group by.
 */
export const productResource = defineResource({
  name: 'product',
  table: 'products',
  title: ['商品', 'Product'],
  route: { group: 'datum', entry: 'product', screens: { list: 'product' } },
  access: { read: ['资料查看'], write: '配置维护' },
  scope: 'tenant',
  fields: {
    code: preset.code(['商品编码', 'Product code'], { width: 130 }),
    barcode: field.text({
      label: ['商品条码', 'Barcode'],
      maxLength: 32,
      pattern: {
        regex: '^[0-9A-Za-z-]{4,32}$',
        message: ['条码只能包含数字、字母和短横线', 'A barcode holds digits, letters and dashes only'],
      },
      searchable: true,
      filter: 'prefix',
      width: 150,
    }),
    name: preset.name(['商品名称', 'Product name'], { maxLength: 100 }),
    category: field.relation({ label: ['所属品类', 'Category'], resource: 'catogory', required: true, filter: 'eq' }),
    brand: field.relation({ label: ['品牌', 'Brand'], resource: 'brand', filter: 'eq' }),
    unit: field.text({ label: ['单位', 'Unit'], required: true, maxLength: 10, width: 80 }),
    price: field.money({
      label: ['零售价(元)', 'Retail price (yuan)'],
      required: true,
      min: 0,
      max: 99999999,
      sortable: true,
      filter: 'range',
      width: 120,
    }),
    fuelType: field.enum({
      label: ['油品型号', 'Fuel grade'],
      help: ['仅油品填写', 'Fuel items only'],
      options: {
        GASOLINE_92: { label: ['92#汽油', '92# petrol'], color: 'green' },
        GASOLINE_95: { label: ['95#汽油', '95# petrol'], color: 'blue' },
        GASOLINE_98: { label: ['98#汽油', '98# petrol'], color: 'purple' },
        DIESEL_0: { label: ['0#柴油', '0# diesel'], color: 'orange' },
        DIESEL_M10: { label: ['-10#柴油', '-10# diesel'], color: 'volcano' },
        LNG: { label: ['液化天然气', 'LNG'], color: 'cyan' },
      },
      filter: 'in',
      width: 110,
    }),
    state: field.enum({
      label: ['销售状态', 'Sales status'],
      required: true,
      options: {
        ON_SALE: { label: ['在售', 'On sale'], color: 'green' },
        OFF_SALE: { label: ['停售', 'Off sale'], color: 'default' },
      },
      defaultValue: 'ON_SALE',
      filter: 'eq',
      width: 100,
    }),
    remark: preset.remark(),
  },
  titleField: 'name',
  list: {
    columns: ['code', 'barcode', 'name', 'category', 'brand', 'unit', 'price', 'fuelType', 'state'],
    defaultSort: { field: 'code', order: 'asc' },
  },
  files: { module: 'masterData', importable: true },
});
