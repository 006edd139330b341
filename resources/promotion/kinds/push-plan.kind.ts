import { field } from '../../define';
import { HTTPS_ADDRESS } from '../../member/channel-fields';
import { defineActivityKind } from '../activity-kind';
import { groupSendGroup } from './group-coupon.kind';
import { int, rewardOfRule } from './rule-reading';

/**
 * The channels a push plan sends its message through (DOMAIN.md "Precision marketing"): a text
 * message (the merchant's SMS account, an approved template whose `content` parameter carries the
 * message and the opt-out text), a notification to the member's app (JPush, by the member's
 * alias) and a WeChat template or subscribe message (the official account, to the member's openid
 * from the channel identities). Each is a permission of its own under 营销/推送计划
 * (resources/catalog/promotion.catalog.ts).
 */
export const PUSH_CHANNELS = {
  SMS: { label: ['短信', 'SMS'], color: 'blue' },
  APP_PUSH: { label: ['App 推送', 'App push'], color: 'purple' },
  WECHAT: { label: ['微信消息', 'WeChat message'], color: 'green' },
} as const;
export type PushChannel = keyof typeof PUSH_CHANNELS;

/**
 * What a WeChat message is: a template message of the official account (`message/template/send`),
 * or a subscribe message (`message/subscribe/bizsend`), sent only to members whose consent for
 * WeChat is GRANTED (they agreed to it).
 */
export const WECHAT_MESSAGE_TYPES = {
  TEMPLATE: { label: ['模板消息', 'Template message'], color: 'green' },
  SUBSCRIBE: { label: ['订阅通知', 'Subscribe message'], color: 'cyan' },
} as const;
export type WechatMessageType = keyof typeof WECHAT_MESSAGE_TYPES;

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
      wechatMessageType: field.enum({
        label: ['微信消息类型', 'WeChat message type'],
        help: ['订阅通知只发给已同意接收的会员', 'A subscribe message goes only to members who agreed to receive it'],
        options: WECHAT_MESSAGE_TYPES,
        defaultValue: 'TEMPLATE',
        inList: false,
      }),
      // The template's id as WeChat names it (not a record id of ours, so not named …Id).
      wechatTemplate: field.text({
        label: ['微信模板 ID', 'WeChat template id'],
        help: ['公众号后台选用的模板的 ID', 'The id of the template chosen in the official account’s console'],
        maxLength: 64,
        inList: false,
      }),
      wechatData: field.object({
        label: ['微信消息内容', 'WeChat message fields'],
        help: [
          '模板的关键词及其内容，如 thing1（≤20 字）、phrase2（≤5 字）、character_string3（≤32 字）',
          'The template’s keywords and their values, e.g. thing1 (≤ 20 characters), phrase2 (≤ 5), character_string3 (≤ 32)',
        ],
        inList: false,
        fields: {
          keywords: field.lines({
            label: ['关键词', 'Keywords'],
            maxLines: 20,
            fields: {
              key: field.text({
                label: ['关键词', 'Keyword'],
                required: true,
                maxLength: 32,
                pattern: { regex: '^[a-z_]+[0-9]*$', message: ['如 thing1、time2', 'Such as thing1 or time2'] },
              }),
              value: field.text({ label: ['内容', 'Value'], required: true, maxLength: 200 }),
            },
          }),
        },
      }),
      wechatLink: field.text({
        label: ['微信消息链接', 'WeChat message link'],
        help: ['可不填：点击消息打开的网页', 'Optional: the page opened when the message is tapped'],
        maxLength: 300,
        pattern: HTTPS_ADDRESS,
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
      wechat: {
        type: (rule.wechatMessageType ?? 'TEMPLATE') as WechatMessageType,
        templateId: rule.wechatTemplate ?? '',
        link: rule.wechatLink ?? '',
        keywords: ((rule.wechatData?.keywords ?? []) as readonly { key: string; value: string }[]).map((k) => ({
          key: String(k.key),
          value: String(k.value),
        })),
      },
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
