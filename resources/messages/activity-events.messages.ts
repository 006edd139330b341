import { defineMessages } from './bilingual';

/** Messages of the member-event and exchange activities (server/modules/activities/events/). */
export const activityEventsMessages = defineMessages({
  'activityEvents.exchangeNotFound': ['兑换活动 {activityId} 不存在', 'The exchange activity {activityId} does not exist'],
  'activityEvents.exchangeClosed': ['兑换活动“{name}”当前不在进行中', 'The exchange activity "{name}" is not running now'],
  'activityEvents.outOfScope': [
    '该会员或门店不在兑换活动“{name}”的适用范围内',
    'The member or store is outside the scope of the exchange activity "{name}"',
  ],
  'activityEvents.budgetSpent': ['兑换活动“{name}”的总量已兑完', 'The exchange activity "{name}" has nothing left to give'],
  'activityEvents.memberLimit': [
    '该会员参与兑换活动“{name}”的次数已达上限',
    'The member has reached the limit of the exchange activity "{name}"',
  ],
  'activityEvents.dailyLimit': [
    '该会员今天参与兑换活动“{name}”的次数已达上限',
    'The member has reached today\'s limit of the exchange activity "{name}"',
  ],
  'activityEvents.alreadyGiven': ['兑换活动“{name}”已为此请求兑换过', 'The exchange activity "{name}" already exchanged for this request'],
  'activityEvents.storeNotFound': ['门店 {storeId} 不存在', 'The store {storeId} does not exist'],
});
