import { defineMessages } from './bilingual';

/** Texts of the channel gateway (server/modules/channels): its errors and the health page. */
export const channelsMessages = defineMessages({
  'channels.checkNeeds': ['检查该渠道时必须填写', 'Required to check this channel'],
  'channels.forbidden': ['无权配置该渠道', 'You may not configure this channel'],
  'channels.health.hint': [
    '各渠道是否已接入、最近一次调用和近 7 天每天的失败次数。未接入的渠道不会发送任何内容，只记录本应发送的内容。',
    'Whether each channel is connected, its last call and its failed calls on each of the last 7 days. A channel that is not connected sends nothing; what it would have sent is recorded.',
  ],
  'channels.health.channel': ['渠道', 'Channel'],
  'channels.health.state': ['状态', 'State'],
  'channels.health.state.CONNECTED': ['已接入', 'Connected'],
  'channels.health.state.FAILING': ['调用失败', 'Failing'],
  'channels.health.state.NOT_CONNECTED': ['未接入', 'Not connected'],
  'channels.health.lastCall': ['最近调用', 'Last call'],
  'channels.health.never': ['尚无调用', 'No calls yet'],
  'channels.health.calls': ['近 7 天调用', 'Calls, last 7 days'],
  'channels.health.failedByDay': ['近 7 天每日失败', 'Failed calls per day, last 7 days'],
  'channels.health.calls.link': ['查看调用记录', 'See the calls'],
  // The card design's platform limits (server/modules/channels/member-card.hooks.ts, the preview).
  'walletCard.platform.wechat': ['微信', 'WeChat'],
  'walletCard.platform.alipay': ['支付宝', 'Alipay'],
  'walletCard.tooLong.chinese': [
    '{platform}限制{label}最多 {max} 个汉字（字母和数字算半个）',
    '{platform} allows at most {max} Chinese characters in {label} (a Latin letter or digit counts half)',
  ],
  'walletCard.tooLong.chars': ['{platform}限制{label}最多 {max} 个字符', '{platform} allows at most {max} characters in {label}'],
  'walletCard.tooManyButtons': ['{platform}卡面最多 {max} 个按钮', '{platform} shows at most {max} buttons on a card'],
  'walletCard.cardNumberTooLong': [
    '{platform}卡号（{label} + 10 位会员编号）最多 {max} 位',
    'The card number on {platform} ({label} + the 10-character member number) is at most {max} characters',
  ],
  'walletCard.imageTooLarge': ['{platform}要求{label}不超过 {maxMb} MB', '{platform} takes a {label} of at most {maxMb} MB'],
  'walletCard.imageTooSmall': [
    '{platform}要求{label}至少 {width}×{height} 像素',
    '{platform} needs a {label} of at least {width}×{height} pixels',
  ],
  'walletCard.imageNotSquare': ['{platform}要求{label}为正方形', '{platform} needs a square {label}'],
  'walletCard.numberFixed': ['已有会员领卡，{label}不能再改', 'Cards were issued: the {label} can no longer change'],
  'walletCard.preview': ['卡面预览', 'Card preview'],
  'walletCard.preview.wechat': ['微信卡包', 'WeChat wallet'],
  'walletCard.preview.alipay': ['支付宝卡包', 'Alipay wallet'],
  'walletCard.preview.number': ['卡号', 'Card number'],
  'walletCard.preview.openCard': ['领取会员卡', 'Get the card'],
  'walletCard.preview.ok': ['符合两个平台的限制', 'Within both platforms’ limits'],
  // Member channel identities (server/modules/channels/member-channel-identity.hooks.ts).
  'identity.taken': ['该{channel}身份已属于另一位会员', 'This {channel} identity already belongs to another member'],
  'identity.memberHasChannel': ['该会员已有{channel}身份', 'This member already has a {channel} identity'],
});
