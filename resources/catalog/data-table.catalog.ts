/**
 * Reports and analysis. Every report is read-only and is its own resource, so a role can see
 * the points report without the stored-value one. (/analysis is a shell without children and
 * has no entry here; see index.ts.)
 */
import type { Bilingual } from '../messages/bilingual';
import { declareEntry } from './declare';
import type { EntryDecl, GroupDecl } from './types';

/**
 * A report entry: one screen named like the entry, guarded by 报表查看 on its own resource;
 * `beyondSpecification` says why a report the specification does not list is there.
 */
function report(entry: string, title: Bilingual, beyondSpecification?: string): EntryDecl {
  return declareEntry({
    ...(beyondSpecification ? { beyondSpecification } : {}),
    entry,
    title,
    resourceId: `报表/${title[0]}`,
    resourceTitleEn: title[1],
    actions: ['报表查看'],
    screens: [{ name: entry, title }],
  });
}

/** Why the two liability roll-forwards are there though the specification lists no such report. */
const ROLL_FORWARD =
  'Points, stored value and card balances are the merchant’s debt: finance asks for a roll-forward per store and month (issue 26 item 3); the specification lists no such report';

export const dataTableGroup: GroupDecl = {
  group: 'data-table',
  title: ['报表', 'Reports'],
  resourceRoot: '报表',
  resourceRootEn: 'Reports',
  entries: [
    report('fee-level', ['付费等级报表', 'Paid level report']),
    report('score-report', ['积分报表', 'Points report']),
    report('store-value-report', ['储值报表', 'Stored-value report']),
    report('coupon-report', ['券报表', 'Coupon report']),
    report('gift-card-activity-report', ['电子礼品卡活动报表', 'E-gift card campaign report']),
    report('offline-gift-card-activity-report', ['实体礼品卡活动报表', 'Physical gift card campaign report']),
    report('value-card-activity-report', ['储值卡活动报表', 'Stored-value card campaign report']),
    report('recharge-card-report', ['充值卡报表', 'Recharge card report']),
    report('paso-report', ['油品销售报表', 'Fuel sales report']),
    report('paso-report-view', ['油品销售看板', 'Fuel sales dashboard']),
    report('member-analysis', ['门店会员增长分析', 'Store member growth']),
    report('trans-analysis', ['门店会员交易分析', 'Store member transactions']),
    report('points-roll-forward', ['积分负债滚动表', 'Points liability roll-forward'], ROLL_FORWARD),
    report('value-roll-forward', ['储值与卡负债滚动表', 'Stored value and card liability roll-forward'], ROLL_FORWARD),
  ],
};
