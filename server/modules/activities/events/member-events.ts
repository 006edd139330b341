/**
 * Firing the member-event kinds where the events happen (issue 13): registration (REGISTER_GIFT,
 * and INVITE_GIFT when the new member names an inviter), activation (ACTIVATE_GIFT), a level
 * change upwards (UPGRADE_GIFT), a birthday (BIRTHDAY_GIFT, by the daily job). Each runs in the
 * event's own transaction; each activity in the active set of the event's kind whose window and
 * scope hold gives once (`give.ts`). A gift that cannot be given (a coupon template sold out, a
 * budget spent) is skipped and logged: the registration or level change itself goes on.
 */
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/connection';
import type { Award, MemberEventKind, PayKind, PreparedActivity, TopUpKind } from '../../../../resources/promotion/activity-engine';
import { activeSet } from '../engine/active-set';
import type { AwardSource } from '../engine/awards';
import { localCalendar } from '../engine/select';
import { eventExclusion, memberEventAwards, type EventFacts, type MemberEvent } from './evaluate';
import { giveOnce, isRefusal, type GivingResult } from './give';

/** The member's side of an event: who, where they registered, their level, and the merchant's zone. */
export interface MemberContext {
  readonly facts: EventFacts;
  readonly zone: string;
}

/** The channel type (`channels.type`) of each registration channel of a member (`members.channel`). */
const CHANNEL_TYPE_OF_REGISTRATION: Readonly<Record<string, string>> = {
  store: 'store',
  weixin: 'weixin',
  alipay: 'alipay',
  miniProgram: 'weixinApp',
  third: 'third',
};

/**
 * The facts an activity is checked against, with the member's channel as one of the activity's
 * channel codes: an activity lists channel records (their codes), a member was registered through
 * a kind of channel, so the member is in a channel-scoped activity when one of its channels is of
 * that kind. Null (out of scope) when none is.
 */
export async function factsFor(tx: DbOrTx, tenantId: number, activity: PreparedActivity, facts: EventFacts): Promise<EventFacts> {
  if (activity.channelCodes.length === 0) return facts;
  const type = facts.channelCode === null ? null : (CHANNEL_TYPE_OF_REGISTRATION[facts.channelCode] ?? null);
  const codes = `{${activity.channelCodes.map((code) => JSON.stringify(code)).join(',')}}`;
  const found = await tx.execute<{ code: string }>(sql`select code from channels
    where tenant_id = ${tenantId} and code = any(${codes}::text[]) and type = ${type} order by code limit 1`);
  return { ...facts, channelCode: found.rows[0]?.code ?? null };
}

/** The merchant's calendar facts of an instant. */
export function localFacts(at: Date, zone: string): Pick<EventFacts, 'at' | 'localDate' | 'weekday' | 'localTime'> {
  return { at, ...localCalendar(at, zone) };
}

/** Reads what the activities check of a member (level, registration store and its area, centre, channel). */
export async function memberContext(tx: DbOrTx, tenantId: number, memberId: number, at: Date): Promise<MemberContext | null> {
  const result = await tx.execute<{
    level: number | null;
    register_store: number | null;
    area: number | null;
    marketing_center: number | null;
    channel: string | null;
    time_zone: string;
  }>(sql`select m.level, m.register_store, s.area, m.marketing_center, m.channel, t.time_zone
    from members m join tenants t on t.id = m.tenant_id
    left join stores s on s.tenant_id = m.tenant_id and s.id = m.register_store
    where m.tenant_id = ${tenantId} and m.id = ${memberId}`);
  const row = result.rows[0];
  if (!row) return null;
  const num = (value: number | null) => (value === null ? null : Number(value));
  return {
    zone: row.time_zone,
    facts: {
      memberId,
      levelId: num(row.level),
      storeId: num(row.register_store),
      areaId: num(row.area),
      marketingCenterId: num(row.marketing_center),
      channelCode: row.channel,
      ...localFacts(at, row.time_zone),
    },
  };
}

/**
 * The activities of one kind in the tenant's active set (the engine's, prepared once per change:
 * audited, not past their end); the window is checked at the event's instant by the selection.
 */
export async function activeOfKind(tx: DbOrTx, tenantId: number, kind: MemberEventKind | TopUpKind | PayKind): Promise<PreparedActivity[]> {
  return (await activeSet(tx, tenantId)).activities.filter((activity) => activity.kind === kind);
}

/** One activity that gave for an event, as answers list it. */
export interface FiredActivity {
  readonly activityId: number;
  readonly number: string;
  readonly name: string;
  readonly kind: string;
  readonly memberId: number;
  readonly awards: readonly Award[];
}

/** Where a gift that could not be given is told (the app's log). */
export type GiftLog = (info: { activityId: number; memberId: number; reason: string }) => void;

export interface FireInput {
  readonly tx: DbOrTx;
  readonly tenantId: number;
  /** The member whose event it is (the new member of an invitation). */
  readonly memberId: number;
  readonly event: MemberEvent;
  readonly source: AwardSource;
  readonly sourceNo: string;
  readonly now: Date;
  /** Who receives, when not the member of the event (the inviter). */
  readonly beneficiaryId?: number;
  readonly operatorId?: number | null;
  readonly cause?: string | null;
  /** The active set already read (the birthday job reads it once per run). */
  readonly activities?: readonly PreparedActivity[];
  /** The member's context already read. */
  readonly context?: MemberContext;
  readonly log?: GiftLog;
}

/** Fires every applicable activity of the event's kind; answers those that gave. */
export async function fireMemberEvent(input: FireInput): Promise<FiredActivity[]> {
  const { tx, tenantId, event } = input;
  const activities = input.activities ?? (await activeOfKind(tx, tenantId, event.kind));
  if (activities.length === 0) return [];
  const context = input.context ?? (await memberContext(tx, tenantId, input.memberId, input.now));
  if (!context) return [];
  const beneficiaryId = input.beneficiaryId ?? input.memberId;
  const fired: FiredActivity[] = [];
  for (const activity of activities) {
    if (activity.kind !== event.kind || eventExclusion(activity, await factsFor(tx, tenantId, activity, context.facts)) !== null) continue;
    const awards = memberEventAwards(activity.rule, event);
    if (awards.length === 0) continue;
    let result: GivingResult;
    try {
      result = await giveOnce({
        tx,
        tenantId,
        activity,
        memberId: beneficiaryId,
        awards,
        source: input.source,
        sourceNo: input.sourceNo,
        now: input.now,
        localDate: context.facts.localDate,
        zone: context.zone,
        storeId: context.facts.storeId,
        operatorId: input.operatorId ?? null,
        cause: input.cause ?? null,
      });
    } catch (error) {
      if (!isRefusal(error)) throw error;
      result = { given: false, reason: 'ruleNotMet' };
      input.log?.({ activityId: activity.id, memberId: beneficiaryId, reason: error.key });
    }
    if (result.given) {
      fired.push({
        activityId: activity.id,
        number: activity.number,
        name: activity.name,
        kind: activity.kind,
        memberId: beneficiaryId,
        awards,
      });
    }
  }
  return fired;
}

/**
 * A member registered (in the registration's transaction): the register gifts, and when the
 * member names an inviter, the invite gifts of both (the inviter once per member invited, the
 * new member once). Scope is the new member's (registration store, channel, centre).
 */
export async function fireRegistration(input: {
  tx: DbOrTx;
  tenantId: number;
  memberId: number;
  invitedBy: number | null;
  now: Date;
  operatorId?: number | null;
  log?: GiftLog;
}): Promise<FiredActivity[]> {
  const base = {
    tx: input.tx,
    tenantId: input.tenantId,
    memberId: input.memberId,
    now: input.now,
    operatorId: input.operatorId,
    log: input.log,
  };
  const fired = await fireMemberEvent({ ...base, event: { kind: 'REGISTER_GIFT' }, source: 'register', sourceNo: 'register' });
  if (input.invitedBy === null || input.invitedBy === input.memberId) return fired;
  const invites = await activeOfKind(input.tx, input.tenantId, 'INVITE_GIFT');
  if (invites.length === 0) return fired;
  const context = (await memberContext(input.tx, input.tenantId, input.memberId, input.now)) ?? undefined;
  const invite = { ...base, activities: invites, context, source: 'invite' as const, sourceNo: `invitee:${input.memberId}` };
  fired.push(...(await fireMemberEvent({ ...invite, event: { kind: 'INVITE_GIFT', role: 'invitee' } })));
  fired.push(...(await fireMemberEvent({ ...invite, event: { kind: 'INVITE_GIFT', role: 'inviter' }, beneficiaryId: input.invitedBy })));
  return fired;
}
