/**
 * Stored value and prepaid cards: stored-value settings, accounts, adjustments and history;
 * card templates (one permission resource per card type), card stock, sales, top-ups,
 * adjustments and the card query.
 */
import { CARD_TEMPLATE_ACTIONS, CARD_TEMPLATE_RESOURCE, CARD_TEMPLATE_TYPES } from './card-template-types';
import { declareEntry } from './declare';
import type { Action, GroupDecl } from './types';

const CONFIG_ACTIONS: readonly Action[] = ['配置查看', '配置维护'];
const DOCUMENT_ACTIONS: readonly Action[] = ['单据查看', '配置维护'];

export const depositGroup: GroupDecl = {
  group: 'deposit',
  title: ['储值', 'Stored value'],
  resourceRoot: '储值',
  resourceRootEn: 'Stored value',
  entries: [
    declareEntry({
      entry: 'store-value-manage',
      title: ['储值管理', 'Stored-value management'],
      resourceId: '储值/储值管理',
      resourceTitleEn: 'Stored-value management',
      actions: CONFIG_ACTIONS,
      screens: [
        { name: 'store-value-manage', title: ['储值管理', 'Stored-value management'] },
        { name: 'store-value-manage-edit', title: ['编辑储值管理', 'Edit stored-value management'] },
      ],
    }),
    declareEntry({
      entry: 'prepay-card-store',
      title: ['预付卡库存', 'Prepaid card stock'],
      resourceId: '储值/预付卡库存',
      resourceTitleEn: 'Prepaid card stock',
      actions: ['预付卡查看', '配置维护'],
      screens: [{ name: 'prepay-card-store', title: ['预付卡库存', 'Prepaid card stock'] }],
    }),
    declareEntry({
      entry: 'store-value-account',
      title: ['储值账户', 'Stored-value accounts'],
      resourceId: '储值/储值账户',
      resourceTitleEn: 'Stored-value accounts',
      actions: ['账户信息查看', '配置维护'],
      screens: [
        { name: 'store-value-account', title: ['储值账户', 'Stored-value accounts'] },
        { name: 'store-value-account-edit', title: ['编辑储值账户', 'Edit stored-value account'] },
      ],
    }),
    declareEntry({
      entry: 'store-value-init',
      // Opening balances migrated from an old system (resources/deposit/store-value-init.resource.ts).
      title: ['储值期初', 'Opening balances'],
      resourceId: '储值/储值期初',
      resourceTitleEn: 'Opening balances',
      actions: CONFIG_ACTIONS,
      screens: [
        { name: 'store-value-init', title: ['储值期初', 'Opening balances'] },
        { name: 'store-value-edit', title: ['编辑储值期初', 'Edit opening balance'] },
      ],
    }),
    declareEntry({
      entry: 'store-value-adjust',
      title: ['储值调整单', 'Stored-value adjustments'],
      resourceId: '储值/储值调整单',
      resourceTitleEn: 'Stored-value adjustments',
      actions: DOCUMENT_ACTIONS,
      screens: [
        { name: 'store-value-adjust', title: ['储值调整单', 'Stored-value adjustments'] },
        { name: 'store-value-adjust-dtl', title: ['储值调整单详情', 'Stored-value adjustment details'] },
        { name: 'store-value-adjust-Add', title: ['新建储值调整单', 'New stored-value adjustment'] },
        { name: 'store-value-adjust-reason', title: ['储值调整原因', 'Stored-value adjustment reasons'] },
      ],
    }),
    declareEntry({
      entry: 'store-value-applicable-goods',
      title: ['储值适用商品', 'Stored-value eligible goods'],
      resourceId: '储值/储值适用商品',
      resourceTitleEn: 'Stored-value eligible goods',
      actions: CONFIG_ACTIONS,
      screens: [
        { name: 'store-value-applicable-goods-dtl', title: ['储值适用商品', 'Stored-value eligible goods'] },
        { name: 'store-value-applicable-goods-add', title: ['设置储值适用商品', 'Set stored-value eligible goods'] },
      ],
    }),
    declareEntry({
      entry: 'store-value-query',
      title: ['储值查询', 'Stored-value inquiry'],
      resourceId: '储值/储值查询',
      resourceTitleEn: 'Stored-value inquiry',
      actions: ['账户信息查看'],
      screens: [
        { name: 'store-value-query', title: ['储值查询', 'Stored-value inquiry'] },
        { name: 'store-value-hst-detail', title: ['储值流水', 'Stored-value history'] },
      ],
    }),
    declareEntry({
      entry: 'prepay-card-tpl',
      title: ['卡模板', 'Card templates'],
      resourceId: CARD_TEMPLATE_RESOURCE,
      resourceTitleEn: 'Card templates',
      // The folder itself is never granted: each card type below it carries the permission pair.
      actions: [],
      custom: 'cardTemplateAny',
      subResources: CARD_TEMPLATE_TYPES.map(({ resourceId, name }) => ({ resourceId, name, actions: CARD_TEMPLATE_ACTIONS })),
      screens: [
        { name: 'prepay-card-tpl', title: ['卡模板', 'Card templates'] },
        { name: 'prepay-card-tpl-edit', title: ['编辑卡模板', 'Edit card template'], custom: 'cardTemplateEdit', hidden: true },
        { name: 'prepay-card-tpl-dtl', title: ['卡模板详情', 'Card template details'], custom: 'cardTemplateDetail' },
      ],
    }),
    declareEntry({
      entry: 'imprest-card-sale-bill',
      title: ['售卡单', 'Card sales'],
      resourceId: '储值/售卡单',
      resourceTitleEn: 'Card sales',
      actions: DOCUMENT_ACTIONS,
      screens: [
        { name: 'list', title: ['售卡单', 'Card sales'] },
        { name: 'edit', title: ['编辑售卡单', 'Edit card sale'] },
        { name: 'dtl', title: ['售卡单详情', 'Card sale details'] },
      ],
    }),
    declareEntry({
      entry: 'prepay-card-pay',
      title: ['预付卡充值单', 'Card top-ups'],
      resourceId: '储值/预付卡充值单',
      resourceTitleEn: 'Card top-ups',
      actions: DOCUMENT_ACTIONS,
      screens: [
        { name: 'list', title: ['预付卡充值单', 'Card top-ups'] },
        { name: 'add', title: ['新建预付卡充值单', 'New card top-up'] },
        { name: 'dtl', title: ['预付卡充值单详情', 'Card top-up details'] },
      ],
    }),
    declareEntry({
      entry: 'prepay-card-adjust',
      title: ['预付卡调整单', 'Card adjustments'],
      resourceId: '储值/预付卡调整单',
      resourceTitleEn: 'Card adjustments',
      actions: DOCUMENT_ACTIONS,
      screens: [
        { name: 'list', title: ['预付卡调整单', 'Card adjustments'] },
        { name: 'add', title: ['新建预付卡调整单', 'New card adjustment'] },
        { name: 'dtl', title: ['预付卡调整单详情', 'Card adjustment details'] },
        { name: 'reason', title: ['预付卡调整原因', 'Card adjustment reasons'] },
      ],
    }),
    declareEntry({
      entry: 'prepay-card',
      title: ['预付卡查询', 'Prepaid card inquiry'],
      resourceId: '储值/预付卡查询',
      resourceTitleEn: 'Prepaid card inquiry',
      // Freezing or voiding a card is done from the query screen, hence the maintain action.
      actions: ['预付卡查看', '配置维护'],
      screens: [{ name: 'prepay-card', title: ['预付卡查询', 'Prepaid card inquiry'] }],
    }),
  ],
};
