import { and, eq } from 'drizzle-orm';
import { memberCardResource } from '../../../resources/member/member-card.resource';
import { wechatMemberCodeResource } from '../../../resources/member/wechat-member-code.resource';
import type { RecordOf } from '../../../resources/record-of';
import { defineServerHooks } from '../../crud/server-hooks.define';
import { deriveTable } from '../../crud/table.derive';
import { channelGateway } from './channels.gateway';

type MemberCode = RecordOf<typeof wechatMemberCodeResource>;

/** The code as WeChat's `card/qrcode/create` takes it: one card, the scene as `outer_str`. */
export function wechatCardQrcode(code: MemberCode, cardId: string): Record<string, unknown> {
  return {
    action_name: 'QR_CARD',
    ...(code.expireSeconds == null ? {} : { expire_seconds: code.expireSeconds }),
    action_info: { card: { card_id: cardId, is_unique_code: code.uniqueCode === true, outer_str: code.scene } },
  };
}

/**
 * The member code (resources/member/wechat-member-code.resource.ts): the limits are declared
 * (scene ≤ 128, expiry 60–1800 s, 400 naming the field); after the save commits, the code is
 * asked of WeChat for the card design's WeChat card, and WeChat's ticket, content and picture
 * are kept (a failed or unconnected call keeps the previous code; the call log says why).
 */
export const wechatMemberCodeHooks = defineServerHooks(wechatMemberCodeResource, {
  afterSaveCommit: async ({ app, actor, record }) => {
    const db = app.database.db;
    const cards = deriveTable(memberCardResource);
    const [card] = await db.select({ wechatCardId: cards.wechatCardId }).from(cards).where(eq(cards.tenantId, actor.tenantId)).limit(1);
    const gateway = await channelGateway({ db, tenantId: actor.tenantId, userId: actor.userId, timeZone: actor.timeZone });
    const answer = await gateway.wechat.createCardQrcode(wechatCardQrcode(record, String(card?.wechatCardId ?? '')));
    if (answer.data === null) return record;
    const t = deriveTable(wechatMemberCodeResource);
    const [updated] = (await db
      .update(t)
      .set({
        ticket: answer.data.ticket,
        content: answer.data.url,
        pictureUrl: answer.data.show_qrcode_url ?? null,
        generatedAt: new Date(),
      })
      .where(and(eq(t.tenantId, actor.tenantId), eq(t.id, Number(record.id))))
      .returning()) as MemberCode[];
    return updated ?? record;
  },
});
