import { defineMessages } from './bilingual';

/**
 * Texts of the console's frame: brand, login, header, menus, the pages outside the main shell
 * and the password dialog. The error catalogue's texts live in errors.messages.ts.
 */
export const shellMessages = defineMessages({
  'shell.brand': ['会员营销平台', 'Loyalty Console'],
  'shell.brand.tagline': [
    '会员 · 积分 · 储值 · 卡券 · 精准营销，一站式运营',
    'Members, points, stored value, coupons and campaigns in one place',
  ],
  'shell.brand.feature.members': ['全渠道会员与等级体系', 'Omni-channel members and levels'],
  'shell.brand.feature.assets': ['积分、储值与预付卡账户', 'Points, stored value and prepaid cards'],
  'shell.brand.feature.campaigns': ['营销活动与精准触达', 'Campaigns and precision marketing'],
  'shell.loading': ['加载中…', 'Loading…'],
  'shell.home': ['首页', 'Home'],

  'shell.login.title': ['账号登录', 'Sign in'],
  'shell.login.subtitle': ['请输入商户编码与账号信息', 'Enter your merchant code and account'],
  'shell.login.tenant': ['商户编码', 'Merchant code'],
  'shell.login.user': ['用户名', 'User name'],
  'shell.login.password': ['密码', 'Password'],
  'shell.login.submit': ['登录', 'Sign in'],
  'shell.login.copyright': ['会员营销平台 · 商户运营后台', 'Loyalty Console · merchant back office'],

  'shell.password.title': ['修改密码', 'Change password'],
  'shell.password.old': ['原密码', 'Current password'],
  'shell.password.new': ['新密码', 'New password'],
  'shell.password.confirm': ['确认新密码', 'Confirm new password'],
  'shell.password.mismatch': ['两次输入的新密码不一致', 'The two new passwords do not match'],
  'shell.password.sameAsOld': ['新密码不能与原密码相同', 'The new password must differ from the current one'],
  'shell.password.mustChange': [
    '首次登录或密码已被重置，请先设置新密码',
    'Your password was reset or this is your first sign-in; please set a new password',
  ],
  'shell.password.expired': ['密码已过期，请设置新密码后重新登录', 'Your password has expired; set a new one, then sign in again'],
  'shell.password.strictHint': ['密码需至少 8 位，并同时包含字母和数字', 'At least 8 characters, with both letters and digits'],
  'shell.password.weak': ['密码需至少 8 位，并同时包含字母和数字', 'The password needs at least 8 characters with letters and digits'],
  'shell.password.changed': ['密码已修改', 'Password changed'],
  'shell.password.changedSignIn': ['密码已修改，请使用新密码登录', 'Password changed; please sign in with the new password'],
  'shell.password.submit': ['确认修改', 'Change password'],
  'shell.password.back': ['返回登录', 'Back to sign-in'],

  'shell.header.merchant': ['商户', 'Merchant'],
  'shell.header.marketCenter': ['营销中心', 'Marketing centre'],
  'shell.header.language': ['语言', 'Language'],
  'shell.header.changePassword': ['修改密码', 'Change password'],
  'shell.header.fileCentre': ['文件中心', 'File centre'],
  'shell.breadcrumb.account': ['我的账户', 'My account'],
  'shell.header.logout': ['退出登录', 'Sign out'],
  'shell.approvals.open': ['待我审批：{count} 项', 'Awaiting my approval: {count}'],
  'shell.approvals.title': ['待我审批', 'Awaiting my approval'],
  'shell.approvals.empty': ['没有等待您审批的事项', 'Nothing is waiting for your approval'],
  'shell.approvals.more': ['另有 {count} 项未列出', '{count} more not listed'],
  'shell.approvals.value': ['{kind} {amount}，超过阈值 {threshold}', '{kind} {amount}, above the threshold of {threshold}'],
  'shell.approvals.due': ['请在 {time} 前审批', 'Approve by {time}'],
  'shell.approvals.queue.pushPlanRun': ['推送计划的定时发送', "A push plan's scheduled send"],
  'shell.header.collapse': ['收起菜单', 'Collapse menu'],
  'shell.header.expand': ['展开菜单', 'Expand menu'],
  'shell.header.openMenu': ['打开菜单', 'Open menu'],
  'shell.navigating': ['正在打开页面', 'Opening the page'],
  'shell.header.closeMenu': ['关闭菜单', 'Close menu'],
  'shell.language.zh_CN': ['中文', '中文'],
  'shell.language.en_US': ['English', 'English'],

  'shell.denied.title': ['无权访问', 'Access denied'],
  'shell.noLicence.title': ['商户许可证无效', 'Licence invalid'],
  'shell.noLicence.hint': [
    '请联系平台管理员续期或更换许可证后重新登录',
    'Ask the platform administrator to renew the licence, then sign in again',
  ],
  'shell.noContent.title': ['暂无可访问的内容', 'Nothing to show yet'],
  'shell.noContent.hint': [
    '您的账号尚未分配菜单权限，请联系管理员',
    'Your account has no menu permissions yet; please contact your administrator',
  ],
  'shell.notFound.title': ['页面不存在', 'Page not found'],
  'shell.notFound.hint': ['您访问的页面不存在或已被移除', 'The page you asked for does not exist or has moved'],
  'shell.backHome': ['返回首页', 'Back to home'],
  'shell.backLogin': ['返回登录', 'Back to sign-in'],
  'shell.loadFailed.title': ['页面加载失败', 'The page failed to load'],
  'shell.loadFailed.hint': [
    '可能是网络不稳定或系统刚刚升级，请重新加载',
    'The network may be unstable or the system was just upgraded; please reload',
  ],
  'shell.reload': ['重新加载', 'Reload'],
});
