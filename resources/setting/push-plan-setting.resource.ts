import { defineResource, field } from '../define';

const cap = (label: readonly [string, string], help: readonly [string, string], defaultValue: number) =>
  field.integer({ label: [label[0], label[1]], help: [help[0], help[1]], required: true, min: 0, max: 100, defaultValue });

/**
 * The merchant's limits on marketing messages (营销触达规则, issue 29 item 3), one per tenant: how
 * many push plans may reach one member per day and per week, across channels (a plan reaching a
 * member by SMS and app push counts once), and the opt-out text every marketing SMS ends with.
 * The hours in which marketing SMS may go out are the SMS account's quiet hours
 * (`sms-channel.resource.ts`), which the gateway enforces for every sender; a push plan reads
 * them too, so the merchant sets them once. The catch-up window of a scheduled run the scheduler
 * missed (server/modules/activities/push-plans/README.md "Missed runs"). Read by the push plans' runs
 * (server/modules/activities/push-plans/README.md); edited on Settings › Channel gateway.
 */
export const pushPlanSettingResource = defineResource({
  name: 'push-plan-setting',
  table: 'push_plan_settings',
  title: ['营销触达规则', 'Marketing message rules'],
  route: { group: 'setting', entry: 'channel', screens: { settings: 'channel-marketing' } },
  access: { read: ['view'], write: 'configure' },
  scope: 'tenant',
  singleton: 'tenant',
  fields: {
    capPerDay: cap(
      ['每人每天最多触达次数', 'Messages per member per day'],
      [
        '按会员所在时区的自然日计算，各渠道合计，一个推送计划算一次；0 表示不发',
        'Per calendar day in the merchant’s zone, all channels together, one push plan counting once; 0: none',
      ],
      1,
    ),
    capPerWeek: cap(
      ['每人每周最多触达次数', 'Messages per member per week'],
      ['最近 7 个自然日（含当天），各渠道合计', 'Over the last 7 calendar days (today included), all channels together'],
      3,
    ),
    catchUpMinutes: field.integer({
      label: ['错过后补发时限(分钟)', 'Catch-up window (minutes)'],
      help: [
        '定时推送因服务停止错过发送时间时，在此时限内（且不跨天）补发一次；超过则记为已错过，不再发送',
        'A scheduled run missed while the service was down is sent once if it can start within this time (and the same day); later it is recorded as missed and never sent',
      ],
      required: true,
      min: 5,
      max: 720,
      defaultValue: 120,
    }),
    optOutText: field.text({
      label: ['短信退订说明', 'SMS opt-out text'],
      help: ['营销短信末尾自动加上此文字', 'Every marketing SMS ends with this text'],
      required: true,
      minLength: 2,
      maxLength: 20,
      defaultValue: '拒收请回复R',
    }),
  },
  titleField: 'optOutText',
  list: { defaultSort: { field: 'id', order: 'asc' } },
  deletable: false,
});
