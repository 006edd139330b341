import { hasAction } from '../../../../resources/access';
import { findEntry } from '../../../../resources/catalog/index';
import type { PermissionRef } from '../../../../resources/catalog/types';
import { pick } from '../../../../resources/messages/bilingual';
import { PUSH_CHANNELS, type PushChannel } from '../../../../resources/promotion/kinds/push-plan.kind';
import type { Actor } from '../../../crud/actor';
import { AppError, type FieldError } from '../../../http/envelope';

/**
 * A push plan's own checks on save (activity.hooks.ts calls them for kind PUSH_PLAN):
 *
 * - it sends something: a channel, a gift or both (400 on `rule.pushChannels`);
 * - each chosen channel has what it needs: a message; an SMS its approved template's code; an
 *   app notification its title; a WeChat message its template id and keywords, each value within
 *   WeChat's limit for its type (400 naming the member); each schedule its time (a one-off's
 *   moment, a daily or weekly plan's time of day, a weekly plan's weekdays);
 * - the saver maintains each channel it sends by, and 赠礼发放 when it gives a gift: the
 *   sub-resources of 营销/推送计划 (403 naming the channel).
 */

type Rule = Readonly<Record<string, unknown>>;

const channelsOf = (rule: Rule): PushChannel[] =>
  (Array.isArray(rule.pushChannels) ? (rule.pushChannels as string[]) : []).filter((c): c is PushChannel => c in PUSH_CHANNELS);
const filled = (value: unknown) => typeof value === 'string' && value.trim() !== '';
const givesGift = (rule: Rule) =>
  (typeof rule.rewardPoints === 'number' && rule.rewardPoints > 0) || typeof rule.rewardCouponTemplate === 'number';

export function pushPlanIssues(rule: Rule): FieldError[] {
  const channels = channelsOf(rule);
  if (channels.length === 0 && !givesGift(rule)) return [{ field: 'rule.pushChannels', key: 'pushPlan.nothingToSend' }];
  const issues: FieldError[] = [];
  // The text of the SMS and the app notification; a WeChat message carries its template's keywords instead.
  if (channels.some((c) => c !== 'WECHAT') && !filled(rule.pushContent))
    issues.push({ field: 'rule.pushContent', key: 'pushPlan.contentRequired' });
  if (channels.includes('SMS') && !filled(rule.smsTemplateCode))
    issues.push({ field: 'rule.smsTemplateCode', key: 'pushPlan.templateRequired' });
  if (channels.includes('APP_PUSH') && !filled(rule.pushTitle)) issues.push({ field: 'rule.pushTitle', key: 'pushPlan.titleRequired' });
  if (channels.includes('WECHAT')) issues.push(...wechatIssues(rule));
  return [...issues, ...scheduleIssues(rule)];
}

/**
 * The most characters WeChat takes in a keyword's value, by the keyword's type (its name without
 * the digits: `thing1` is a thing), as WeChat documents them for template and subscribe messages.
 * Other types (time, date, amount; an old template's `first`, `keyword1`, `remark`) are WeChat's
 * to check.
 */
export const WECHAT_VALUE_LIMITS: Readonly<Record<string, number>> = {
  thing: 20,
  phrase: 5,
  name: 10,
  character_string: 32,
  number: 32,
  letter: 32,
  symbol: 5,
  phone_number: 17,
  car_number: 8,
};

/** A WeChat message needs its template and at least one keyword, each value within its type's limit. */
function wechatIssues(rule: Rule): FieldError[] {
  const issues: FieldError[] = [];
  if (!filled(rule.wechatTemplate)) issues.push({ field: 'rule.wechatTemplate', key: 'pushPlan.wechatTemplateRequired' });
  const data = (rule.wechatData ?? {}) as { keywords?: readonly { key?: unknown; value?: unknown }[] };
  const keywords = Array.isArray(data.keywords) ? data.keywords : [];
  if (keywords.length === 0) issues.push({ field: 'rule.wechatData.keywords', key: 'pushPlan.wechatDataRequired' });
  keywords.forEach((k, i) => {
    const key = String(k.key ?? '');
    const max = WECHAT_VALUE_LIMITS[key.replace(/[0-9]+$/, '')];
    if (max !== undefined && [...String(k.value ?? '')].length > max)
      issues.push({ field: `rule.wechatData.keywords[${i}].value`, key: 'pushPlan.wechatValueTooLong', values: { key, max } });
  });
  return issues;
}

/** What each schedule needs: a one-off its time, a daily or weekly plan its time of day, a weekly one its weekdays. */
function scheduleIssues(rule: Rule): FieldError[] {
  const type = rule.scheduleType ?? 'NOW';
  const issues: FieldError[] = [];
  // An instant is coerced before the hooks see it (a Date, or its text).
  if (type === 'ONCE' && (rule.sendAt === null || rule.sendAt === undefined || rule.sendAt === ''))
    issues.push({ field: 'rule.sendAt', key: 'pushPlan.sendAtRequired' });
  if ((type === 'DAILY' || type === 'WEEKLY') && !filled(rule.sendTime))
    issues.push({ field: 'rule.sendTime', key: 'pushPlan.sendTimeRequired' });
  if (type === 'WEEKLY' && !(Array.isArray(rule.sendWeekdays) && rule.sendWeekdays.length > 0))
    issues.push({ field: 'rule.sendWeekdays', key: 'pushPlan.weekdaysRequired' });
  return issues;
}

/** The sub-resource of 营销/推送计划 each part of a plan needs (the catalogue's names). */
const SUB_OF: Readonly<Record<PushChannel | 'GIFT', string>> = { SMS: '短信', APP_PUSH: '应用推送', WECHAT: '微信消息', GIFT: '赠礼发放' };

function subRef(part: PushChannel | 'GIFT'): PermissionRef {
  const entry = findEntry('promotion', 'push-plan');
  const sub = entry?.subResources?.find((s) => s.name[0] === SUB_OF[part]);
  if (!sub) throw new Error(`push-plan: no sub-resource ${SUB_OF[part]}`);
  return { resourceId: sub.resourceId, action: '配置维护' };
}

/** The gift's own grant: 配置维护 on 营销/推送计划/赠礼发放 (saving a plan with a gift, approving a run that gives one). */
export const giftRef = (): PermissionRef => subRef('GIFT');

/** 403 unless the actor maintains each channel the plan sends by and, for a gift, gift delivery. */
export function assertPushPlanGrants(actor: Actor, rule: Rule): void {
  const parts: (PushChannel | 'GIFT')[] = [...channelsOf(rule), ...(givesGift(rule) ? (['GIFT'] as const) : [])];
  for (const part of parts) {
    if (hasAction(actor.grants, subRef(part))) continue;
    const channel =
      part === 'GIFT'
        ? findEntry('promotion', 'push-plan')!.subResources!.find((s) => s.name[0] === '赠礼发放')!.name
        : PUSH_CHANNELS[part].label;
    throw new AppError('forbidden', 'pushPlan.channelForbidden', { values: { channel: pick(channel, actor.locale) } });
  }
}
