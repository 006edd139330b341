/**
 * States that follow time (`states.timeline`, resources/define.ts): the one rule deciding a
 * record's shown state from its stored state, its window and the current instant. The server's
 * SQL (server/crud/state-timeline.ts: the list's filter and sort) states the same rule over the
 * same instant; this pure function gives the state of every answer, every precondition (edit,
 * delete, action) and any evaluator, so they agree at every second.
 *
 * Plain data and pure functions only: the browser, the server and the tests all read it.
 */
import type { ResourceDef, ResourceStates, StateTimeline } from './define';

/** Where an instant lies relative to a window: start inclusive, end exclusive. */
export type WindowPlace = 'before' | 'inside' | 'after';

/** An instant as the rule reads it: a Date, epoch milliseconds, or nothing. */
type Instant = Date | number | null | undefined;

const millis = (value: Instant): number | null =>
  value === null || value === undefined ? null : value instanceof Date ? value.getTime() : value;

/**
 * Where `now` lies in the window `[start, end)`: `before` while now < start, `after` from end on
 * (once started), `inside` otherwise. A missing end never arrives; a missing start has passed.
 */
export function windowPlace(args: { start: Instant; end: Instant; now: Instant }): WindowPlace {
  const now = millis(args.now) ?? Date.now();
  const start = millis(args.start);
  const end = millis(args.end);
  if (start !== null && now < start) return 'before';
  if (end !== null && now >= end) return 'after';
  return 'inside';
}

/** The shown state of a stored state and its window at `now` (the stored one unless it is `during`). */
export function shownState(args: { timeline: StateTimeline; stored: unknown; start: Instant; end: Instant; now: Instant }): unknown {
  const { timeline } = args;
  if (args.stored !== timeline.during) return args.stored;
  return timeline[windowPlace(args)];
}

/**
 * The shown state of a stored record (its datetime fields as Dates, as the database returns them)
 * at `now`; without a timeline, the stored state. Null when the resource has no states.
 */
export function recordShownState(args: {
  states: ResourceStates | undefined;
  record: Readonly<Record<string, unknown>>;
  now: Instant;
}): unknown {
  const { states, record } = args;
  if (!states) return null;
  const stored = record[states.field];
  const timeline = states.timeline;
  if (!timeline) return stored;
  return shownState({
    timeline,
    stored,
    start: record[timeline.window.start] as Instant,
    end: record[timeline.window.end] as Instant,
    now: args.now,
  });
}

/** The states a record can be stored in: the initial one and those the actions lead to. */
export function storedStates(states: ResourceStates): string[] {
  return [...new Set([states.initial, ...Object.values(states.actions).map((a) => a.to)])];
}

/**
 * The ways a record can show the state `shown`: stored as it (a state that can be stored, other
 * than `during`), or stored `during` with the instant at a place of its window. The server turns
 * each into an index-friendly condition: PROCESSING, never stored, is exactly `state = 'AUDITED'
 * AND start <= now AND end > now`.
 */
export function storedPlacesOf(states: ResourceStates, shown: string): { stored: string; place?: WindowPlace }[] {
  const timeline = states.timeline;
  if (!timeline) return [{ stored: shown }];
  const storable = shown !== timeline.during && storedStates(states).includes(shown);
  const places: { stored: string; place?: WindowPlace }[] = storable ? [{ stored: shown }] : [];
  for (const place of ['before', 'inside', 'after'] as const) {
    if (timeline[place] === shown) places.push({ stored: timeline.during, place });
  }
  return places;
}

/** The states a record of the resource can show: the state field's options but `during`. */
export function shownStateOptions(resource: ResourceDef): string[] {
  const states = resource.states;
  if (!states) return [];
  const f = resource.fields[states.field];
  const options = f?.kind === 'enum' ? Object.keys(f.options) : [];
  return states.timeline ? options.filter((o) => o !== states.timeline!.during) : options;
}

/** Problems of a timeline declaration (checked at start-up by the server, and by the tests). */
export function timelineProblems(resource: ResourceDef): string[] {
  const states = resource.states;
  const timeline = states?.timeline;
  if (!states || !timeline) return [];
  const problems: string[] = [];
  const f = resource.fields[states.field];
  const options = f?.kind === 'enum' ? Object.keys(f.options) : [];
  for (const key of ['during', 'before', 'inside', 'after'] as const) {
    if (!options.includes(timeline[key])) problems.push(`timeline.${key} ${timeline[key]} is not an option of ${states.field}`);
  }
  if ([timeline.before, timeline.inside, timeline.after].includes(timeline.during)) problems.push('timeline.during is shown as itself');
  if (new Set([timeline.before, timeline.inside, timeline.after]).size !== 3)
    problems.push('timeline before, inside and after must differ');
  for (const key of ['start', 'end'] as const) {
    const name = timeline.window[key];
    const wf = resource.fields[name];
    if (wf?.kind !== 'datetime') problems.push(`timeline.window.${key} ${name} is not a datetime field`);
    else if (!wf.required || wf.when !== undefined) problems.push(`timeline.window.${key} ${name} must be required and unconditional`);
  }
  const named = [...(states.editableIn ?? []), ...(states.deletableIn ?? []), ...Object.values(states.actions).flatMap((a) => a.from)];
  if (named.includes(timeline.during))
    problems.push(`${timeline.during} is never shown: editableIn, deletableIn and actions' from name shown states`);
  return problems;
}
