/**
 * Settings: users (who gets which roles), roles (which permissions a role holds) and applications
 * (systems that call the API with keys of their own), and the channel gateway (its calls, the SMS
 * and app push accounts).
 */
import { declareEntry } from './declare';
import type { GroupDecl } from './types';

export const settingGroup: GroupDecl = {
  group: 'setting',
  title: ['设置', 'Settings'],
  resourceRoot: '设置',
  resourceRootEn: 'Settings',
  entries: [
    declareEntry({
      entry: 'user',
      title: ['用户', 'Users'],
      resourceId: '设置/用户',
      resourceTitleEn: 'Users',
      actions: ['view', 'configure'],
      screens: [{ name: 'user', title: ['用户', 'Users'] }],
    }),
    declareEntry({
      entry: 'role',
      title: ['角色', 'Roles'],
      resourceId: '设置/角色',
      resourceTitleEn: 'Roles',
      actions: ['view', 'configure'],
      screens: [{ name: 'role', title: ['角色', 'Roles'] }],
    }),
    declareEntry({
      beyondSpecification:
        'Tills and other systems call the API with keys of their own (issue 31); the specification lists no screen for them',
      entry: 'application',
      title: ['应用与密钥', 'Applications and keys'],
      resourceId: '设置/应用',
      resourceTitleEn: 'Applications',
      actions: ['view', 'configure'],
      screens: [{ name: 'application', title: ['应用与密钥', 'Applications and keys'] }],
    }),
    declareEntry({
      beyondSpecification:
        'Every call to WeChat, Alipay, Meituan, SMS and push goes through one gateway whose calls are shown (issue 27); the specification lists no screen for them',
      entry: 'channel',
      title: ['渠道接入', 'Channel gateway'],
      resourceId: '设置/渠道接入',
      resourceTitleEn: 'Channel gateway',
      actions: ['view', 'configure'],
      defaultScreen: 'channel-health',
      screens: [
        { name: 'channel-health', title: ['渠道状态', 'Channel health'] },
        { name: 'channel-calls', title: ['渠道调用记录', 'Channel calls'] },
        { name: 'channel-sms', title: ['短信接入', 'SMS account'] },
        { name: 'channel-push', title: ['推送接入', 'App push account'] },
        { name: 'channel-marketing', title: ['营销触达规则', 'Marketing message rules'] },
      ],
    }),
  ],
};
