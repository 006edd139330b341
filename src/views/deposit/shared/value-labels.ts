import type { Translate } from '../../../fields/field-kind';

/** The ledger's entry kinds and channels (server/modules/ledger), as ledger.messages.ts names them. */
export const VALUE_KINDS = ['init', 'recharge', 'pay', 'refund', 'adjust', 'expire', 'void'] as const;
export const VALUE_CHANNELS = ['store', 'weixin', 'alipay', 'third', 'weixinApp'] as const;
/** What causes a member's entries, as stored-value-docs.messages.ts names them. */
export const VALUE_SOURCES = ['recharge', 'payment', 'refund', 'adjustment', 'init', 'batch'] as const;

/** A message of `prefix.value`, or the value itself when there is none. */
function labelOf(t: Translate, prefix: string, value: string | null): string {
  if (value === null) return '';
  const key = `${prefix}.${value}`;
  const text = t(key);
  return text === key ? value : text;
}

export const kindLabel = (t: Translate, kind: string) => labelOf(t, 'ledger.kind', kind);
export const channelLabel = (t: Translate, channel: string | null) =>
  channel === null ? t('storedValue.history.noChannel') : labelOf(t, 'ledger.channel', channel);
export const sourceLabel = (t: Translate, source: string) => labelOf(t, 'storedValue.source', source);

const optionsOf = (values: readonly string[], label: (value: string) => string) => values.map((value) => ({ value, label: label(value) }));
export const kindOptions = (t: Translate) => optionsOf(VALUE_KINDS, (v) => kindLabel(t, v));
export const channelOptions = (t: Translate) => optionsOf(VALUE_CHANNELS, (v) => channelLabel(t, v));
export const sourceOptions = (t: Translate) => optionsOf(VALUE_SOURCES, (v) => sourceLabel(t, v));

/** Tag colours of the kinds: money in green, out red, corrections blue. */
export const KIND_COLORS: Readonly<Record<string, string>> = {
  init: 'purple',
  recharge: 'green',
  pay: 'red',
  refund: 'cyan',
  adjust: 'blue',
  expire: 'default',
  void: 'default',
};
