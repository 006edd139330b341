import type { ResourceDef } from './define';
import { areaResource } from './datum/area.resource';
import { brandResource } from './datum/brand.resource';
import { catogoryResource } from './datum/catogory.resource';
import { channelResource } from './datum/channel.resource';
import { costpartyResource } from './datum/costparty.resource';
import { employResource } from './datum/employ.resource';
import { marketingCenterResource } from './datum/marketing-center.resource';
import { productResource } from './datum/product.resource';
import { storeResource } from './datum/store.resource';
import { couponInitResource } from './coupons/coupon-init.resource';
import { couponTemplates } from './coupons/coupon-template.resource';
import { couponResource } from './coupons/coupon.resource';
import { couponWriteOffResource } from './coupons/coupon-write-off.resource';
import { cardTemplateResource } from './deposit/card-template.resource';
import { CARD_RESOURCES } from './deposit/card-resources';
import { storeValueAccountResource } from './deposit/store-value-account.resource';
import { storeValueManageResource } from './deposit/store-value-manage.resource';
import { storeValueApplicableGoodsResource } from './deposit/store-value-applicable-goods.resource';
import { storeValueAdjustReasonResource } from './deposit/store-value-adjust-reason.resource';
import { storeValueAdjustResource } from './deposit/store-value-adjust.resource';
import { storeValueInitResource } from './deposit/store-value-init.resource';
import { storeValueQueryResource } from './deposit/store-value-query.resource';
import { scoreAdjustReasonResource } from './score/score-adjust-reason.resource';
import { scoreAdjustResource } from './score/score-adjust.resource';
import { growValueRuleResource } from './member/grow-value-rule.resource';
import { growValueSettingResource } from './member/grow-value-setting.resource';
import { levelMaterialResource } from './member/level-material.resource';
import { customerGroupResource } from './promotion/customer-group.resource';
import { memberTagLinkResource } from './promotion/member-tag-link.resource';
import { memberTagResource } from './promotion/member-tag.resource';
import { levelValuateRuleResource } from './member/level-valuate-rule.resource';
import { levelResource } from './member/level.resource';
import { MEMBER_RESOURCES } from './member/member.resource';
import { batchOperateResource } from './member/batch-operate.resource';
import { batchOperateSettingResource } from './member/batch-operate-setting.resource';
import { applicationResource } from './setting/application.resource';
import { valueApprovalSettingResource } from './setting/value-approval-setting.resource';
import { smsChannelResource } from './setting/sms-channel.resource';
import { pushChannelResource } from './setting/push-channel.resource';
import { pushPlanSettingResource } from './setting/push-plan-setting.resource';
import { pushConsentResource } from './promotion/push-consent.resource';
import { alipayChannelResource } from './member/alipay-channel.resource';
import { meituanChannelResource } from './member/meituan-channel.resource';
import { wechatChannelResource } from './member/wechat-channel.resource';
import { wechatPayRuleResource } from './member/wechat-pay-rule.resource';
import { wechatMemberCodeResource } from './member/wechat-member-code.resource';
import { alipayMemberCardResource, memberCardResource } from './member/member-card.resource';
import { memberChannelIdentityResource } from './member/member-channel-identity.resource';
import { paidLevelOrderResource } from './member/paid-level-order.resource';
import { upgradeIncentiveResource } from './member/upgrade-incentive.resource';
import { activities } from './promotion/activity.resource';
import { scoreInitResource } from './promotion/score-init.resource';
import { topicResource } from './promotion/topic.resource';

/**
 * Every declared business object. Adding a resource is writing its `<name>.resource.ts` and
 * adding it to this list; the engine derives everything else.
 */
export const RESOURCES: readonly ResourceDef[] = [
  marketingCenterResource,
  areaResource,
  storeResource,
  employResource,
  catogoryResource,
  brandResource,
  productResource,
  costpartyResource,
  channelResource,
  cardTemplateResource,
  storeValueAccountResource,
  storeValueManageResource,
  storeValueApplicableGoodsResource,
  storeValueAdjustReasonResource,
  storeValueAdjustResource,
  storeValueInitResource,
  storeValueQueryResource,
  scoreAdjustReasonResource,
  scoreAdjustResource,
  levelResource,
  levelValuateRuleResource,
  growValueRuleResource,
  growValueSettingResource,
  levelMaterialResource,
  upgradeIncentiveResource,
  paidLevelOrderResource,
  ...MEMBER_RESOURCES,
  batchOperateResource,
  batchOperateSettingResource,
  valueApprovalSettingResource,
  applicationResource,
  wechatChannelResource,
  alipayChannelResource,
  memberCardResource,
  alipayMemberCardResource,
  wechatPayRuleResource,
  wechatMemberCodeResource,
  memberChannelIdentityResource,
  meituanChannelResource,
  smsChannelResource,
  pushPlanSettingResource,
  pushConsentResource,
  pushChannelResource,
  ...CARD_RESOURCES,
  couponInitResource,
  ...couponTemplates.resources,
  couponResource,
  couponWriteOffResource,
  ...activities.resources,
  scoreInitResource,
  memberTagResource,
  memberTagLinkResource,
  customerGroupResource,
  topicResource,
];

/** The declaration of a resource by its API name. */
export function resourceByName(name: string): ResourceDef | undefined {
  return RESOURCES.find((r) => r.name === name);
}
