import type { SQL } from 'drizzle-orm';
import type { ResourceDef } from '../../resources/define';
import { serializeRecord } from './record.serialize';
import type { ResourceRuntime } from './resource-registry';
import type { StoredRecord } from './server-hooks.define';

/**
 * The record's card in a picker's options (`ResourcePicker.card`): the columns an options select
 * adds for it, and the card's values as the API answers them (a state that follows time as shown
 * at the request's instant, money as numbers, dates in the caller's zone).
 */

/** The card's fields, and the window of a state that follows time when the card shows the state. */
function cardColumns(resource: ResourceDef): readonly string[] {
  const card = resource.picker?.card ?? [];
  const states = resource.states;
  if (!states?.timeline || !card.includes(states.field)) return card;
  return [...new Set([...card, states.timeline.window.start, states.timeline.window.end])];
}

/** Columns to add to the options select (`card_<field>`), none without a declared card. */
export function cardSelect(runtime: ResourceRuntime): Record<string, SQL> {
  const t = runtime.table as unknown as Record<string, SQL>;
  return Object.fromEntries(cardColumns(runtime.resource).map((name) => [`card_${name}`, t[name]]));
}

/** The card of one option row, undefined without a declared card. */
export function cardOf(args: {
  resource: ResourceDef;
  row: Record<string, unknown>;
  zone: string;
  now: Date;
}): Record<string, unknown> | undefined {
  const card = args.resource.picker?.card;
  if (!card || card.length === 0) return undefined;
  const stored: StoredRecord = { id: args.row.id as number } as StoredRecord;
  for (const name of cardColumns(args.resource)) (stored as Record<string, unknown>)[name] = args.row[`card_${name}`];
  // Serialised as the record would be, limited to the card's fields.
  const fields = Object.fromEntries(card.map((name) => [name, args.resource.fields[name]]));
  const answer = serializeRecord({ resource: { ...args.resource, fields }, row: stored, zone: args.zone, now: args.now });
  return Object.fromEntries(card.map((name) => [name, answer[name] ?? null]));
}
