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
import { capReachedSql, touchCaps } from './marketing-touches';
import { stillPending } from '../group-send/recipient-state';

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
  // Read at once (each delivery of a run reads them again).
  const [caps, sms, smsConnected, pushConnected, wechatConnected] = await Promise.all([
    touchCaps(db, tenantId),
    db.execute<{ quiet_from_hour: number; quiet_to_hour: number }>(
      sql`select quiet_from_hour, quiet_to_hour from sms_channels where tenant_id = ${tenantId} limit 1`,
    ),
    smsSettings({ db, tenantId }),
    pushSettings({ db, tenantId }),
    wechatSettings({ db, tenantId }),
  ]);
  return {
    ...caps,
    quietFromHour: Number(declared(sms.rows[0]?.quiet_from_hour, smsChannelResource.fields.quietFromHour.defaultValue)),
    quietToHour: Number(declared(sms.rows[0]?.quiet_to_hour, smsChannelResource.fields.quietToHour.defaultValue)),
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

/**
 * The latest consent of the batch's member (`b.member_id`) per channel, as `CHANNEL:CONSENT`
 * texts (`SMS:REFUSED`), or null when they have none (most members: then only the probe).
 */
const consentsOf = (tenantId: number): SQL => sql`(case when exists (select 1 from push_consents pc
    where pc.tenant_id = ${tenantId} and pc.member = b.member_id offset 0)
  then (select array_agg(l.channel || ':' || l.consent) from (select distinct on (pc.channel) pc.channel, pc.consent
    from push_consents pc where pc.tenant_id = ${tenantId} and pc.member = b.member_id order by pc.channel, pc.id desc) l) end)`;

/** A reason as an SQL literal (the reasons are ours, never a user's text). */
const said = (reason: PushSuppression): SQL => sql.raw(`'${reason}'`);

/**
 * Why one channel's message to a member is not sent, or null: send it, as SQL over a row holding
 * the member's facts (`f`: `state`, `mobile`, `duplicate_mobile`, `consents`: their latest
 * consent per channel as `CHANNEL:CONSENT`, `openid`, `capped`: the caps reached) and the channel (`c.channel`).
 * In the order a person reads them (README.md "Why a message is not sent").
 */
function suppressionSql(args: { rules: PushRules; quiet: boolean; consentRequired: boolean }): SQL {
  const { rules } = args;
  const connected = `{${(Object.keys(rules.connected) as PushChannel[]).filter((c) => rules.connected[c]).join(',')}}`;
  return sql`case
    when lower(coalesce(f.state, '')) in ('blocked', 'canceled') then ${said('memberUnavailable')}
    when c.channel || ':REFUSED' = any(coalesce(f.consents, '{}')) then ${said('noConsent')}
    when ${args.consentRequired} and c.channel = 'WECHAT' and not ('WECHAT:GRANTED' = any(coalesce(f.consents, '{}'))) then ${said('noConsent')}
    when c.channel = 'SMS' and f.mobile is null then ${said('noAddress')}
    when c.channel = 'WECHAT' and f.openid is null then ${said('noWechatIdentity')}
    when c.channel = 'SMS' and f.duplicate_mobile then ${said('duplicateMobile')}
    -- As the gateway decides: a channel without credentials first, then the rules of the hour.
    when not (c.channel = any(${connected}::text[])) then ${said('notConnected')}
    when f.capped then ${said('frequencyCap')}
    when c.channel = 'SMS' and ${args.quiet} then ${said('quietHours')}
  end`;
}

/** What a batch's decision wrote: the members it served and the rows it left SENDING (to send once it commits). */
export interface DecidedBatch {
  /** How many members the batch had (each has its messages written, by this delivery or one before it). */
  readonly members: number;
  /** The rows this delivery wrote SENDING: the messages it sends after the commit, and nobody else. */
  readonly sending: readonly number[];
  /** The caller's `more` (a boolean select over `batch`), when it asked. */
  readonly more?: boolean;
}

/**
 * Decides and writes each channel's message of a batch's members in one statement (in the
 * batch's transaction): SENDING for those to send, SUPPRESSED with the reason for the others,
 * each decided in the statement's SQL from the member's facts (state, mobile, consents, WeChat
 * identity, the caps' touches: marketing-touches.ts) and the merchant's rules. `batch` is a select
 * of the recipients (`member_id`, `duplicate_mobile`) of the run to decide, or `with` queries
 * defining `batch` (`{ with: … }`: the caller's own, such as the run's lock), and `then` a
 * data-modifying query run in the same statement (reading `batch`). A row already written
 * (by a delivery before) is kept as it is and not answered as SENDING: only this delivery's rows
 * are sent by it.
 */
export async function decideMessages(args: {
  /** The batch's transaction (the statement's settings are set for it alone). */
  tx: DbOrTx;
  tenantId: number;
  runId: number;
  batch: SQL | { readonly with: SQL };
  then?: SQL;
  /** A select of one boolean over `batch` answered beside (whether recipients are left after it). */
  more?: SQL;
  /**
   * The batch's members have no message yet (a push plan without a gift: its batches go one at a
   * time, above the run's `served_through`): the rows are inserted without a conflict clause, so
   * a row found written would be refused by the key (the batch rolled back, the run FAILED), never
   * written twice. Otherwise a row already written is kept as it is.
   */
  unwritten?: boolean;
  plan: PushMessagePlan;
  rules: PushRules;
  now: Date;
  zone: string;
}): Promise<DecidedBatch> {
  const { tx, tenantId, runId, plan, rules, now, zone } = args;
  const channels = plan.channels;
  const quiet = inQuietHours({ hour: hourIn(zone, now), from: rules.quietFromHour, to: rules.quietToHour });
  // The caps' touches (a run counts once whatever its channels; a splash campaign shown once a day) are read only when a channel can send.
  const capsRead = channels.some((channel) => rules.connected[channel]);
  const capped = capsRead ? capReachedSql({ tenantId, member: sql`b.member_id`, now, zone, exceptRun: runId, caps: rules }) : sql`false`;
  const openid = channels.includes('WECHAT') ? openidOf(sql`${tenantId}::bigint`, sql`b.member_id`) : sql`null::text`;
  const reason = suppressionSql({ rules, quiet, consentRequired: plan.wechat.type === 'SUBSCRIBE' });
  // A statement of a few tens of milliseconds whose estimate (a probe per member and channel)
  // passes jit_above_cost: compiling it would cost as much as running it.
  await tx.execute(sql`set local jit = off`);
  // Each member's facts read for that member, each a probe of its index (the member's row by a
  // lateral read that `offset 0` keeps a probe; consents and caps by subqueries counted only for
  // a member who has any): the plan is a loop over the batch whatever the planner estimates of
  // it, never a join of the batch with a read of all its members, which a low estimate of the
  // batch turns into the batch × that read.
  const found = await tx.execute<{ members: number; sending: string[] | null; more?: boolean }>(sql`
    with ${'with' in args.batch ? args.batch.with : sql`batch as (${args.batch})`},
    written as (
      insert into push_deliveries (tenant_id, run_id, member_id, channel, result, reason, created_at)
      select ${tenantId}, ${runId}, x.member_id, x.channel, case when x.reason is null then 'SENDING' else 'SUPPRESSED' end, x.reason, ${now}
      from (
        select f.member_id, c.channel, ${reason} as reason
        from (
          select b.member_id, b.duplicate_mobile, m.state, nullif(m.mobile, '') as mobile, ${consentsOf(tenantId)} as consents,
            ${openid} as openid, ${capped} as capped
          from batch b
          cross join lateral (select m.state, m.mobile from members m where m.tenant_id = ${tenantId} and m.id = b.member_id offset 0) m
          offset 0
        ) f
        cross join unnest(${`{${channels.join(',')}}`}::text[]) as c(channel)
      ) x
      ${args.unwritten ? sql`` : sql`on conflict (tenant_id, run_id, member_id, channel) do nothing`}
      returning id, result)${
        args.then
          ? sql`,
    then_ as (${args.then})`
          : sql``
      }
    select (select count(*) from batch b)::int as members,
      -- In the order of their ids (the insert's, identity values taken in turn).
      (select array_agg(w.id) from written w where w.result = 'SENDING') as sending${args.more ? sql`, ${args.more} as more` : sql``}`);
  const row = found.rows[0];
  return { members: Number(row?.members ?? 0), sending: (row?.sending ?? []).map(Number), more: row?.more };
}

/** The recipients of a run named by their members, as {@link decideMessages} takes a batch. */
export const recipientsNamed = (tenantId: number, runId: number, memberIds: readonly number[]): SQL =>
  sql`select p.member_id, p.duplicate_mobile from group_send_recipients p
    where p.tenant_id = ${tenantId} and p.run_id = ${runId} and p.member_id = any(${`{${memberIds.join(',')}}`}::bigint[])`;

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
 * Sends the messages a batch's decision wrote SENDING (after the batch's transaction committed),
 * one gateway call each, and records how each ended. Only the rows this delivery wrote
 * ({@link DecidedBatch}): a row SENDING from a delivery that died is never sent again.
 */
export async function sendMessages(args: {
  db: Db;
  tenantId: number;
  runId: number;
  sending: readonly number[];
  plan: PushMessagePlan;
  rules: PushRules;
  zone: string;
  operatorId: number | null;
}): Promise<void> {
  const { db, tenantId, runId, plan } = args;
  if (args.sending.length === 0) return;
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
      and d.id = any(${`{${args.sending.join(',')}}`}::bigint[])
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
    from group_send_runs r join group_send_recipients p on p.tenant_id = r.tenant_id and p.run_id = r.id
    cross join unnest(${`{${args.channels.join(',')}}`}::text[]) as c(channel)
    where r.tenant_id = ${args.tenantId} and r.id = ${args.runId} and ${stillPending(sql`p`, sql`r`)}
    on conflict (tenant_id, run_id, member_id, channel) do nothing`);
}
