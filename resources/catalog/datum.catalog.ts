/** Master data: each list is one screen named like its entry, viewed or maintained in place. */
import type { Bilingual } from '../messages/bilingual';
import { declareEntry } from './declare';
import type { EntryDecl, GroupDecl } from './types';

function masterData(entry: string, title: Bilingual): EntryDecl {
  return declareEntry({
    entry,
    title,
    resourceId: `资料/${title[0]}`,
    resourceTitleEn: title[1],
    actions: ['资料查看', '配置维护'],
    screens: [{ name: entry, title }],
  });
}

export const datumGroup: GroupDecl = {
  group: 'datum',
  title: ['资料', 'Master data'],
  resourceRoot: '资料',
  resourceRootEn: 'Master data',
  entries: [
    masterData('employ', ['员工', 'Employees']),
    masterData('product', ['商品', 'Products']),
    masterData('catogory', ['品类', 'Categories']),
    masterData('brand', ['品牌', 'Brands']),
    masterData('area', ['区域', 'Areas']),
    masterData('store', ['门店', 'Stores']),
    masterData('costparty', ['券承担方', 'Coupon bearers']),
    masterData('channel', ['渠道', 'Channels']),
    masterData('marketing-center', ['营销中心', 'Marketing centres']),
  ],
};
