/**
 * Display names of the permission actions (§6) and which of them allow changing data. The
 * action names themselves are the stored values (some are Chinese), so they never change; only
 * their labels are translated.
 */
import type { Bilingual } from '../messages/bilingual';
import type { Action } from './types';

/** Label of every action in both languages; the permission tree and role screen show these. */
export const ACTION_TITLES: Readonly<Record<Action, Bilingual>> = {
  view: ['查看', 'View'],
  configure: ['配置', 'Configure'],
  数据查看: ['数据查看', 'Data view'],
  单据查看: ['单据查看', 'Document view'],
  配置查看: ['配置查看', 'Configuration view'],
  配置维护: ['配置维护', 'Configuration maintenance'],
  活动查看: ['活动查看', 'Activity view'],
  规则查看: ['规则查看', 'Rule view'],
  报表查看: ['报表查看', 'Report view'],
  资料查看: ['资料查看', 'Master data view'],
  标签查看: ['标签查看', 'Tag view'],
  客群查看: ['客群查看', 'Customer group view'],
  计划查看: ['计划查看', 'Plan view'],
  主题查看: ['主题查看', 'Theme view'],
  会员资料查看: ['会员资料查看', 'Member profile view'],
  等级查看: ['等级查看', 'Level view'],
  账户信息查看: ['账户信息查看', 'Account information view'],
  预付卡查看: ['预付卡查看', 'Prepaid card view'],
  卡模板维护: ['卡模板维护', 'Card template maintenance'],
  卡模板查看: ['卡模板查看', 'Card template view'],
  券模板查看: ['券模板查看', 'Coupon template view'],
};

/**
 * Actions that allow changing data. A resource offers at most one of them; screens that create
 * or edit records require it, while list and detail screens accept any action of the resource.
 */
export const MAINTAIN_ACTIONS: readonly Action[] = ['configure', '配置维护', '卡模板维护'];

/** True for an action that allows changing data. */
export function isMaintainAction(action: Action): boolean {
  return MAINTAIN_ACTIONS.includes(action);
}
