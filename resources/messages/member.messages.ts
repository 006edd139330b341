import { defineMessages } from './bilingual';

/**
 * Messages of the member screens (src/views/member): the member detail's tabs and the member
 * overview. Field labels, options, sections and the freeze / unfreeze / cancel actions are
 * derived from resources/member/member.resource.ts, not listed here.
 */
export const memberMessages = defineMessages({
  'member.detail.tab.profile': ['基本资料', 'Profile'],
  // Tasks one click away on the member detail (and issuing on the coupon template detail).
  'member.action.issueCoupons': ['发券', 'Issue coupons'],
  'member.action.adjustPoints': ['调整积分', 'Adjust points'],
  'member.action.adjustValue': ['调整储值', 'Adjust stored value'],
  'member.action.sellCard': ['售卡', 'Sell a card'],
  'member.detail.tab.growth': ['等级与成长值', 'Level and growth'],
  'member.detail.tab.points': ['积分', 'Points'],
  'member.detail.tab.tags': ['标签', 'Tags'],
  'member.detail.tab.history': ['状态记录', 'State history'],
  'member.detail.birthday': ['生日', 'Birthday'],
  'member.detail.lunarBirthday': ['农历生日', 'Lunar birthday'],
  'member.detail.nextBirthday': ['下次生日（公历）', 'Next birthday (solar)'],
  'member.detail.noTags': ['暂无标签', 'No tags'],
  'member.growth.level': ['当前等级', 'Current level'],
  'member.growth.noLevel': ['未评定等级', 'No level yet'],
  'member.growth.value': ['成长值', 'Growth value'],
  'member.growth.next': ['下一等级', 'Next level'],
  'member.growth.toNext': ['还需 {points} 成长值升级为{level}', '{points} more growth value to reach {level}'],
  'member.growth.top': ['已是最高的成长等级', 'At the top of the growth ladder'],
  'member.growth.multiplier': ['积分倍数', 'Points multiplier'],
  'member.growth.discount': ['会员折扣', 'Member discount'],
  'member.home.total': ['会员总数', 'Members'],
  'member.home.newInPeriod': ['近 30 天新增', 'New in 30 days'],
  'member.home.byState': ['按状态', 'By state'],
  'member.home.byLevel': ['按等级', 'By level'],
  'member.home.daily': ['近 30 天每日新增会员', 'New members per day, last 30 days'],
  'member.home.newMembers': ['新增会员', 'New members'],
  'member.home.topStores': ['近 30 天新增会员最多的门店', 'Stores with most new members, last 30 days'],
  'member.home.store': ['门店', 'Store'],
  'member.home.count': ['人数', 'Members'],
  'member.home.noStore': ['线上渠道（无门店）', 'Online (no store)'],
  'member.home.noLevel': ['未评定', 'No level'],
  // Saving a member (server/modules/members/member.hooks.ts)
  'member.engineOwned': [
    '{label}由系统按规则维护，不能在会员资料中修改',
    '{label} is kept by the system by its rules and cannot be set on the member',
  ],
});
