import { and, eq, gt, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { ResourceDef } from '../../resources/define';
import { pick, type Locale } from '../../resources/messages/bilingual';
import type { FieldError } from '../http/envelope';
import type { StoredRecord } from './server-hooks.define';
import { shownStateOptions, storedPlacesOf, type WindowPlace } from '../../resources/state-timeline';
import type { DerivedTable } from './table.derive';

/**
 * States that follow time, in SQL (`states.timeline`, resources/state-timeline.ts holds the rule
 * and its pure mirror `shownState`). Every statement of a request compares with one instant,
 * the request's (`requestInstant`), passed as a parameter: the page, its count, the answer's
 * states (computed by the mirror with the same instant) and the preconditions agree exactly.
 */

const instants = new WeakMap<FastifyRequest, Date>();

/**
 * The instant a request works at: taken once from the server's clock (`app.clock`, the system
 * clock unless a test sets one) the first time it is asked for. A job's stand-in request (an
 * import, a batch: no server behind it) works at the system clock's instant.
 */
export function requestInstant(request: FastifyRequest): Date {
  let now = instants.get(request);
  if (!now) {
    const server = (request as { server?: FastifyRequest['server'] }).server;
    now = server?.clock ? server.clock() : new Date();
    instants.set(request, now);
  }
  return now;
}

const at = (now: Date): SQL => sql`${now.toISOString()}::timestamptz`;

function placeCondition(args: { t: DerivedTable; resource: ResourceDef; place: WindowPlace; now: Date }): SQL {
  const { t, place, now } = args;
  const window = args.resource.states!.timeline!.window;
  const start = t[window.start];
  const end = t[window.end];
  if (place === 'before') return gt(start, at(now));
  if (place === 'inside') return and(lte(start, at(now)), gt(end, at(now))) as SQL;
  return and(lte(start, at(now)), lte(end, at(now))) as SQL;
}

/**
 * The condition "the record shows one of these states" at `now`: without a timeline, the stored
 * state among them; with one, each shown state rewritten to stored states and window conditions
 * (`PROCESSING` = `state = 'AUDITED' AND start <= now AND end > now`), which the state's b-tree
 * serves. Undefined when the resource has no states or no list is given.
 */
export function shownStateIn(args: {
  t: DerivedTable;
  resource: ResourceDef;
  states: readonly string[] | undefined;
  now: Date;
}): SQL | undefined {
  const { t, resource, now } = args;
  const declared = resource.states;
  if (!declared || args.states === undefined) return undefined;
  const col = t[declared.field];
  const timeline = declared.timeline;
  if (!timeline) return inArray(col, [...args.states]);
  const places = args.states.flatMap((s) => storedPlacesOf(declared, s));
  const plain = places.filter((p) => p.place === undefined).map((p) => p.stored);
  const parts: SQL[] = [];
  if (plain.length > 0) parts.push(inArray(col, plain));
  const timed = places.filter((p) => p.place !== undefined);
  if (timed.length === 3) parts.push(eq(col, timeline.during));
  else for (const p of timed) parts.push(and(eq(col, p.stored), placeCondition({ t, resource, place: p.place!, now })) as SQL);
  if (parts.length === 0) return sql`false`;
  return parts.length === 1 ? parts[0] : (or(...parts) as SQL);
}

/**
 * The shown state as one SQL expression over `now` (the rule of `shownState`): `CASE WHEN state =
 * during AND start > now THEN before WHEN state = during AND end <= now THEN after WHEN state =
 * during THEN inside ELSE state END`. The stored state itself without a timeline.
 */
export function shownStateSql(args: { t: DerivedTable; resource: ResourceDef; now: Date }): SQL {
  const { t, resource, now } = args;
  const declared = resource.states!;
  const col = t[declared.field];
  const timeline = declared.timeline;
  if (!timeline) return sql`${col}`;
  const start = t[timeline.window.start];
  const end = t[timeline.window.end];
  return sql`(case when ${col} = ${timeline.during} and ${start} > ${at(now)} then ${timeline.before} when ${col} = ${timeline.during} and ${end} <= ${at(now)} then ${timeline.after} when ${col} = ${timeline.during} then ${timeline.inside} else ${col} end)`;
}

/**
 * The sort key of the shown state: its position among the state field's options (the declared
 * order is the life cycle's: INITAIL, UNSTART, PROCESSING, STOPED), unknown values last.
 */
export function shownStateRankSql(args: { t: DerivedTable; resource: ResourceDef; now: Date }): SQL {
  const options = shownStateOptions(args.resource);
  const whens = options.map((o, i) => sql`when ${o} then ${sql.raw(String(i))}`);
  return sql`(case ${shownStateSql(args)} ${sql.join(whens, sql` `)} else ${sql.raw(String(options.length))} end)`;
}

/** The sort position of a shown state (as `shownStateRankSql` computes it). */
export function shownStateRank(resource: ResourceDef, state: unknown): number {
  const options = shownStateOptions(resource);
  const i = options.indexOf(String(state));
  return i < 0 ? options.length : i;
}

/**
 * A timeline's window must end after it starts: checked on the values the record will hold (the
 * body's, else the stored ones); 400 naming the end field (`crud.windowOrder`).
 */
export function windowOrderIssue(args: {
  resource: ResourceDef;
  values: StoredRecord;
  current: StoredRecord | null;
  locale: Locale;
}): FieldError | null {
  const timeline = args.resource.states?.timeline;
  if (!timeline) return null;
  const valueOf = (name: string) => (Object.hasOwn(args.values, name) ? args.values[name] : args.current?.[name]);
  const start = valueOf(timeline.window.start);
  const end = valueOf(timeline.window.end);
  if (!(start instanceof Date) || !(end instanceof Date) || end.getTime() > start.getTime()) return null;
  const label = (name: string) => pick(args.resource.fields[name].label, args.locale);
  return {
    field: timeline.window.end,
    key: 'crud.windowOrder',
    values: { label: label(timeline.window.end), start: label(timeline.window.start) },
  };
}
