import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { centsOf } from '../../../resources/money/cents';
import { pick } from '../../../resources/messages/bilingual';
import { memberCardResource } from '../../../resources/member/member-card.resource';
import { PAY_RULE_MAX_DAYS, wechatPayRuleResource } from '../../../resources/member/wechat-pay-rule.resource';
import type { RecordOf } from '../../../resources/record-of';
import type { Actor } from '../../crud/actor';
import { defineServerHooks } from '../../crud/server-hooks.define';
import { deriveTable } from '../../crud/table.derive';
import { badInput, type FieldError } from '../../http/envelope';
import type { DbOrTx } from '../../db/connection';
import { centsToString } from '../../money/money';
import { couponWorth } from '../coupons/coupon-worth';
import { readTemplate } from '../coupons/template-terms';
import { channelGateway } from './channels.gateway';

type PayRule = RecordOf<typeof wechatPayRuleResource>;

const DAY_MS = 86_400_000;
const label = (name: keyof typeof wechatPayRuleResource.fields, actor: Actor) =>
  pick(wechatPayRuleResource.fields[name].label, actor.locale);

/** The rule as WeChat's `card/paygiftcard/add` takes it: amounts in fen, times in Unix seconds. */
export function wechatPayRule(rule: PayRule, cardId: string): Record<string, unknown> {
  return {
    rule_info: {
      type: 'RULE_TYPE_PAY_MEMBER_CARD',
      base_info: {
        mchid_list: rule.merchantIds.split(','),
        begin_time: Math.floor(new Date(rule.beginTime).getTime() / 1000),
        end_time: Math.floor(new Date(rule.endTime).getTime() / 1000),
      },
      member_rule: {
        card_id: cardId,
        least_cost: Number(centsOf(rule.leastCost)),
        max_cost: Number(centsOf(rule.maxCost)),
        ...(rule.jumpUrl ? { jump_url: rule.jumpUrl } : {}),
      },
    },
  };
}

/**
 * What the gift coupon gives one member, for the value approval rule (the declaration's
 * `creates`): the template's worth (coupon-worth.ts) as money, or as points for a points coupon.
 */
async function giftCouponMeasure(args: {
  db: DbOrTx;
  tenantId: number;
  templateId: unknown;
}): Promise<{ giftCouponWorth: string; giftCouponPoints: number }> {
  const none = { giftCouponWorth: '0.00', giftCouponPoints: 0 };
  if (args.templateId === null || args.templateId === undefined) return none;
  const template = await readTemplate(args.db, args.tenantId, Number(args.templateId));
  if (!template) return none;
  const worth = await couponWorth({ db: args.db, tenantId: args.tenantId, template });
  return worth.kind === 'points'
    ? { giftCouponWorth: '0.00', giftCouponPoints: Number(worth.units) }
    : { giftCouponWorth: centsToString(worth.units), giftCouponPoints: 0 };
}

async function gatewayOf(app: FastifyInstance, actor: Actor) {
  return channelGateway({ db: app.database.db, tenantId: actor.tenantId, userId: actor.userId, timeZone: actor.timeZone });
}

/**
 * A pay-to-join rule (resources/member/wechat-pay-rule.resource.ts): WeChat's limits checked on
 * the save (the highest amount above the lowest, the window at most 90 days; 400 naming the
 * field with the limit); published, it is sent to WeChat with the card design's WeChat card and
 * WeChat's rule id kept; stopped, WeChat is told to delete it. A channel without credentials
 * records what it would have sent (the call log).
 */
export const wechatPayRuleHooks = defineServerHooks(wechatPayRuleResource, {
  beforeSave: async ({ db, actor, values, current }) => {
    const rule = { ...(current ?? {}), ...values };
    Object.assign(values, await giftCouponMeasure({ db, tenantId: actor.tenantId, templateId: rule.giftCoupon ?? null }));
    const issues: FieldError[] = [];
    if (rule.leastCost != null && rule.maxCost != null && centsOf(rule.maxCost) <= centsOf(rule.leastCost)) {
      issues.push({
        field: 'maxCost',
        key: 'payRule.costOrder',
        values: { label: label('maxCost', actor), least: label('leastCost', actor) },
      });
    }
    const begin = rule.beginTime ? new Date(rule.beginTime).getTime() : NaN;
    const end = rule.endTime ? new Date(rule.endTime).getTime() : NaN;
    if (end - begin > PAY_RULE_MAX_DAYS * DAY_MS) {
      issues.push({ field: 'endTime', key: 'payRule.windowTooLong', values: { label: label('endTime', actor), max: PAY_RULE_MAX_DAYS } });
    }
    if (issues.length > 0) throw badInput('error.fieldsInvalid', issues);
  },
  afterCommit: {
    publish: async ({ app, actor, record }) => {
      const cards = deriveTable(memberCardResource);
      const [card] = await app.database.db
        .select({ wechatCardId: cards.wechatCardId })
        .from(cards)
        .where(eq(cards.tenantId, actor.tenantId))
        .limit(1);
      const gateway = await gatewayOf(app, actor);
      const answer = await gateway.wechat.addPayGiftRule(wechatPayRule(record, String(card?.wechatCardId ?? '')));
      const ruleId = answer.data?.rule_id;
      if (ruleId === undefined) return;
      const t = deriveTable(wechatPayRuleResource);
      await app.database.db
        .update(t)
        .set({ wechatRuleId: String(ruleId) })
        .where(and(eq(t.tenantId, actor.tenantId), eq(t.id, Number(record.id))));
    },
    stop: async ({ app, actor, record }) => {
      if (!record.wechatRuleId) return;
      const gateway = await gatewayOf(app, actor);
      await gateway.wechat.deletePayGiftRule({ rule_id: Number(record.wechatRuleId) });
    },
  },
});
