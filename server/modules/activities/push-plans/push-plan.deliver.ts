import { sql, type SQL } from 'drizzle-orm';
import type { PushSuppression } from '../../../../resources/contract/push-plan.types';
import type { PushChannel, WechatMessageType } from '../../../../resources/promotion/kinds/push-plan.kind';
import { smsChannelResource } from '../../../../resources/setting/sms-channel.resource';
import type { Db, DbOrTx } from '../../../db/connection';
import type { ChannelAnswer } from '../../channels/channel-gateway';
import { pushChannel } from '../../channels/push.channel';
import { hourIn, inQuietHours, smsChannel } from '../../channels/sms.channel';
import { pushSettings, smsSettings, wechatSettings } from '../../channels/channel-settings.store';
import { wechatChannel } from '../../channels/wechat.channel';
import { capReached, touchCaps, touchCounts } from './marketing-touches';

/**
 * A push plan's messages (README.md): for each member of a batch, each channel's message is
 * decided in the batch's transaction (sent, or suppressed and why) and its row written in
 * `push_deliveries`, keyed by (run, member, channel); once that transaction committed, the rows
 * still SENDING are sent through the channel gateway and marked SENT or FAILED. A delivery of the
 * job that comes again finds every row of its members written and sends nothing twice; a process
 * killed between the commit and the gateway's answer leaves the row SENDING, never sent again
 * (at most once: a member is never messaged twice, a lost message shows as SENDING).
 */

/** What a push plan sends (its kind's reading, resources/promotion/kinds/push-plan.kind.ts). */
export interface PushMessagePlan {
  readonly channels: readonly PushChannel[];
  readonly title: string;
  readonly content: string;
  readonly smsTemplateCode: string;
  /** The WeChat message: its type, the template, its keywords' values and the page it opens. */
  readonly wechat: {
    readonly type: WechatMessageType;
    readonly templateId: string;
    readonly link: string;
    readonly keywords: readonly { readonly key: string; readonly value: string }[];
  };
}

/** The merchant's rules read once per delivery: caps, opt-out text, SMS quiet hours, connected channels. */
export interface PushRules {
  readonly capPerDay: number;
  readonly capPerWeek: number;
  readonly optOutText: string;
  readonly quietFromHour: number;
  readonly quietToHour: number;
  readonly connected: Readonly<Record<PushChannel, boolean>>;
}

const declared = <T>(value: unknown, fallback: T): T => (value === null || value === undefined ? fallback : (value as T));

/** The merchant's rules, each read from its settings row, or its declared default before the first save. */
export async function pushRules(db: Db, tenantId: number): Promise<PushRules> {
  const caps = await touchCaps(db, tenantId);
  const sms = await db.execute<{ quiet_from_hour: number; quiet_to_hour: number }>(
    sql`select quiet_from_hour, quiet_to_hour from sms_channels where tenant_id = ${tenantId} limit 1`,
  );
  const q = smsChannelResource.fields;
  const [smsConnected, pushConnected, wechatConnected] = await Promise.all([
    smsSettings({ db, tenantId }),
    pushSettings({ db, tenantId }),
    wechatSettings({ db, tenantId }),
  ]);
  return {
    ...caps,
    quietFromHour: Number(declared(sms.rows[0]?.quiet_from_hour, q.quietFromHour.defaultValue)),
    quietToHour: Number(declared(sms.rows[0]?.quiet_to_hour, q.quietToHour.defaultValue)),
    connected: { SMS: smsConnected !== null, APP_PUSH: pushConnected !== null, WECHAT: wechatConnected !== null },
  };
}

/**
 * A mobile as the phone network reads it: its last 11 digits. The members' unique index holds the
 * text as typed, and profiles imported from older systems write one phone as `+86 139…` and
 * `139…`: two profiles, one phone, which gets the message once. Null without a mobile. Which
 * recipients of a push plan sending SMS share a phone is decided when they are frozen
 * (`group_send_recipients.duplicate_mobile`).
 */
export const mobileKey = (column: SQL) => sql`nullif(right(regexp_replace(coalesce(${column}, ''), '[^0-9]', '', 'g'), 11), '')`;

/** A member's WeChat openid (their WeChat identity of the member channel identities: one per member), or null. */
const openidOf = (tenant: SQL, member: SQL) => sql`(select i.external_id from member_channel_identities i
  where i.tenant_id = ${tenant} and i.member = ${member} and i.channel = 'WECHAT' order by i.id limit 1)`;

/** What the decision reads of one member of the batch. */
type MemberFacts = {
  readonly member_id: string;
  readonly state: string | null;
  readonly mobile: string | null;
  /** Another member of the run with the same mobile and a lower id (that one gets the SMS). */
  readonly duplicate: boolean;
  readonly refused: readonly string[] | null;
  /** The channels the member's latest consent GRANTED (a WeChat subscribe message needs it). */
  readonly granted: readonly string[] | null;
  /** The member's WeChat openid (member channel identities), the address of a WeChat message. */
  readonly openid: string | null;
  /** Other runs that reached the member, and splash campaigns shown, today / over the last 7 days. */
  readonly today: string;
  readonly week: string;
};

/** Why one channel's message to a member is not sent, or null: send it. In the order a person reads them. */
export function suppressionOf(args: {
  channel: PushChannel;
  facts: Pick<MemberFacts, 'state' | 'mobile' | 'duplicate' | 'refused' | 'granted' | 'openid' | 'today' | 'week'>;
  rules: PushRules;
  hour: number;
  /** A subscribe message goes only to a member who agreed to it (their consent GRANTED). */
  consentRequired?: boolean;
}): PushSuppression | null {
  const { channel, facts, rules } = args;
  const state = (facts.state ?? '').toLowerCase();
  if (state === 'blocked' || state === 'canceled') return 'memberUnavailable';
  if ((facts.refused ?? []).includes(channel)) return 'noConsent';
  if (args.consentRequired && !(facts.granted ?? []).includes(channel)) return 'noConsent';
  if (channel === 'SMS' && !facts.mobile) return 'noAddress';
  if (channel === 'WECHAT' && !facts.openid) return 'noWechatIdentity';
  if (channel === 'SMS' && facts.duplicate) return 'duplicateMobile';
  // As the gateway decides: a channel without credentials first, then the rules of the hour.
  if (!rules.connected[channel]) return 'notConnected';
  if (capReached({ today: Number(facts.today), week: Number(facts.week) }, rules)) return 'frequencyCap';
  if (channel === 'SMS' && inQuietHours({ hour: args.hour, from: rules.quietFromHour, to: rules.quietToHour })) return 'quietHours';
  return null;
}

/**
 * Decides and writes each channel's message of the batch's members (in the batch's transaction,
 * after their gifts): SENDING for those to send, SUPPRESSED with the reason for the others. A
 * row already written (a delivery that came again) is kept as it is.
 */
export async function decideMessages(args: {
  tx: DbOrTx;
  tenantId: number;
  runId: number;
  memberIds: readonly number[];
  plan: PushMessagePlan;
  rules: PushRules;
  now: Date;
  zone: string;
}): Promise<void> {
  const { tx, tenantId, runId, plan, rules, now, zone } = args;
  if (plan.channels.length === 0 || args.memberIds.length === 0) return;
  const ids = `{${args.memberIds.join(',')}}`;
  // A run counts once whatever its channels; a splash-screen campaign shown counts once a day (marketing-touches.ts).
  const facts = await tx.execute<MemberFacts>(sql`
    select m.id as member_id, m.state, nullif(m.mobile, '') as mobile,
      coalesce((select p.duplicate_mobile from group_send_recipients p
        where p.tenant_id = ${tenantId} and p.run_id = ${runId} and p.member_id = m.id), false) as duplicate,
      consent.refused, consent.granted, ${openidOf(sql`m.tenant_id`, sql`m.id`)} as openid, caps.today, caps.week
    from members m
    cross join lateral (${touchCounts({ tenantId, member: sql`m.id`, now, zone, exceptRun: runId })}) caps
    left join lateral (
      select array_agg(c.channel) filter (where c.consent = 'REFUSED') as refused,
             array_agg(c.channel) filter (where c.consent = 'GRANTED') as granted
      from (select distinct on (pc.channel) pc.channel, pc.consent from push_consents pc
            where pc.tenant_id = m.tenant_id and pc.member = m.id order by pc.channel, pc.id desc) c
    ) consent on true
    where m.tenant_id = ${tenantId} and m.id = any(${ids}::bigint[])`);
  const hour = hourIn(zone, now);
  const rows = facts.rows.flatMap((f) =>
    plan.channels.map((channel) => {
      const consentRequired = channel === 'WECHAT' && plan.wechat.type === 'SUBSCRIBE';
      const reason = suppressionOf({ channel, facts: f, rules, hour, consentRequired });
      return { member_id: Number(f.member_id), channel, result: reason === null ? 'SENDING' : 'SUPPRESSED', reason };
    }),
  );
  const column = (values: readonly (string | number | null)[]) => `{${values.map((v) => (v === null ? 'NULL' : v)).join(',')}}`;
  await tx.execute(sql`insert into push_deliveries (tenant_id, run_id, member_id, channel, result, reason, created_at)
    select ${tenantId}, ${runId}, r.member_id, r.channel, r.result, r.reason, ${now}
    from unnest(${column(rows.map((r) => r.member_id))}::bigint[], ${column(rows.map((r) => r.channel))}::text[],
      ${column(rows.map((r) => r.result))}::text[], ${column(rows.map((r) => r.reason))}::text[]) as r(member_id, channel, result, reason)
    on conflict (tenant_id, run_id, member_id, channel) do nothing`);
}

/** The SMS text: the message, then the merchant's opt-out text unless it already ends with it. */
export const smsText = (content: string, optOut: string): string => (content.trimEnd().endsWith(optOut) ? content : `${content} ${optOut}`);

/**
 * A WeChat message as WeChat's API takes it: `touser`, `template_id`, `data` (each keyword's
 * `{ value }`), and the page it opens: `url` of a template message, `page` of a subscribe one.
 */
export function wechatMessage(message: PushMessagePlan['wechat'], openid: string): Record<string, unknown> {
  const data = Object.fromEntries(message.keywords.map((k) => [k.key, { value: k.value }]));
  const link = message.link.trim() === '' ? {} : message.type === 'SUBSCRIBE' ? { page: message.link } : { url: message.link };
  return { touser: openid, template_id: message.templateId, ...link, data };
}

/** The gateway's answer as a delivery's end: sent, suppressed (not connected, quiet hours the gateway held back), failed. */
function endOf(answer: ChannelAnswer<unknown>): { result: string; reason: PushSuppression | null } {
  if (answer.outcome === 'OK') return { result: 'SENT', reason: null };
  if (answer.outcome === 'NOT_CONNECTED') return { result: 'SUPPRESSED', reason: 'notConnected' };
  if (answer.outcome === 'REFUSED' && answer.errorCode === 'quietHours') return { result: 'SUPPRESSED', reason: 'quietHours' };
  return { result: 'FAILED', reason: null };
}

/**
 * Sends the batch's messages left SENDING (after the batch's transaction committed), one gateway
 * call each, and records how each ended. Only the rows of the members this delivery served: a
 * row SENDING from a delivery that died is never sent again.
 */
export async function sendMessages(args: {
  db: Db;
  tenantId: number;
  runId: number;
  memberIds: readonly number[];
  plan: PushMessagePlan;
  rules: PushRules;
  zone: string;
  operatorId: number | null;
}): Promise<void> {
  const { db, tenantId, runId, plan } = args;
  if (plan.channels.length === 0 || args.memberIds.length === 0) return;
  const pending = await db.execute<{
    id: string;
    channel: PushChannel;
    mobile: string | null;
    member_number: string;
    openid: string | null;
  }>(sql`
    select d.id, d.channel, m.mobile, m.member_number, ${openidOf(sql`d.tenant_id`, sql`d.member_id`)} as openid
    from push_deliveries d join members m on m.tenant_id = d.tenant_id and m.id = d.member_id
    where d.tenant_id = ${tenantId} and d.run_id = ${runId} and d.result = 'SENDING'
      and d.member_id = any(${`{${args.memberIds.join(',')}}`}::bigint[])
    order by d.id`);
  if (pending.rows.length === 0) return;
  const ctx = { db, tenantId, userId: args.operatorId, timeZone: args.zone };
  const sms = plan.channels.includes('SMS') ? await smsChannel(ctx) : null;
  const push = plan.channels.includes('APP_PUSH') ? await pushChannel(ctx) : null;
  const wechat = plan.channels.includes('WECHAT') ? await wechatChannel(ctx) : null;
  const text = smsText(plan.content, args.rules.optOutText);
  // One sender per channel, each taking the member's row.
  const senders: Readonly<Record<PushChannel, (row: (typeof pending.rows)[number]) => Promise<ChannelAnswer<unknown>>>> = {
    SMS: (row) =>
      sms!.send({ mobile: row.mobile ?? '', templateCode: plan.smsTemplateCode, params: { content: text }, purpose: 'MARKETING' }),
    APP_PUSH: (row) => push!.send({ target: row.member_number, title: plan.title, body: plan.content }),
    WECHAT: (row) => {
      const message = wechatMessage(plan.wechat, row.openid ?? '');
      return plan.wechat.type === 'SUBSCRIBE' ? wechat!.sendSubscribeMessage(message) : wechat!.sendTemplateMessage(message);
    },
  };
  for (const row of pending.rows) {
    const answer = await senders[row.channel](row);
    const end = endOf(answer);
    await db.execute(sql`update push_deliveries set result = ${end.result}, reason = ${end.reason},
        error_code = ${end.result === 'FAILED' ? (answer.errorCode ?? answer.outcome) : null}, call_id = ${answer.callId}
      where tenant_id = ${tenantId} and id = ${Number(row.id)} and result = 'SENDING'`);
  }
}

/** Marks every message of a run's pending members suppressed with the reason the run ended them (a stop, its day ended), in that transaction. */
export async function suppressPending(args: {
  tx: DbOrTx;
  tenantId: number;
  runId: number;
  channels: readonly PushChannel[];
  reason: 'stopped' | 'dayEnded';
  now: Date;
}) {
  if (args.channels.length === 0) return;
  await args.tx.execute(sql`insert into push_deliveries (tenant_id, run_id, member_id, channel, result, reason, created_at)
    select p.tenant_id, p.run_id, p.member_id, c.channel, 'SUPPRESSED', ${args.reason}, ${args.now}
    from group_send_recipients p cross join unnest(${`{${args.channels.join(',')}}`}::text[]) as c(channel)
    where p.tenant_id = ${args.tenantId} and p.run_id = ${args.runId} and p.result = 'PENDING'
    on conflict (tenant_id, run_id, member_id, channel) do nothing`);
}
