/** Coupons group: coupon settings, templates, the issued-coupon query and write-offs. */
import { declareEntry } from './declare';
import type { GroupDecl } from './types';

export const couponsGroup: GroupDecl = {
  group: 'coupons',
  title: ['券', 'Coupons'],
  resourceRoot: '券',
  resourceRootEn: 'Coupons',
  entries: [
    declareEntry({
      entry: 'coupon-init',
      title: ['券设置', 'Coupon settings'],
      resourceId: '券/券设置',
      resourceTitleEn: 'Coupon settings',
      actions: ['配置查看', '配置维护'],
      screens: [{ name: 'coupon-init', title: ['券设置', 'Coupon settings'] }],
    }),
    declareEntry({
      entry: 'coupon-template',
      title: ['券模板', 'Coupon templates'],
      resourceId: '券/券模板',
      resourceTitleEn: 'Coupon templates',
      actions: ['券模板查看', 'configure'],
      screens: [
        { name: 'list', title: ['券模板', 'Coupon templates'] },
        { name: 'add', title: ['新建券模板', 'New coupon template'] },
        { name: 'dtl', title: ['券模板详情', 'Coupon template details'] },
      ],
    }),
    declareEntry({
      entry: 'coupon-list',
      title: ['券查询', 'Coupon inquiry'],
      resourceId: '券/券查询',
      resourceTitleEn: 'Coupon inquiry',
      // 配置维护 voids a coupon; 交易接入 is the grant of tills and apps (issue, check, redeem, undo).
      actions: ['数据查看', '配置维护'],
      subResources: [{ resourceId: '券/券查询/交易接入', name: ['交易接入', 'Till integration'], actions: ['configure'] }],
      screens: [{ name: 'coupon-list', title: ['券查询', 'Coupon inquiry'] }],
    }),
    declareEntry({
      entry: 'coupon-write-off',
      title: ['券核销单', 'Coupon write-offs'],
      resourceId: '券/券核销单',
      resourceTitleEn: 'Coupon write-offs',
      actions: ['单据查看', '配置维护'],
      screens: [
        { name: 'list', title: ['券核销单', 'Coupon write-offs'] },
        { name: 'edit', title: ['编辑券核销单', 'Edit coupon write-off'] },
        { name: 'dtl', title: ['券核销单详情', 'Coupon write-off details'] },
      ],
    }),
  ],
};
