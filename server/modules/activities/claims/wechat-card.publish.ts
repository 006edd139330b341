/**
 * A WeChat card coupon claim's card (WEI_XIN_COUPON, issue 28 item 2): when the campaign is
 * audited, its coupon is published as a WeChat card through the channel gateway
 * (server/modules/channels, `card/create`), after the audit committed (a call to a platform never
 * holds a transaction open). A cash template gives a `CASH` card of its face value, any other a
 * `GENERAL_COUPON` named after the template; the card's stock is the campaign's stock, its dates
 * the campaign's window, its limit per member the campaign's. The card id WeChat gives is kept on
 * the activity (`wechatCardId`), which the claim answers so that the member's page adds the card
 * to their card holder. WeChat not connected: the gateway records the call as NOT_CONNECTED with
 * the card it would have sent, and the activity keeps no card id (its claims still give the
 * console's coupons).
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Actor } from '../../../crud/actor';
import type { StoredRecord } from '../../../crud/server-hooks.define';
import { couponValue, readTemplate } from '../../coupons/template-terms';
import { channelGateway } from '../../channels/channels.gateway';
import { readClaimRule } from '../../../../resources/promotion/kinds/claim';

/** WeChat's longest coupon title, in characters. */
const TITLE_MAX = 9;

const seconds = (value: unknown): number => Math.floor(new Date(value as string | Date).getTime() / 1000);

/** The card `card/create` takes for a claim campaign (null when its template is gone). */
async function claimCard(args: { app: FastifyInstance; tenantId: number; record: StoredRecord }): Promise<Record<string, unknown> | null> {
  const { app, tenantId, record } = args;
  const db = app.database.db;
  const rule = readClaimRule((record.rule ?? {}) as Parameters<typeof readClaimRule>[0]);
  const template = await readTemplate(db, tenantId, rule.couponTemplateId);
  if (!template) return null;
  const merchant = await db.execute<{ name: string }>(sql`select name from tenants where id = ${tenantId}`);
  const budget = (record.budget ?? {}) as { totalCoupons?: number | null; perMemberTimes?: number | null };
  const baseInfo = {
    brand_name: merchant.rows[0]?.name ?? '',
    code_type: 'CODE_TYPE_QRCODE',
    title: [...String(record.name ?? template.name)].slice(0, TITLE_MAX).join(''),
    color: 'Color010',
    notice: '使用时向服务员出示此券',
    description: template.name,
    sku: { quantity: budget.totalCoupons ?? 0 },
    date_info: { type: 'DATE_TYPE_FIX_TIME_RANGE', begin_timestamp: seconds(record.beginTime), end_timestamp: seconds(record.endTime) },
    ...(budget.perMemberTimes ? { get_limit: budget.perMemberTimes * rule.couponCount } : {}),
  };
  const value = couponValue(template, null);
  if ('faceCents' in value && value.type !== 'random_cash')
    return { card_type: 'CASH', cash: { base_info: baseInfo, least_cost: 0, reduce_cost: Number(value.faceCents) } };
  return { card_type: 'GENERAL_COUPON', general_coupon: { base_info: baseInfo, default_detail: template.name } };
}

/** Publishes the audited campaign's card and keeps the id WeChat gave (see the file's comment). */
export async function publishClaimCard(args: { app: FastifyInstance; actor: Actor; record: StoredRecord }): Promise<void> {
  const { app, actor, record } = args;
  const card = await claimCard({ app, tenantId: actor.tenantId, record });
  if (!card) return;
  const db = app.database.db;
  const gateway = await channelGateway({ db, tenantId: actor.tenantId, userId: actor.userId, timeZone: actor.timeZone });
  const created = await gateway.wechat.createCard({ card });
  const cardId = created.data?.card_id ?? null;
  if (cardId === null) return;
  await db.execute(sql`update activities set wechat_card_id = ${cardId} where tenant_id = ${actor.tenantId} and id = ${Number(record.id)}`);
}
