import type { Bilingual } from '../messages/bilingual';
import { field } from '../define';

/**
 * What the settings of every outside channel share (WeChat, Alipay, Meituan, SMS): the address
 * the gateway calls (server/modules/channels), which a merchant or a test may point elsewhere
 * (a proxy, a sandbox, a local stand-in), checked as an http(s) address.
 */
export const platformAddress = (args: { label: Bilingual; defaultValue: string }) =>
  field.text({
    label: args.label,
    help: ['一般保持默认；使用代理或沙箱时改为其地址', 'Keep the default unless calls go through a proxy or a sandbox'],
    required: true,
    maxLength: 300,
    defaultValue: args.defaultValue,
    pattern: {
      regex: '^https?://[A-Za-z0-9.-]+(:[0-9]{1,5})?(/[^\\s]*)?$',
      message: ['请输入以 http:// 或 https:// 开头的地址', 'Enter an address starting with http:// or https://'],
    },
  });

/** Who may read and change a channel's settings: the catalogue entry's own pair of actions. */
export const CHANNEL_ACCESS = { read: ['配置查看'], write: '配置维护' } as const;

/** The pattern of an address a wallet opens: WeChat and Alipay open https:// addresses only. */
export const HTTPS_ADDRESS = {
  regex: '^https://[A-Za-z0-9.-]+(:[0-9]{1,5})?(/[^\\s]*)?$',
  message: ['微信和支付宝只打开 https:// 开头的地址', 'WeChat and Alipay open only addresses starting with https://'],
} as const;

/** The pattern of a WeChat AppID (an official account's, a third-party platform's). */
export const WECHAT_APP_ID = {
  regex: '^wx[0-9a-f]{16}$',
  message: ['AppID 为 wx 加 16 位十六进制字符', 'An AppID is wx and 16 hexadecimal characters'],
} as const;
