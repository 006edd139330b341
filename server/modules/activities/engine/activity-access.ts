import type { PermissionRef } from '../../../../resources/catalog/types';
import type { ActivityKind } from '../activity.contract';

/**
 * Who may read an activity's simulation and evaluation: the read action of the catalogue entry
 * that lists its kind (resources/catalog/promotion.catalog.ts). The simulator, which may mix
 * kinds, takes the read of any of them.
 */
const READ = '活动查看';

const ENTRY_OF_KIND: Readonly<Record<ActivityKind, PermissionRef>> = {
  BASIC_POINTS: { resourceId: '营销/消费奖励', action: READ },
  POINTS_SPEED: { resourceId: '营销/积分规则设置', action: '规则查看' },
  NON_POINTS_GOODS: { resourceId: '营销/消费奖励', action: READ },
  SCORE_DOUBLING: { resourceId: '营销/消费奖励', action: READ },
  AMOUNT_EXTRA_POINTS: { resourceId: '营销/消费奖励', action: READ },
  QTY_EXTRA_POINTS: { resourceId: '营销/消费奖励', action: READ },
  GOODS_GROUP_QTY_EXTRA_POINTS: { resourceId: '营销/消费奖励', action: READ },
  GOODS_AMOUNT_COUPON: { resourceId: '营销/消费奖励', action: READ },
  GOODS_AMOUNT_GIFT: { resourceId: '营销/消费奖励', action: READ },
  GOODS_QTY_COUPON: { resourceId: '营销/消费奖励', action: READ },
  USE_COUPON_SEND_COUPON: { resourceId: '营销/消费奖励', action: READ },
  POINTS_AS_CASH: { resourceId: '营销/积分活动', action: READ },
  SCORE_GAIN_COUPON: { resourceId: '营销/积分活动', action: READ },
  SCORE_EXCHANGE_GOODS: { resourceId: '营销/积分活动', action: READ },
  BIRTHDAY_GIFT: { resourceId: '营销/生日礼', action: READ },
  REGISTER_GIFT: { resourceId: '营销/开卡礼', action: READ },
  ACTIVATE_GIFT: { resourceId: '营销/开卡礼', action: READ },
  INVITE_GIFT: { resourceId: '营销/邀请有礼', action: READ },
  UPGRADE_GIFT: { resourceId: '营销/升级礼', action: READ },
};

/** The grant that reads activities of this kind. */
export const readOfKind = (kind: ActivityKind): PermissionRef => ENTRY_OF_KIND[kind];

/** Any grant that reads some activity (the simulator's and the evaluation route's gate). */
export const ACTIVITY_READ_ANY: readonly PermissionRef[] = [
  ...new Map(Object.values(ENTRY_OF_KIND).map((ref) => [`${ref.resourceId}|${ref.action}`, ref])).values(),
];
