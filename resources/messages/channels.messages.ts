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
});
