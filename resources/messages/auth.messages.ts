import { defineMessages } from './bilingual';

/** Messages of sign-in, sessions and the password rules (server module `auth`). */
export const authMessages = defineMessages({
  'auth.login.failed': ['商户编码、用户名或密码错误', 'The merchant code, user name or password is incorrect'],
  'auth.login.locked': [
    '登录失败次数过多，账号已锁定，请 {minutes} 分钟后再试',
    'Too many failed sign-ins; the account is locked, try again in {minutes} minutes',
  ],
  'auth.login.disabled': ['账号已停用，请联系管理员', 'This account is disabled; please contact your administrator'],
  'auth.password.tooShort': ['密码至少 {min} 位', 'The password must have at least {min} characters'],
  'auth.password.tooLong': ['密码最多 {max} 位', 'The password must have at most {max} characters'],
  'auth.password.classes': [
    '密码须包含大写字母、小写字母、数字、符号中的至少三类',
    'The password must use at least three of: upper-case letters, lower-case letters, digits, symbols',
  ],
  'auth.password.sameAsLogin': ['密码不能与登录名相同', 'The password must not be the same as the login'],
  'auth.password.common': ['密码过于常见，请换一个', 'This password is too common; please choose another'],
  'auth.password.sameAsOld': ['新密码不能与原密码相同', 'The new password must differ from the old one'],
  'auth.password.oldWrong': ['原密码不正确', 'The old password is incorrect'],
  'auth.resetToken.invalid': ['重置凭证无效或已使用，请重新登录', 'The reset token is invalid or already used; please sign in again'],
  'auth.marketingCenterDenied': ['您无权使用该营销中心', 'You may not work in this marketing centre'],
  'auth.storeDenied': ['该应用无权在此门店操作', 'This application may not act at this store'],
  'auth.csrf.foreignOrigin': ['请求来自其他网站，已拒绝', 'Refused: the request came from another website'],
  'auth.csrf.clientHeaderMissing': [
    '请求缺少控制台标识（X-Requested-With），已拒绝',
    'Refused: the request lacks the console header (X-Requested-With)',
  ],
});
