import type { ResourceDef } from '../../../resources/define';
import { areaResource } from '../../../resources/datum/area.resource';
import { brandResource } from '../../../resources/datum/brand.resource';
import { catogoryResource } from '../../../resources/datum/catogory.resource';
import { channelResource } from '../../../resources/datum/channel.resource';
import { costpartyResource } from '../../../resources/datum/costparty.resource';
import { employResource } from '../../../resources/datum/employ.resource';
import { marketingCenterResource } from '../../../resources/datum/marketing-center.resource';
import { productResource } from '../../../resources/datum/product.resource';
import { storeResource } from '../../../resources/datum/store.resource';
import { cardTemplateResource } from '../../../resources/deposit/card-template.resource';
import { allocateTemplateNumber } from '../../modules/cards/card-template.hooks';
import { deriveTable } from '../../crud/table.derive';
import type { DbOrTx } from '../connection';
import type { DemoSeeder } from './seeders';

/**
 * Demo master data of a merchant running petrol stations with convenience shops in East and
 * South China: two marketing centres, an area tree, stores, a goods catalogue (fuel and shop
 * goods), employees, coupon bearers, the five channels and six card templates. Rows go in
 * through the tables derived from the declarations, parents before children; references are
 * written by code here and resolved to ids as the rows are made.
 */

type Row = Record<string, unknown>;

/** Inserts rows of a resource for a tenant and returns their ids by `code` (or `number`). */
export async function insertRows(args: {
  tx: DbOrTx;
  tenantId: number;
  resource: ResourceDef;
  rows: readonly Row[];
  key?: string;
}): Promise<Map<string, number>> {
  const table = deriveTable(args.resource);
  const key = args.key ?? 'code';
  const ids = new Map<string, number>();
  // One row at a time: tree rows refer to parents inserted just before them.
  for (const row of args.rows) {
    const [made] = await args.tx
      .insert(table)
      .values({ tenantId: args.tenantId, ...row } as never)
      .returning({ id: table.id });
    ids.set(String(row[key]), Number(made.id));
  }
  return ids;
}

export function idOf(ids: Map<string, number>, code: string | null | undefined): number | null {
  if (code === null || code === undefined) return null;
  const id = ids.get(code);
  if (id === undefined) throw new Error(`Demo data refers to unknown code ${code}`);
  return id;
}

// ---------------------------------------------------------------------------------------------

const MARKETING_CENTERS = [
  { code: 'MC01', name: '华东营销中心', manager: '王建国', phone: '021-58881234', remark: '负责上海、浙江、江苏的会员营销' },
  { code: 'MC02', name: '华南营销中心', manager: '李志明', phone: '020-38886688', remark: '负责广东区域的会员营销' },
];

/** Area tree: code, name, parent code, marketing centre code. */
const AREAS: readonly [string, string, string | null, string][] = [
  ['A01', '华东大区', null, 'MC01'],
  ['A0101', '上海', 'A01', 'MC01'],
  ['A0102', '杭州', 'A01', 'MC01'],
  ['A0103', '苏州', 'A01', 'MC01'],
  ['A0104', '南京', 'A01', 'MC01'],
  ['A02', '华南大区', null, 'MC02'],
  ['A0201', '广州', 'A02', 'MC02'],
  ['A0202', '深圳', 'A02', 'MC02'],
  ['A0203', '东莞', 'A02', 'MC02'],
];

/** Stores: code, name, type, area code, address, phone, opening date, state. */
const STORES: readonly [string, string, string, string, string, string, string, string][] = [
  ['S001', '上海浦东张江加油站', 'GAS_STATION', 'A0101', '上海市浦东新区张江路88号', '021-50801001', '2012-05-18', 'OPEN'],
  ['S002', '上海虹桥迎宾大道加油站', 'GAS_STATION', 'A0101', '上海市闵行区迎宾三路199号', '021-62681002', '2015-09-01', 'OPEN'],
  ['S003', '上海徐汇漕溪北路便利店', 'CONVENIENCE_STORE', 'A0101', '上海市徐汇区漕溪北路336号', '021-64381003', '2019-03-12', 'OPEN'],
  ['S004', '杭州西湖文三路加油站', 'GAS_STATION', 'A0102', '杭州市西湖区文三路512号', '0571-88211004', '2013-11-08', 'OPEN'],
  ['S005', '杭州滨江江南大道便利店', 'CONVENIENCE_STORE', 'A0102', '杭州市滨江区江南大道3888号', '0571-86691005', '2020-07-20', 'OPEN'],
  ['S006', '苏州工业园区星湖街加油站', 'GAS_STATION', 'A0103', '苏州市工业园区星湖街218号', '0512-62881006', '2016-04-26', 'OPEN'],
  ['S007', '南京江宁天元中路加油站', 'GAS_STATION', 'A0104', '南京市江宁区天元中路126号', '025-52101007', '2014-08-15', 'SUSPENDED'],
  ['S008', '广州天河体育西路加油站', 'GAS_STATION', 'A0201', '广州市天河区体育西路101号', '020-38781008', '2011-12-01', 'OPEN'],
  ['S009', '广州番禺市桥便利店', 'CONVENIENCE_STORE', 'A0201', '广州市番禺区市桥街繁华路25号', '020-84821009', '2021-01-16', 'OPEN'],
  ['S010', '深圳南山科技园加油站', 'GAS_STATION', 'A0202', '深圳市南山区科苑南路2666号', '0755-86001010', '2017-06-30', 'OPEN'],
  ['S011', '深圳福田车公庙便利店', 'CONVENIENCE_STORE', 'A0202', '深圳市福田区深南大道7008号', '0755-83411011', '2022-10-09', 'OPEN'],
  ['S012', '东莞松山湖超市', 'SUPERMARKET', 'A0203', '东莞市松山湖大道6号', '0769-22891012', '2023-05-01', 'OPEN'],
];

/** Category tree: code, name, parent code, sort order. */
const CATEGORIES: readonly [string, string, string | null, number][] = [
  ['C01', '油品', null, 1],
  ['C0101', '汽油', 'C01', 1],
  ['C0102', '柴油', 'C01', 2],
  ['C02', '便利店商品', null, 2],
  ['C0201', '饮料', 'C02', 1],
  ['C0202', '零食', 'C02', 2],
  ['C0203', '日用品', 'C02', 3],
  ['C0204', '汽车用品', 'C02', 4],
];

const BRANDS: readonly [string, string, string][] = [
  ['B01', '易捷', 'easyJoy'],
  ['B02', '农夫山泉', 'Nongfu Spring'],
  ['B03', '可口可乐', 'Coca-Cola'],
  ['B04', '康师傅', 'Master Kong'],
  ['B05', '统一', 'Uni-President'],
  ['B06', '乐事', "Lay's"],
  ['B07', '旺旺', 'Want Want'],
  ['B08', '清风', 'Breeze'],
];

/** Products: code, barcode, name, category, brand, unit, price, fuel type. */
const PRODUCTS: readonly [string, string | null, string, string, string | null, string, string, string | null][] = [
  ['P0001', null, '92#汽油', 'C0101', null, '升', '7.56', 'GASOLINE_92'],
  ['P0002', null, '95#汽油', 'C0101', null, '升', '8.05', 'GASOLINE_95'],
  ['P0003', null, '98#汽油', 'C0101', null, '升', '8.95', 'GASOLINE_98'],
  ['P0004', null, '0#柴油', 'C0102', null, '升', '7.22', 'DIESEL_0'],
  ['P0005', null, '-10#柴油', 'C0102', null, '升', '7.61', 'DIESEL_M10'],
  ['P1001', '6921168509256', '农夫山泉饮用天然水 550ml', 'C0201', 'B02', '瓶', '2.00', null],
  ['P1002', '6921168558049', '农夫山泉东方树叶茉莉花茶 500ml', 'C0201', 'B02', '瓶', '5.00', null],
  ['P1003', '6921168593576', '农夫山泉尖叫运动饮料 550ml', 'C0201', 'B02', '瓶', '4.50', null],
  ['P1004', '6954767410388', '可口可乐 330ml 罐装', 'C0201', 'B03', '罐', '3.00', null],
  ['P1005', '6954767423579', '可口可乐 500ml', 'C0201', 'B03', '瓶', '3.50', null],
  ['P1006', '6954767440811', '雪碧 500ml', 'C0201', 'B03', '瓶', '3.50', null],
  ['P1007', '6920459905012', '康师傅冰红茶 500ml', 'C0201', 'B04', '瓶', '3.00', null],
  ['P1008', '6920459950180', '康师傅矿物质水 550ml', 'C0201', 'B04', '瓶', '1.50', null],
  ['P1009', '6925303773915', '统一阿萨姆原味奶茶 500ml', 'C0201', 'B05', '瓶', '5.00', null],
  ['P1010', '6925303721367', '统一冰糖雪梨 500ml', 'C0201', 'B05', '瓶', '4.00', null],
  ['P1011', '6901234500011', '易捷卓玛泉饮用水 500ml', 'C0201', 'B01', '瓶', '2.50', null],
  ['P2001', '6924743915763', '乐事原味薯片 70g', 'C0202', 'B06', '袋', '7.50', null],
  ['P2002', '6924743915770', '乐事黄瓜味薯片 70g', 'C0202', 'B06', '袋', '7.50', null],
  ['P2003', '6924743919204', '乐事意大利香浓红烩味薯片 70g', 'C0202', 'B06', '袋', '7.50', null],
  ['P2004', '6920658210025', '旺旺雪饼 84g', 'C0202', 'B07', '袋', '6.50', null],
  ['P2005', '6920658210032', '旺旺仙贝 52g', 'C0202', 'B07', '袋', '5.00', null],
  ['P2006', '6920658210414', '旺仔牛奶 245ml', 'C0202', 'B07', '罐', '5.50', null],
  ['P2007', '6920152400012', '康师傅红烧牛肉面 桶装', 'C0202', 'B04', '桶', '5.00', null],
  ['P2008', '6925303730574', '统一老坛酸菜牛肉面 桶装', 'C0202', 'B05', '桶', '5.00', null],
  ['P3001', '6922266437359', '清风原木纯品抽纸 3包装', 'C0203', 'B08', '提', '12.90', null],
  ['P3002', '6922266445620', '清风湿巾 10片', 'C0203', 'B08', '包', '3.50', null],
  ['P3003', '6901234500028', '易捷一次性纸杯 50只', 'C0203', 'B01', '包', '9.90', null],
  ['P4001', '6901234500035', '易捷汽车玻璃水 2L', 'C0204', 'B01', '桶', '15.00', null],
  ['P4002', '6901234500042', '易捷车载香薰', 'C0204', 'B01', '个', '29.00', null],
  ['P4003', '6901234500059', '易捷洗车海绵', 'C0204', 'B01', '个', '6.80', null],
];

/** Employees: code, name, mobile, store code, position, hire date, state. */
const EMPLOYEES: readonly [string, string, string, string, string, string, string][] = [
  ['E0001', '张伟', '13801001001', 'S001', 'STATION_MANAGER', '2012-05-01', 'ACTIVE'],
  ['E0002', '李娜', '13801001002', 'S001', 'CASHIER', '2018-03-15', 'ACTIVE'],
  ['E0003', '王强', '13801001003', 'S002', 'FUEL_ATTENDANT', '2019-07-08', 'ACTIVE'],
  ['E0004', '刘洋', '13801001004', 'S003', 'STORE_MANAGER', '2019-03-01', 'ACTIVE'],
  ['E0005', '陈静', '13901002005', 'S004', 'CASHIER', '2020-11-20', 'ON_LEAVE'],
  ['E0006', '杨磊', '13901002006', 'S006', 'FUEL_ATTENDANT', '2021-04-12', 'ACTIVE'],
  ['E0007', '赵敏', '13602003007', 'S008', 'SUPERVISOR', '2016-09-05', 'ACTIVE'],
  ['E0008', '黄海', '13602003008', 'S010', 'STATION_MANAGER', '2017-06-20', 'ACTIVE'],
  ['E0009', '周婷', '13602003009', 'S011', 'SALES_CLERK', '2022-10-01', 'ACTIVE'],
  ['E0010', '吴刚', '13602003010', 'S010', 'FUEL_ATTENDANT', '2018-02-26', 'RESIGNED'],
];

const COST_PARTIES = [
  {
    code: 'CP01',
    name: '本公司',
    type: 'MERCHANT',
    settlementRatio: '100.00',
    contact: '财务部 孙丽',
    contactPhone: '021-58881200',
    remark: '自营促销券由公司全额承担',
  },
  {
    code: 'CP02',
    name: '农夫山泉股份有限公司',
    type: 'SUPPLIER',
    settlementRatio: '50.00',
    contact: '周经理',
    contactPhone: '0571-87631234',
    remark: '饮料联合促销，核销金额按50%结算',
  },
  {
    code: 'CP03',
    name: '美团',
    type: 'PLATFORM',
    settlementRatio: '30.00',
    contact: '渠道对接人 马可',
    contactPhone: '010-57376600',
    remark: '美团团购券，平台补贴30%',
  },
];

const CHANNELS = [
  { code: 'CH01', name: '门店', type: 'store', enabled: true },
  { code: 'CH02', name: '微信公众号', type: 'weixin', enabled: true },
  { code: 'CH03', name: '支付宝生活号', type: 'alipay', enabled: true },
  { code: 'CH04', name: '美团', type: 'third', enabled: true },
  { code: 'CH05', name: '会员小程序', type: 'weixinApp', enabled: true },
];

interface TemplateSeed {
  name: string;
  cardTemplateType: string;
  faceValue: string;
  price: string;
  rechargeable: boolean;
  validity: number | [string, string];
  stores: readonly string[];
  cardNumberPrefix: string;
  cardNumberLength: number;
  state: string;
  remark: string;
}

const CARD_TEMPLATES: readonly TemplateSeed[] = [
  {
    name: '加油充值卡 500元',
    cardTemplateType: 'IMPREST_CARD',
    faceValue: '500.00',
    price: '500.00',
    rechargeable: true,
    validity: 36,
    stores: [],
    cardNumberPrefix: 'CZ',
    cardNumberLength: 16,
    state: 'ENABLED',
    remark: '全部油站通用，可续充',
  },
  {
    name: '加油充值卡 1000元',
    cardTemplateType: 'IMPREST_CARD',
    faceValue: '1000.00',
    price: '980.00',
    rechargeable: true,
    validity: 36,
    stores: [],
    cardNumberPrefix: 'CZ',
    cardNumberLength: 16,
    state: 'ENABLED',
    remark: '售价98折',
  },
  {
    name: '中秋实体礼品卡 200元',
    cardTemplateType: 'OFFLINE_GIFT_CARD',
    faceValue: '200.00',
    price: '200.00',
    rechargeable: false,
    validity: ['2025-09-01', '2026-12-31'],
    stores: [],
    cardNumberPrefix: 'LP',
    cardNumberLength: 18,
    state: 'ENABLED',
    remark: '中秋节团购礼品卡',
  },
  {
    name: '电子礼品卡 100元',
    cardTemplateType: 'ONLINE_GIFT_CARD',
    faceValue: '100.00',
    price: '95.00',
    rechargeable: false,
    validity: 12,
    stores: [],
    cardNumberPrefix: 'DZ',
    cardNumberLength: 16,
    state: 'DRAFT',
    remark: '小程序在线售卖，可转赠',
  },
  {
    name: '会员储值卡',
    cardTemplateType: 'RECHARGEABLE_CARD',
    faceValue: '100.00',
    price: '100.00',
    rechargeable: true,
    validity: 60,
    stores: [],
    cardNumberPrefix: 'CK',
    cardNumberLength: 16,
    state: 'ENABLED',
    remark: '门店开卡，可在全部门店消费',
  },
  {
    name: '车队储值卡（华东油站）',
    cardTemplateType: 'RECHARGEABLE_CARD',
    faceValue: '5000.00',
    price: '5000.00',
    rechargeable: true,
    validity: 24,
    stores: ['S001', 'S002', 'S004', 'S006', 'S007'],
    cardNumberPrefix: 'CD',
    cardNumberLength: 18,
    state: 'DISABLED',
    remark: '物流车队专用，限华东加油站使用',
  },
];

/** Seeds the demo merchant's master data and card templates. */
export async function seedDatum(input: { tx: DbOrTx; tenantId: number }): Promise<void> {
  const { tx, tenantId } = input;
  const centers = await insertRows({ tx, tenantId, resource: marketingCenterResource, rows: MARKETING_CENTERS });

  const areas = new Map<string, number>();
  for (const [code, name, parent, center] of AREAS) {
    const made = await insertRows({
      tx,
      tenantId,
      resource: areaResource,
      rows: [{ code, name, parent: idOf(areas, parent), marketingCenter: idOf(centers, center), state: 'NORMAL' }],
    });
    areas.set(code, made.get(code)!);
  }

  const areaCenter = new Map(AREAS.map(([code, , , center]) => [code, center]));
  const stores = await insertRows({
    tx,
    tenantId,
    resource: storeResource,
    rows: STORES.map(([code, name, type, area, address, phone, openingDate, state]) => ({
      code,
      name,
      type,
      area: idOf(areas, area),
      marketingCenter: idOf(centers, areaCenter.get(area)),
      address,
      phone,
      openingDate,
      state,
    })),
  });

  const categories = new Map<string, number>();
  for (const [code, name, parent, sortOrder] of CATEGORIES) {
    const made = await insertRows({
      tx,
      tenantId,
      resource: catogoryResource,
      rows: [{ code, name, parent: idOf(categories, parent), sortOrder }],
    });
    categories.set(code, made.get(code)!);
  }

  const brands = await insertRows({
    tx,
    tenantId,
    resource: brandResource,
    rows: BRANDS.map(([code, name, englishName]) => ({ code, name, englishName })),
  });

  await insertRows({
    tx,
    tenantId,
    resource: productResource,
    rows: PRODUCTS.map(([code, barcode, name, category, brand, unit, price, fuelType]) => ({
      code,
      barcode,
      name,
      category: idOf(categories, category),
      brand: idOf(brands, brand),
      unit,
      price,
      fuelType,
      state: 'ON_SALE',
    })),
  });

  await insertRows({
    tx,
    tenantId,
    resource: employResource,
    rows: EMPLOYEES.map(([code, name, mobile, store, position, hireDate, state]) => ({
      code,
      name,
      mobile,
      store: idOf(stores, store),
      position,
      hireDate,
      state,
    })),
  });

  await insertRows({ tx, tenantId, resource: costpartyResource, rows: COST_PARTIES });
  await insertRows({ tx, tenantId, resource: channelResource, rows: CHANNELS });

  // Numbers come from the same counter the console allocates from, so later ones never collide.
  const templates: Row[] = [];
  for (const t of CARD_TEMPLATES) {
    const { validity, stores: storeCodes, ...rest } = t;
    templates.push({
      ...rest,
      number: await allocateTemplateNumber({ db: tx, tenantId }),
      validityType: Array.isArray(validity) ? 'FIXED' : 'MONTHS',
      validityMonths: Array.isArray(validity) ? null : validity,
      validPeriodFrom: Array.isArray(validity) ? validity[0] : null,
      validPeriodTo: Array.isArray(validity) ? validity[1] : null,
      stores: storeCodes.length > 0 ? storeCodes.map((code) => idOf(stores, code)) : null,
    });
  }
  await insertRows({ tx, tenantId, resource: cardTemplateResource, rows: templates, key: 'number' });
}

/** The DEMO_SEEDERS entry. */
export const datumSeeder: DemoSeeder = { name: 'datum', seed: seedDatum };
