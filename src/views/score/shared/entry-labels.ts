import type { Translate } from '../../../fields/field-kind';
import { ENTRY_CHANNELS, ENTRY_KINDS, ENTRY_SOURCES } from './points-api';

/**
 * Display of ledger kinds and sources: the labels of points.messages.ts (`points.kind.*`,
 * `points.source.*`) and a tag colour per kind. An unknown code is shown as it is.
 */

/** antd tag colour of each kind of entry. */
export const KIND_COLORS: Readonly<Record<string, string>> = {
  earn: 'green',
  spend: 'blue',
  adjust: 'purple',
  reverse: 'orange',
  expire: 'default',
};

function labelOr(t: Translate, key: string, code: string): string {
  const text = t(key);
  return text === key ? code : text;
}

export const kindLabel = (t: Translate, kind: string) => labelOr(t, `points.kind.${kind}`, kind);
export const sourceLabel = (t: Translate, source: string) => labelOr(t, `points.source.${source}`, source);
export const channelLabel = (t: Translate, channel: string) => labelOr(t, `ledger.channel.${channel}`, channel);

/** Select options of the kind filter. */
export const kindOptions = (t: Translate) => ENTRY_KINDS.map((kind) => ({ value: kind, label: kindLabel(t, kind) }));
/** Select options of the channel filter. */
export const channelOptions = (t: Translate) => ENTRY_CHANNELS.map((channel) => ({ value: channel, label: channelLabel(t, channel) }));
/** Select options of the source filter. */
export const sourceOptions = (t: Translate) => ENTRY_SOURCES.map((source) => ({ value: source, label: sourceLabel(t, source) }));
