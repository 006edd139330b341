import { defineResource, field } from '../define';
import { CHANNEL_ACCESS } from './channel-fields';

/** WeChat's limits on a card QR code (`card/qrcode/create`, DOMAIN.md Channel integrations). */
export const MEMBER_CODE_LIMITS = { sceneMax: 128, expireMin: 60, expireMax: 1800 } as const;

/**
 * The WeChat member code (微信会员码, issue 27 §2): the QR code a member scans in WeChat to get the
 * membership card (the card design's WeChat card, member-card.resource.ts), for one channel of
 * the merchant (a till, a poster …) named by its scene value, which WeChat reports back with each
 * card taken. Its expiry is 60–1800 seconds, or none (a printed code). One per tenant, edited in
 * place on wechat-member-code.
 *
 * After each save the code is asked of WeChat through the channel gateway (`card/qrcode/create`,
 * server/modules/channels/wechat-member-code.hooks.ts): the ticket, the code's content and
 * WeChat's picture of it are kept and shown, the QR drawn from the content on the screen. Without
 * credentials nothing is sent and the call log shows what would have been.
 */
export const wechatMemberCodeResource = defineResource({
  name: 'wechat-member-code',
  table: 'wechat_member_codes',
  title: ['微信会员码', 'WeChat member code'],
  route: { group: 'member', entry: 'wechat', screens: { settings: 'wechat-member-code' } },
  access: { read: [...CHANNEL_ACCESS.read], write: CHANNEL_ACCESS.write },
  scope: 'tenant',
  singleton: 'tenant',
  fields: {
    scene: field.text({
      label: ['场景值', 'Scene value'],
      help: [
        `领卡渠道的标识（如门店或海报），微信在领卡记录中带回；最多 ${MEMBER_CODE_LIMITS.sceneMax} 个字符`,
        `Names the channel the card is taken in (a store, a poster); WeChat reports it with each card taken. At most ${MEMBER_CODE_LIMITS.sceneMax} characters`,
      ],
      required: true,
      maxLength: MEMBER_CODE_LIMITS.sceneMax,
      defaultValue: 'store',
    }),
    expireSeconds: field.integer({
      label: ['有效期(秒)', 'Valid for (seconds)'],
      help: [
        `${MEMBER_CODE_LIMITS.expireMin} 到 ${MEMBER_CODE_LIMITS.expireMax} 秒；留空为永久有效（印刷用）`,
        `${MEMBER_CODE_LIMITS.expireMin} to ${MEMBER_CODE_LIMITS.expireMax} seconds; empty: never expires (for print)`,
      ],
      min: MEMBER_CODE_LIMITS.expireMin,
      max: MEMBER_CODE_LIMITS.expireMax,
    }),
    uniqueCode: field.boolean({
      label: ['每个码只能领一次', 'Each code taken once'],
      help: ['开启后每张二维码只能领取一张会员卡', 'Each QR code gives one card only'],
      defaultValue: false,
    }),
    ticket: field.text({ label: ['微信二维码 ticket', 'WeChat QR ticket'], maxLength: 200, serverManaged: true, inForm: false }),
    content: field.longText({
      label: ['会员码', 'Member code'],
      help: ['微信给出的二维码地址，扫码即打开领卡页', 'The address WeChat gave; scanning it opens the card page'],
      maxLength: 500,
      serverManaged: true,
      inForm: false,
      widget: { name: 'qrCode' },
    }),
    pictureUrl: field.text({ label: ['微信二维码图片', 'WeChat’s QR picture'], maxLength: 500, serverManaged: true, inForm: false }),
    generatedAt: field.datetime({ label: ['生成时间', 'Generated at'], serverManaged: true, inForm: false }),
  },
  titleField: 'scene',
  list: { defaultSort: { field: 'id', order: 'asc' } },
  deletable: false,
});
