import { defineMessages } from './bilingual';

/** Texts of the channel gateway (server/modules/channels): its errors and the health page. */
export const channelsMessages = defineMessages({
  'channels.checkNeeds': ['检查该渠道时必须填写', 'Required to check this channel'],
  'channels.forbidden': ['无权配置该渠道', 'You may not configure this channel'],
});
