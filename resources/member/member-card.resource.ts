import { defineResource, defineView, field, type EnumOption } from '../define';
import { CHANNEL_ACCESS, HTTPS_ADDRESS } from './channel-fields';
import { WECHAT_COLOURS } from './wallet-card-rules';

// The colours as options, each labelled with its name and value (the preview shows the colour itself).
const colourOptions: Readonly<Record<string, EnumOption>> = Object.fromEntries(
  Object.entries(WECHAT_COLOURS).map(([name, hex]) => [name, { label: [`${name} ${hex}`, `${name} ${hex}`] } satisfies EnumOption]),
);

// A text whose limits are each platform's (resources/member/wallet-card-rules.ts): the engine keeps
// only an outer bound, the save's check names the platform and its limit.
const cardText = (label: readonly [string, string], more: { required?: boolean; help?: readonly [string, string] } = {}) =>
  field.text({ label, maxLength: 64, ...more });

/**
 * The membership card as WeChat and Alipay show it in their wallets (会员卡设计, issue 27 §2, §3,
 * §5): one design for both, per tenant. Title, logo, colour (WeChat's 14 named colours; Alipay
 * gets the same colour as rgb()), background, notices, WeChat's cells, Alipay's columns and
 * buttons, the card number's prefix (before the member number, its suffix; fixed once a card was issued), the member code
 * and the activation with its opening form.
 *
 * Each platform's limits (wallet-card-rules.ts) are checked by the save
 * (server/modules/channels/member-card.hooks.ts: 400 naming the field, with the platform and the
 * limit); after the save, a connected channel is sent the card (WeChat `card/create` or
 * `card/update`, Alipay's card template), a channel without credentials records what it would
 * have sent; Alipay's card-opening link, asked for after its template, is kept for the member QR
 * code (alipay-member-qr-code). The form shows both wallets' live preview beside the fields
 * (src/views/member/wallet-card/). The WeChat entry edits it on wechat-member-card(-edit); the
 * Alipay entry is a view of the same record ({@link alipayMemberCardResource}).
 */
export const memberCardResource = defineResource({
  name: 'member-card',
  table: 'member_cards',
  title: ['会员卡设计', 'Membership card design'],
  route: { group: 'member', entry: 'wechat', screens: { settings: 'wechat-member-card', settingsEdit: 'wechat-member-card-edit' } },
  access: { read: [...CHANNEL_ACCESS.read], write: CHANNEL_ACCESS.write },
  scope: 'tenant',
  singleton: 'tenant',
  fields: {
    brandName: cardText(['商户名称', 'Brand name'], { required: true }),
    title: cardText(['会员卡名称', 'Card title'], { required: true }),
    logo: field.file({
      label: ['商户Logo', 'Logo'],
      help: [
        '正方形，至少 500×500 像素，不超过 1 MB（支付宝要求；微信缩放为 300×300）',
        'Square, at least 500×500 pixels, at most 1 MB (Alipay; WeChat scales it to 300×300)',
      ],
      accept: 'image/png,image/jpeg',
      maxSizeMb: 1,
    }),
    colour: field.enum({
      label: ['卡面颜色', 'Card colour'],
      help: ['微信的 14 种颜色之一；支付宝使用同一颜色', 'One of WeChat’s 14 colours; Alipay shows the same colour'],
      options: colourOptions,
      required: true,
      defaultValue: 'Color010',
    }),
    background: field.file({
      label: ['卡面背景图', 'Background picture'],
      help: ['至少 1020×643 像素，不超过 1 MB（两个平台都能使用）', 'At least 1020×643 pixels, at most 1 MB (usable on both platforms)'],
      accept: 'image/png,image/jpeg',
      maxSizeMb: 2,
    }),
    notice: cardText(['使用提醒', 'Notice'], {
      required: true,
      help: ['微信卡券顶部的提醒，最多 16 个汉字', 'WeChat’s line at the top of the card, at most 16 Chinese characters'],
    }),
    description: field.longText({ label: ['使用说明', 'Description'], maxLength: 2000 }),
    prerogative: field.longText({ label: ['会员权益', 'Member privileges'], maxLength: 2000, required: true }),
    wechatCells: field.enum({
      label: ['微信卡面栏位', 'WeChat cells'],
      options: {
        LEVEL: { label: ['等级', 'Level'] },
        POINTS: { label: ['积分', 'Points'] },
        STORED_VALUE: { label: ['储值', 'Stored value'] },
        COUPONS: { label: ['优惠券', 'Coupons'] },
      },
      multiple: true,
      defaultValue: ['LEVEL', 'POINTS'],
    }),
    alipayColumns: field.enum({
      label: ['支付宝卡面栏目', 'Alipay columns'],
      options: {
        BALANCE: { label: ['余额', 'Balance'] },
        POINTS: { label: ['积分', 'Points'] },
        LEVEL: { label: ['等级', 'Level'] },
        TELEPHONE: { label: ['电话', 'Telephone'] },
      },
      multiple: true,
      defaultValue: ['POINTS', 'LEVEL'],
    }),
    alipayButtons: field.object({
      label: ['支付宝卡面按钮', 'Alipay buttons'],
      fields: {
        buttons: field.lines({
          label: ['按钮（最多 3 个）', 'Buttons (at most 3)'],
          maxLines: 10,
          fields: {
            text: field.text({ label: ['按钮文字', 'Text'], required: true, maxLength: 32 }),
            url: field.text({ label: ['打开的地址', 'Address opened'], required: true, maxLength: 300, pattern: HTTPS_ADDRESS }),
          },
        }),
      },
    }),
    numberPrefix: field.text({
      label: ['卡号前缀', 'Card number prefix'],
      help: [
        '卡号为前缀 + 会员编号（后缀，10 位），共不超过 32 位；发卡后不能再改',
        'The card number is the prefix + the member number (the suffix, 10 characters), at most 32 in all; fixed once a card was issued',
      ],
      maxLength: 32,
      pattern: { regex: '^[A-Za-z0-9]*$', message: ['只能使用字母和数字', 'Letters and digits only'] },
    }),
    codeMode: field.enum({
      label: ['会员码', 'Member code'],
      options: {
        QRCODE: { label: ['静态二维码', 'Static QR code'] },
        BARCODE: { label: ['静态条形码', 'Static bar code'] },
        DYNAMIC: { label: ['动态码（约每 2 分钟刷新）', 'Dynamic code (refreshed about every 2 minutes)'] },
      },
      required: true,
      defaultValue: 'QRCODE',
    }),
    activationMode: field.enum({
      label: ['激活方式', 'Activation'],
      options: {
        AUTO: { label: ['自动激活', 'Automatic'] },
        MERCHANT_PAGE: { label: ['跳转商户页面激活', 'On the merchant’s page'] },
        ONE_CLICK: { label: ['一键开卡（填写开卡表单）', 'One click, with the opening form'] },
      },
      required: true,
      defaultValue: 'ONE_CLICK',
    }),
    activationUrl: field.text({
      label: ['激活页面地址', 'Activation page'],
      help: [
        '跳转商户页面激活：会员在此页绑定手机号后激活会员卡；自动激活：会员卡上“绑定会员”入口打开此页。填写“公众号授权”页列出的会员绑定页地址',
        'On the merchant’s page: members bind their mobile there, then the card is activated; automatic: the card’s “Link membership” entry opens it. Enter the binding page listed on the authorisation page',
      ],
      required: true,
      maxLength: 300,
      pattern: HTTPS_ADDRESS,
      // Automatic activation too: a holder the merchant does not know yet binds there (README, channels).
      when: { field: 'activationMode', in: ['MERCHANT_PAGE', 'AUTO'] },
    }),
    openForm: field.enum({
      label: ['开卡表单字段', 'Opening form fields'],
      options: {
        MOBILE: { label: ['手机号', 'Mobile'] },
        NAME: { label: ['姓名', 'Name'] },
        GENDER: { label: ['性别', 'Gender'] },
        BIRTHDAY: { label: ['生日', 'Birthday'] },
        ID_CARD: { label: ['身份证号', 'ID card number'] },
        EMAIL: { label: ['邮箱', 'Email'] },
      },
      multiple: true,
      required: true,
      defaultValue: ['MOBILE', 'NAME'],
      when: { field: 'activationMode', in: ['ONE_CLICK'] },
    }),
    wechatCardId: field.text({ label: ['微信卡券ID', 'WeChat card id'], maxLength: 64, serverManaged: true, inForm: false }),
    alipayTemplateId: field.text({ label: ['支付宝模板ID', 'Alipay template id'], maxLength: 64, serverManaged: true, inForm: false }),
    alipayCardUrl: field.text({
      label: ['支付宝领卡链接', 'Alipay card link'],
      help: [
        '支付宝为模板给出的开卡链接，会员二维码所载内容（alipay-member-qr-code）',
        'The card-opening link Alipay gives for the template, what the member QR code carries (alipay-member-qr-code)',
      ],
      maxLength: 1000,
      serverManaged: true,
      inForm: false,
    }),
  },
  titleField: 'title',
  list: { defaultSort: { field: 'id', order: 'asc' } },
  form: [
    {
      key: 'look',
      title: ['卡面', 'Card face'],
      fields: ['brandName', 'title', 'logo', 'colour', 'background', 'notice', 'wechatCells', 'alipayColumns', 'alipayButtons'],
    },
    { key: 'terms', title: ['说明与权益', 'Description and privileges'], fields: ['prerogative', 'description'] },
    { key: 'number', title: ['卡号与会员码', 'Card number and member code'], fields: ['numberPrefix', 'codeMode'] },
    { key: 'activation', title: ['开卡', 'Opening the card'], fields: ['activationMode', 'activationUrl', 'openForm'] },
  ],
  deletable: false,
});

/**
 * The same design from the Alipay entry (alipay-member-card-edit-dtl, alipay-member-card-edit):
 * one record for both wallets, read and changed with the Alipay entry's grants.
 */
export const alipayMemberCardResource = defineView(memberCardResource, {
  name: 'alipay-member-card',
  title: ['支付宝会员卡', 'Alipay membership card'],
  route: {
    group: 'member',
    entry: 'alipay',
    screens: { settings: 'alipay-member-card-edit-dtl', settingsEdit: 'alipay-member-card-edit' },
  },
  access: { read: [...CHANNEL_ACCESS.read], write: CHANNEL_ACCESS.write },
  scope: 'tenant',
});
