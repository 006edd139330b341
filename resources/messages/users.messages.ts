import { defineMessages } from './bilingual';

/** Messages of the user API. */
export const usersMessages = defineMessages({
  'user.loginTaken': ['登录名已存在', 'This login is already taken'],
  'user.cannotDisableSelf': ['不能停用自己的账号', 'You cannot disable your own account'],
});
