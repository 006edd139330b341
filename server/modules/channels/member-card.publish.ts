import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { RecordOf } from '../../../resources/record-of';
import { memberCardResource } from '../../../resources/member/member-card.resource';
import { alipayColour, MEMBER_NUMBER_LENGTH, type WechatColour } from '../../../resources/member/wallet-card-rules';
import type { Actor } from '../../crud/actor';
import { deriveTable } from '../../crud/table.derive';
import { channelGateway } from './channels.gateway';

/** The card design as stored. */
export type MemberCardRecord = RecordOf<typeof memberCardResource>;

// The opening form's fields as each platform names them.
const WECHAT_FORM_FIELDS: Record<string, string> = {
  MOBILE: 'USER_FORM_INFO_FLAG_MOBILE',
  NAME: 'USER_FORM_INFO_FLAG_NAME',
  GENDER: 'USER_FORM_INFO_FLAG_SEX',
  BIRTHDAY: 'USER_FORM_INFO_FLAG_BIRTHDAY',
  ID_CARD: 'USER_FORM_INFO_FLAG_IDCARD',
  EMAIL: 'USER_FORM_INFO_FLAG_EMAIL',
};
const ALIPAY_FORM_FIELDS: Record<string, string> = {
  MOBILE: 'OPEN_FORM_FIELD_MOBILE',
  NAME: 'OPEN_FORM_FIELD_NAME',
  GENDER: 'OPEN_FORM_FIELD_GENDER',
  BIRTHDAY: 'OPEN_FORM_FIELD_BIRTHDAY_WITH_YEAR',
  ID_CARD: 'OPEN_FORM_FIELD_CERT_NO',
  EMAIL: 'OPEN_FORM_FIELD_EMAIL',
};
const ALIPAY_COLUMN_TITLES: Record<string, string> = { BALANCE: '余额', POINTS: '积分', LEVEL: '等级', TELEPHONE: '电话' };
const ALIPAY_WRITE_OFF: Record<string, string> = { QRCODE: 'qrcode', BARCODE: 'barcode', DYNAMIC: 'dqrcode' };

/**
 * Where a stored image is named in a platform's request. Each platform takes images only from
 * its own image store (WeChat `media/uploadimg`, Alipay `alipay.offline.material.image.upload`),
 * which the gateway does not send to yet: the request names the console's upload.
 */
const imageRef = (id: string | null | undefined) => (id ? `upload:${id}` : undefined);

/** The member card as WeChat's `card/create` takes it (`card.member_card`). */
export function wechatMemberCard(design: MemberCardRecord): Record<string, unknown> {
  const cells = design.wechatCells ?? [];
  const custom = cells.filter((cell) => cell === 'LEVEL' || cell === 'COUPONS');
  return {
    background_pic_url: imageRef(design.background),
    base_info: {
      logo_url: imageRef(design.logo),
      brand_name: design.brandName,
      code_type: design.codeMode === 'BARCODE' ? 'CODE_TYPE_BARCODE' : 'CODE_TYPE_QRCODE',
      title: design.title,
      color: design.colour,
      notice: design.notice,
      description: design.description ?? '',
      sku: { quantity: 100000000 },
      date_info: { type: 'DATE_TYPE_PERMANENT' },
      // Automatic activation: the card's own entry to the binding page, where a holder the
      // merchant does not know yet binds their mobile (WeChat adds encrypt_code and card_id).
      ...(design.activationMode === 'AUTO' && design.activationUrl
        ? { custom_url_name: '绑定会员', custom_url: design.activationUrl }
        : {}),
    },
    prerogative: design.prerogative,
    auto_activate: design.activationMode === 'AUTO',
    wx_activate: design.activationMode === 'ONE_CLICK',
    ...(design.activationMode === 'MERCHANT_PAGE' ? { activate_url: design.activationUrl } : {}),
    supply_bonus: cells.includes('POINTS'),
    supply_balance: cells.includes('STORED_VALUE'),
    ...Object.fromEntries(
      custom.map((cell, index) => [
        `custom_field${index + 1}`,
        { name_type: cell === 'LEVEL' ? 'FIELD_NAME_TYPE_LEVEL' : 'FIELD_NAME_TYPE_COUPON' },
      ]),
    ),
  };
}

/** The card template as Alipay's `alipay.marketing.card.template.create` takes it (`biz_content`). */
export function alipayCardTemplate(design: MemberCardRecord): Record<string, unknown> {
  const columns = design.alipayColumns ?? [];
  return {
    card_type: 'OUT_MEMBER_CARD',
    biz_no_prefix: design.numberPrefix ?? '',
    biz_no_suffix_len: String(MEMBER_NUMBER_LENGTH),
    write_off_type: ALIPAY_WRITE_OFF[design.codeMode] ?? 'qrcode',
    template_style_info: {
      card_show_name: design.title,
      logo_id: imageRef(design.logo),
      background_id: imageRef(design.background),
      bg_color: alipayColour(design.colour as WechatColour),
    },
    column_info_list: columns.map((code) => ({ code, title: ALIPAY_COLUMN_TITLES[code] })),
    field_rule_list: columns.map((code) => ({ field_name: code, rule_name: 'ASSIGN_FROM_REQUEST', rule_value: code })),
    card_action_list: (design.alipayButtons?.buttons ?? []).map((button, index) => ({
      code: `BUTTON_${index + 1}`,
      text: button.text,
      url_type: 'url',
      url: button.url,
    })),
    template_benefit_info: [{ title: design.title, benefit_desc: [design.prerogative] }],
  };
}

/** Alipay's opening form (`alipay.marketing.card.formtemplate.set`) for a template. */
function alipayForm(design: MemberCardRecord, templateId: string): Record<string, unknown> {
  const fields = design.activationMode === 'ONE_CLICK' ? (design.openForm ?? []) : ['MOBILE'];
  return { template_id: templateId, fields: { required: JSON.stringify({ common_fields: fields.map((f) => ALIPAY_FORM_FIELDS[f]) }) } };
}

/**
 * Sends the saved design to both wallets through the gateway, after the save committed: WeChat
 * `card/create` the first time (its card id kept), `card/update` after, and the one-click
 * opening form; Alipay's template created or modified, its opening form, and its card-opening
 * link (what the member QR code carries). A channel without
 * credentials records NOT_CONNECTED with what it would have sent. Answers the record with the
 * ids the platforms gave (stored without moving the version the form holds).
 */
export async function publishMemberCard(args: { app: FastifyInstance; actor: Actor; record: MemberCardRecord }): Promise<MemberCardRecord> {
  const { actor, record } = args;
  const db = args.app.database.db;
  const gateway = await channelGateway({ db, tenantId: actor.tenantId, userId: actor.userId, timeZone: actor.timeZone });
  const memberCard = wechatMemberCard(record);
  let wechatCardId = record.wechatCardId ?? null;
  if (wechatCardId) {
    await gateway.wechat.updateCard({ card_id: wechatCardId, member_card: memberCard });
  } else {
    const created = await gateway.wechat.createCard({ card: { card_type: 'MEMBER_CARD', member_card: memberCard } });
    wechatCardId = created.data?.card_id ?? null;
  }
  if (wechatCardId && record.activationMode === 'ONE_CLICK') {
    const common = (record.openForm ?? []).map((f) => WECHAT_FORM_FIELDS[f]);
    await gateway.wechat.setActivateForm({ card_id: wechatCardId, required_form: { common_field_id_list: common } });
  }
  const template = alipayCardTemplate(record);
  let alipayTemplateId = record.alipayTemplateId ?? null;
  if (alipayTemplateId) {
    await gateway.alipay.modifyCardTemplate({ template_id: alipayTemplateId, ...template });
  } else {
    const created = await gateway.alipay.createCardTemplate({ request_id: `card-${actor.tenantId}-${Date.now()}`, ...template });
    alipayTemplateId = created.data?.templateId ?? null;
  }
  let alipayCardUrl = record.alipayCardUrl ?? null;
  if (alipayTemplateId) {
    await gateway.alipay.setCardForm(alipayForm(record, alipayTemplateId));
    // The link that opens the card (the member QR code's content), asked for again after each
    // change: Alipay answers it URL-encoded.
    const link = await gateway.alipay.activateUrl({ template_id: alipayTemplateId });
    if (link.data?.applyCardUrl) alipayCardUrl = decodeURIComponent(link.data.applyCardUrl);
  }
  if (
    wechatCardId === (record.wechatCardId ?? null) &&
    alipayTemplateId === (record.alipayTemplateId ?? null) &&
    alipayCardUrl === (record.alipayCardUrl ?? null)
  )
    return record;
  const t = deriveTable(memberCardResource);
  const [updated] = (await db
    .update(t)
    .set({ wechatCardId, alipayTemplateId, alipayCardUrl })
    .where(and(eq(t.tenantId, actor.tenantId), eq(t.id, Number(record.id))))
    .returning()) as MemberCardRecord[];
  return updated ?? record;
}
