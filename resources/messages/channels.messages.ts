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
  // The Alipay member QR code (server/modules/channels/alipay-qr-code.routes.ts) and the end of the Alipay setup.
  'alipayQr.none': [
    '支付宝尚未给出领卡链接：接入支付宝并保存会员卡设计后才有二维码',
    'Alipay has not given the card link yet: connect Alipay and save the card design, then there is a QR code',
  ],
  'alipayQr.notConnected': [
    '支付宝未接入：填写支付宝应用的凭证并保存会员卡设计后，支付宝给出领卡链接，这里生成二维码。',
    'Alipay is not connected: once its application’s credentials are entered and the card design is saved, Alipay gives the card link and the QR code is made here.',
  ],
  'alipayQr.notDesigned': [
    '尚未设计会员卡：保存会员卡设计后，支付宝给出领卡链接，这里生成二维码。',
    'The membership card is not designed yet: once it is saved, Alipay gives the card link and the QR code is made here.',
  ],
  'alipayQr.noLink': [
    '支付宝没有给出领卡链接：最近一次发布会员卡失败，调用记录中有支付宝的错误码。',
    'Alipay gave no card link: the last publication of the card failed; the call log shows Alipay’s error code.',
  ],
  'alipayQr.connect': ['接入支付宝', 'Connect Alipay'],
  'alipayQr.design': ['设计会员卡', 'Design the card'],
  'alipayQr.calls': ['查看调用记录', 'See the calls'],
  'alipayQr.image': ['打开支付宝会员卡的二维码', 'QR code that opens the Alipay membership card'],
  'alipayQr.hint': [
    '会员用支付宝扫码即可领取会员卡。PNG 适合打印（600×600 像素），SVG 可任意缩放。',
    'Members scan it with Alipay to get the membership card. The PNG suits print (600 × 600 pixels); the SVG scales to any size.',
  ],
  'alipayQr.link': ['领卡链接', 'Card link'],
  'alipayQr.downloadPng': ['下载 PNG', 'Download PNG'],
  'alipayQr.downloadSvg': ['下载 SVG', 'Download SVG'],
  'alipayInit.done': ['支付宝会员接入完成', 'Alipay membership is set up'],
  'alipayInit.done.hint': [
    '支付宝应用已接入。接下来设计会员卡，保存后即可下载会员领卡二维码。',
    'The Alipay application is connected. Next, design the membership card; once it is saved, the QR code that opens it can be downloaded.',
  ],
  'alipayInit.done.card': ['会员卡设计', 'Card design'],
  'alipayInit.done.qrCode': ['会员二维码', 'Member QR code'],
  'walletCard.preview': ['卡面预览', 'Card preview'],
  'walletCard.preview.wechat': ['微信卡包', 'WeChat wallet'],
  'walletCard.preview.alipay': ['支付宝卡包', 'Alipay wallet'],
  'walletCard.preview.number': ['卡号', 'Card number'],
  'walletCard.preview.openCard': ['领取会员卡', 'Get the card'],
  'walletCard.preview.ok': ['符合两个平台的限制', 'Within both platforms’ limits'],
  // WeChat pay-to-join rules (server/modules/channels/wechat-pay-rule.hooks.ts).
  'payRule.costOrder': ['{label}必须高于{least}', '{label} must be above {least}'],
  'payRule.windowTooLong': [
    '微信支付即会员规则的有效期最多 {max} 天（{label}太晚）',
    'WeChat runs a pay-to-join rule at most {max} days ({label} is too late)',
  ],
  // The official account's authorisation (src/views/member/wechat/, server/modules/channels/wechat-authorize.routes.ts).
  'wechatAuth.intro': [
    '授权后，本系统通过您的微信开放平台第三方平台代您的公众号创建会员卡、生成会员码和设置支付即会员规则。',
    'Once authorised, the console creates membership cards, member codes and pay-to-join rules for your official account through your WeChat Open Platform third-party platform.',
  ],
  'wechatAuth.step1': ['点击“前往微信授权”，打开微信的授权页面', 'Click “Authorise on WeChat” to open WeChat’s authorisation page'],
  'wechatAuth.step2': [
    '公众号管理员用微信扫码，确认授权给第三方平台的权限',
    'The official account’s administrator scans the code with WeChat and confirms the permissions granted to the platform',
  ],
  'wechatAuth.step3': ['微信返回本系统，显示授权结果', 'WeChat sends you back here, to the result'],
  'wechatAuth.linkHint': ['授权链接 10 分钟内有效，只能使用一次', 'The authorisation link is valid for 10 minutes and can be used once'],
  'wechatAuth.start': ['前往微信授权', 'Authorise on WeChat'],
  'wechatAuth.notConnected': [
    '尚未填写第三方平台的 AppID、AppSecret 和验证票据，无法发起授权；已记录本应发送的内容。',
    'The third-party platform’s AppID, AppSecret and verify ticket are not entered yet, so no authorisation can start; what would have been sent is recorded.',
  ],
  'wechatAuth.failedCall': ['微信拒绝了授权请求（错误码 {code}）', 'WeChat refused to start the authorisation (error code {code})'],
  'wechatAuth.setup': ['填写接入信息', 'Enter the credentials'],
  'wechatAuth.calls': ['查看调用记录', 'See the calls'],
  'wechatAuth.current': ['当前授权', 'Current authorisation'],
  'wechatAuth.none': ['尚未授权公众号', 'No official account authorised yet'],
  'wechatAuth.ok': ['公众号授权成功', 'The official account is authorised'],
  'wechatAuth.ok.hint': [
    '授权已保存，接下来可以设计微信会员卡、生成会员码。',
    'The authorisation is saved. Next, design the WeChat membership card and generate the member code.',
  ],
  'wechatAuth.failed': ['授权未完成', 'The authorisation did not complete'],
  'wechatAuth.reason.stateInvalid': [
    '授权链接已过期或已使用过，请重新发起授权。',
    'The authorisation link has expired or was already used; please start again.',
  ],
  'wechatAuth.reason.refused': ['公众号管理员没有在微信上确认授权。', 'The official account’s administrator did not confirm on WeChat.'],
  'wechatAuth.reason.platform': [
    '微信没有接受授权码（{code}），调用记录中有详细信息。',
    'WeChat did not accept the authorisation code ({code}); the call log has the details.',
  ],
  'wechatAuth.again': ['重新授权', 'Authorise again'],
  'wechatAuth.card': ['微信会员卡', 'WeChat membership card'],
  // Member channel identities (server/modules/channels/member-channel-identity.hooks.ts).
  'identity.taken': ['该{channel}身份已属于另一位会员', 'This {channel} identity already belongs to another member'],
  'identity.memberHasChannel': ['该会员已有{channel}身份', 'This member already has a {channel} identity'],
});
