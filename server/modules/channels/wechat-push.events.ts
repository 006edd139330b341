import { and, eq, sql } from 'drizzle-orm';
import { wechatChannelResource } from '../../../resources/member/wechat-channel.resource';
import { sealSecret } from '../../crud/secret-box';
import { deriveTable } from '../../crud/table.derive';
import type { Db, DbOrTx } from '../../db/connection';
import { wechatMemberCards } from '../../db/schema/channel-gateway.schema';
import { AppError } from '../../http/envelope';
import { channelGateway } from './channels.gateway';
import { cardDesignOf, joinCardHolder, knownMember, MEMBER_MOBILE, type RegisterMember } from './wechat-card-holders';
import { payRuleOfReceipt } from './wechat-pay-join';

/**
 * What the console does with each message WeChat pushes (wechat-push.routes.ts has checked its
 * signature, opened it and claimed its identity, so each runs once, in the push's transaction):
 *
 * - `component_verify_ticket` (every 10 minutes): sealed into the WeChat settings, where the
 *   component token's refresh reads it;
 * - `authorized` / `updateauthorized`: the authorisation code exchanged through the gateway
 *   (`api_query_auth`) and the account's AppID, time and permission sets stored; `unauthorized`:
 *   the stored authorisation cleared (when it names the stored account);
 * - `user_get_card`: the card kept with its holder's openid (and unionid), and the pay-to-join
 *   rule it came through (a card other than the published design's is not the merchant's: not
 *   kept); in automatic activation, the holder already known (openid, else unionid) joined at
 *   once, another left waiting, active without a member, for the binding page;
 *   `user_del_card`: the card marked deleted;
 * - `submit_membercard_user_info` (one-click activation): the holder's form read through the
 *   gateway (`card/membercard/userinfo/get`), the member found by the mobile entered (or
 *   registered, channel WeChat), the WeChat identity recorded (unique per channel: an openid that
 *   names another member is left as it is and said in the push's record), and the pay-to-join
 *   rule's gift given once.
 *
 * Each answers what it did, kept as the push's detail (no ticket, no token).
 */

export type PushFields = Readonly<Record<string, string>>;

export interface PushContext {
  readonly tx: DbOrTx;
  /** The pool, for gateway calls (their log rows are written apart from the push's transaction). */
  readonly db: Db;
  readonly tenantId: number;
  readonly timeZone: string;
  readonly now: Date;
  /** Registers a member through the declaration engine (numbering, hooks, registration gifts). */
  readonly registerMember: RegisterMember;
}

/** The event a message carries: an authorisation event's InfoType, an event's Event, else its MsgType. */
export function eventOf(fields: PushFields): string {
  return fields.InfoType || fields.Event || fields.MsgType || 'unknown';
}

/**
 * The message's identity for de-duplication: its MsgId; else what WeChat documents for events
 * (the sender and CreateTime) with the event; for authorisation events the platform and CreateTime.
 */
export function dedupeKeyOf(fields: PushFields): string {
  if (fields.MsgId) return `msg:${fields.MsgId}`;
  const from = fields.FromUserName || fields.AppId || '';
  return `${eventOf(fields)}:${from}:${fields.CreateTime ?? ''}`;
}

type Detail = Record<string, unknown>;

const channelTable = () => deriveTable(wechatChannelResource);

async function storeTicket(ctx: PushContext, fields: PushFields): Promise<Detail> {
  const ticket = fields.ComponentVerifyTicket ?? '';
  if (ticket === '') return { stored: false };
  const t = channelTable();
  await ctx.tx
    .update(t)
    .set({ componentVerifyTicket: sealSecret(ticket) })
    .where(eq(t.tenantId, ctx.tenantId));
  return { stored: true };
}

async function storeAuthorization(ctx: PushContext, fields: PushFields): Promise<Detail> {
  const gateway = await channelGateway({ db: ctx.db, tenantId: ctx.tenantId, userId: null, timeZone: ctx.timeZone });
  const answer = await gateway.wechatComponent.queryAuth({ authCode: fields.AuthorizationCode ?? '' });
  if (answer.outcome !== 'OK' || !answer.data?.authorizer_appid) return { stored: false, outcome: answer.outcome, callId: answer.callId };
  const t = channelTable();
  await ctx.tx
    .update(t)
    .set({ authorizerAppId: answer.data.authorizer_appid, authorizedAt: ctx.now, authorizedScopes: answer.data.scopes.join(',') })
    .where(eq(t.tenantId, ctx.tenantId));
  return { stored: true, authorizerAppId: answer.data.authorizer_appid, callId: answer.callId };
}

async function clearAuthorization(ctx: PushContext, fields: PushFields): Promise<Detail> {
  const t = channelTable();
  const cleared = await ctx.tx
    .update(t)
    .set({ authorizerAppId: null, authorizedAt: null, authorizedScopes: null })
    .where(and(eq(t.tenantId, ctx.tenantId), eq(t.authorizerAppId, fields.AuthorizerAppid ?? '')))
    .returning({ id: t.id });
  return { authorizerAppId: fields.AuthorizerAppid ?? null, cleared: cleared.length > 0 };
}

async function cardReceived(ctx: PushContext, fields: PushFields): Promise<Detail | null> {
  // Once the design was published, WeChat's card id says which cards are the merchant's: another
  // (a card of another brand of the account) is not kept, nobody is linked by it.
  const design = await cardDesignOf(ctx.tx, ctx.tenantId);
  if (design?.wechatCardId && design.wechatCardId !== fields.CardId) return null;
  const at = new Date(Number(fields.CreateTime) * 1000 || ctx.now.getTime());
  const payRuleId = await payRuleOfReceipt({
    db: ctx.tx,
    tenantId: ctx.tenantId,
    receipt: {
      givenByFriend: fields.IsGiveByFriend === '1',
      restored: fields.IsRestoreMemberCard === '1',
      outerStr: fields.OuterStr ?? '',
      at,
    },
  });
  const openId = fields.FromUserName ?? '';
  const unionId = fields.UnionId || null;
  const [card] = await ctx.tx
    .insert(wechatMemberCards)
    .values({
      tenantId: ctx.tenantId,
      cardId: fields.CardId ?? '',
      code: fields.UserCardCode ?? '',
      openId,
      unionId,
      payRuleId,
      state: 'HELD',
      receivedAt: at,
    })
    .onConflictDoUpdate({
      target: [wechatMemberCards.tenantId, wechatMemberCards.code],
      set: {
        openId,
        state: sql`case when ${wechatMemberCards.activatedAt} is null then 'HELD' else 'ACTIVE' end`,
        deletedAt: null,
      },
    })
    .returning({ id: wechatMemberCards.id, payRuleId: wechatMemberCards.payRuleId, memberId: wechatMemberCards.memberId });
  const detail = { cardId: fields.CardId ?? null, code: fields.UserCardCode ?? null, payRuleId: card.payRuleId ?? null };
  // Automatic activation: WeChat activated the card on receipt (auto_activate). A holder the
  // merchant already knows (by openid, else unionid) joins now; another waits, active and without
  // a member, until they bind their mobile on the binding page (wechat-card-bind.routes.ts).
  if (design?.activationMode !== 'AUTO' || !design.wechatCardId) return detail;
  const member = card.memberId ?? (await knownMember(ctx.tx, { tenantId: ctx.tenantId, openId, unionId }));
  if (member === null) {
    await ctx.tx
      .update(wechatMemberCards)
      .set({ state: 'ACTIVE', activatedAt: sql`coalesce(${wechatMemberCards.activatedAt}, ${ctx.now.toISOString()}::timestamptz)` })
      .where(and(eq(wechatMemberCards.tenantId, ctx.tenantId), eq(wechatMemberCards.id, card.id)));
    return { ...detail, activation: 'AUTO', memberId: null, waiting: true };
  }
  const holder = { cardId: design.wechatCardId, code: fields.UserCardCode ?? '', openId, unionId };
  const joined = await joinCardHolder({
    tx: ctx.tx,
    tenantId: ctx.tenantId,
    now: ctx.now,
    timeZone: ctx.timeZone,
    holder,
    memberId: member,
  });
  return { ...detail, activation: 'AUTO', memberId: member, ...joined };
}

async function cardDeleted(ctx: PushContext, fields: PushFields): Promise<Detail> {
  const deleted = await ctx.tx
    .update(wechatMemberCards)
    .set({ state: 'DELETED', deletedAt: ctx.now })
    .where(and(eq(wechatMemberCards.tenantId, ctx.tenantId), eq(wechatMemberCards.code, fields.UserCardCode ?? '')))
    .returning({ id: wechatMemberCards.id });
  return { code: fields.UserCardCode ?? null, deleted: deleted.length > 0 };
}

async function cardActivated(ctx: PushContext, fields: PushFields): Promise<Detail> {
  const code = fields.UserCardCode ?? '';
  const openId = fields.FromUserName ?? '';
  const gateway = await channelGateway({ db: ctx.db, tenantId: ctx.tenantId, userId: null, timeZone: ctx.timeZone });
  const info = await gateway.wechat.memberCardUserInfo({ card_id: fields.CardId ?? '', code });
  if (info.outcome !== 'OK' || !info.data) return { code, member: null, userInfo: info.outcome, callId: info.callId };
  const common = info.data.user_info?.common_field_list ?? [];
  const mobile = common.find((f) => f.name === 'USER_FORM_INFO_FLAG_MOBILE')?.value ?? '';
  if (!MEMBER_MOBILE.test(mobile)) return { code, member: null, reason: 'noMobile', callId: info.callId };
  const name = common.find((f) => f.name === 'USER_FORM_INFO_FLAG_NAME')?.value || info.data.nickname || mobile;
  const found = await ctx.tx.execute<{ id: string }>(
    sql`select id from members where tenant_id = ${ctx.tenantId} and mobile = ${mobile} limit 1`,
  );
  const registered = found.rows.length === 0;
  let memberId: number;
  try {
    memberId = registered
      ? await ctx.registerMember({ tx: ctx.tx, tenantId: ctx.tenantId, mobile, name: name.slice(0, 40) })
      : Number(found.rows[0].id);
  } catch (error) {
    // The registration refused (in its own savepoint): said in the push's record, not retried by WeChat forever.
    if (error instanceof AppError) return { code, member: null, reason: error.key, callId: info.callId };
    throw error;
  }
  const holder = { cardId: fields.CardId ?? '', code, openId, unionId: fields.UnionId || null };
  const joined = await joinCardHolder({ tx: ctx.tx, tenantId: ctx.tenantId, now: ctx.now, timeZone: ctx.timeZone, holder, memberId });
  return { code, memberId, registered, ...joined, callId: info.callId };
}

/** Handles one opened message; what it did is the push's detail. Null: nothing to do with it (IGNORED). */
export async function handlePush(ctx: PushContext, fields: PushFields): Promise<Detail | null> {
  switch (eventOf(fields)) {
    case 'component_verify_ticket':
      return storeTicket(ctx, fields);
    case 'authorized':
    case 'updateauthorized':
      return storeAuthorization(ctx, fields);
    case 'unauthorized':
      return clearAuthorization(ctx, fields);
    case 'user_get_card':
      return cardReceived(ctx, fields);
    case 'user_del_card':
      return cardDeleted(ctx, fields);
    case 'submit_membercard_user_info':
      return cardActivated(ctx, fields);
    default:
      return null;
  }
}
