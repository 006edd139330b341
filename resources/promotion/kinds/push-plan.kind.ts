import { field } from '../../define';
import { defineActivityKind } from '../activity-kind';
import { groupSendGroup } from './group-coupon.kind';
import { int, rewardOfRule } from './rule-reading';

/**
 * The channels a push plan sends its message through (DOMAIN.md "Precision marketing"): a text
 * message (the merchant's SMS account, an approved template whose `content` parameter carries the
 * message and the opt-out text) and a notification to the member's app (JPush, by the member's
 * alias). Each is a permission of its own under 营销/推送计划 (resources/catalog/promotion.catalog.ts).
 */
export const PUSH_CHANNELS = {
  SMS: { label: ['短信', 'SMS'], color: 'blue' },
  APP_PUSH: { label: ['App 推送', 'App push'], color: 'purple' },
} as const;
export type PushChannel = keyof typeof PUSH_CHANNELS;

/**
 * When a push plan sends: when a person starts it (after the hold), once at a time, or every day
 * or on some weekdays at a time of day, each a run of its own (server/modules/activities/push-plans).
 */
export const PUSH_SCHEDULES = {
  NOW: { label: ['手动开始', 'When started'], color: 'blue' },
  ONCE: { label: ['定时一次', 'Once, at a time'], color: 'cyan' },
  DAILY: { label: ['每天', 'Every day'], color: 'green' },
  WEEKLY: { label: ['每周', 'Every week'], color: 'purple' },
} as const;
export type PushSchedule = keyof typeof PUSH_SCHEDULES;

/**
 * Push plans (推送计划, issue 29 item 3, entry `push-plan`): a message and / or a gift (the shared
 * reward part: points and / or a coupon set) to a customer group. An activity sent like a bulk
 * coupon issue (trigger `groupSend`): once audited (gifts under the value approval rule), a person
 * starts its run on the detail, or its schedule starts one run per time it names; each run freezes
 * the group's members, waits the plan's hold
 * (10 minutes by default, during which it can be stopped), then gives each member the gift once
 * and sends each channel's message once per (plan, run, member, channel), or records why it did
 * not (server/modules/activities/push-plans/README.md).
 */
export const pushPlanKind = defineActivityKind(
  {
    value: 'PUSH_PLAN',
    family: 'PUSH_PLAN',
    trigger: 'groupSend',
    title: ['推送计划', 'Push plan'],
    screens: { list: 'list', add: 'add', edit: 'add', dtl: 'dtl' },
    parts: ['reward'],
    rule: {
      groupSendGroup,
      pushChannels: field.enum({
        label: ['推送渠道', 'Channels'],
        help: ['可不选：只发赠礼', 'None: the gift alone'],
        options: PUSH_CHANNELS,
        multiple: true,
        width: 160,
      }),
      pushTitle: field.text({
        label: ['推送标题', 'Notification title'],
        help: ['App 推送的标题', 'The title of the app notification'],
        maxLength: 20,
        inList: false,
      }),
      pushContent: field.text({
        label: ['消息内容', 'Message'],
        help: [
          '短信与 App 推送的正文；短信末尾自动加上退订说明',
          'The text of the SMS and of the app notification; the SMS ends with the opt-out text',
        ],
        maxLength: 300,
        inList: false,
      }),
      smsTemplateCode: field.text({
        label: ['短信模板编号', 'SMS template code'],
        help: [
          '短信服务审核通过的营销模板，其变量 ${content} 为消息内容',
          'An approved marketing template of the SMS service; its ${content} variable is the message',
        ],
        maxLength: 40,
        inList: false,
      }),
      scheduleType: field.enum({
        label: ['发送时间', 'When to send'],
        options: PUSH_SCHEDULES,
        required: true,
        defaultValue: 'NOW',
        width: 120,
      }),
      // Each member below serves some schedules (a kind's rule members carry the kind's condition,
      // so they cannot follow a sibling): the plan's hook requires each where its schedule uses it.
      sendAt: field.datetime({
        label: ['发送时刻', 'Send at'],
        help: ['“定时一次”时必填', 'Needed for “Once, at a time”'],
        inList: false,
      }),
      sendTime: field.time({
        label: ['每次发送时间', 'Time of day'],
        help: ['“每天”“每周”时必填，商户时区的时间', 'Needed for “Every day” and “Every week”, in the merchant’s time zone'],
        inList: false,
      }),
      sendWeekdays: field.weekdays({
        label: ['每周发送日', 'Weekdays'],
        help: ['“每周”时必填', 'Needed for “Every week”'],
        inList: false,
      }),
      holdMinutes: field.integer({
        label: ['发送前等待(分钟)', 'Wait before sending (minutes)'],
        help: ['开始发送后先等待，期间可暂停或停止', 'After the start the run waits this long, during which it can be paused or stopped'],
        required: true,
        defaultValue: 10,
        min: 0,
        max: 1440,
        inList: false,
      }),
    },
  },
  {
    read: (rule) => ({
      groupId: int(rule.groupSendGroup),
      channels: ((rule.pushChannels ?? []) as readonly string[]).filter((c): c is PushChannel => c in PUSH_CHANNELS),
      title: rule.pushTitle ?? '',
      content: rule.pushContent ?? '',
      smsTemplateCode: rule.smsTemplateCode ?? '',
      holdMinutes: int(rule.holdMinutes ?? 0),
      schedule: {
        type: (rule.scheduleType ?? 'NOW') as PushSchedule,
        at: rule.sendAt ? new Date(rule.sendAt) : null,
        time: rule.sendTime ?? null,
        weekdays: ((rule.sendWeekdays ?? []) as readonly number[]).map(Number),
      },
      reward: rewardOfRule(rule),
    }),
  },
);
