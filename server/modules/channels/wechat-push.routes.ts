import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { XMLParser } from 'fast-xml-parser';
import type { Db } from '../../db/connection';
import { channelCallbacks } from '../../db/schema/channel-gateway.schema';
import { ok } from '../../http/envelope';
import { describeRoute } from '../../http/openapi.schemas';
import { authOf } from '../auth/access.hook';
import type { DomainWiring } from '../domain-manifest';
import { wechatPushSettings, type WechatPushSettings } from './channel-settings.store';
import { wechatMemberRegistrar } from './wechat-card-holders';
import { decryptPush, pushSignature, signatureMatches } from './wechat-push.crypto';
import { dedupeKeyOf, eventOf, handlePush, type PushFields } from './wechat-push.events';
import { WECHAT_READ, wechatPushDocs } from './wechat-push.openapi';

/**
 * WeChat's pushes to the console (issue 27 §1, §5), public routes (WeChat signs in nowhere; its
 * signature is the proof):
 *
 * - `POST /v1/wechat-push/:tenant/auth`: the third-party platform's authorisation events
 *   (授权事件接收URL: component_verify_ticket, authorized, updateauthorized, unauthorized);
 * - `POST /v1/wechat-push/:tenant/message/:appId`: the official account's messages and events
 *   (消息与事件接收URL, `$APPID$` filled by WeChat; the member card's events);
 * - `GET` of the message address: WeChat's check of the address (`signature` over the token,
 *   timestamp and nonce; the `echostr` answered).
 *
 * Each push: the `msg_signature` checked over the token, timestamp, nonce and the encrypted
 * message; the message opened with the EncodingAESKey (wechat-push.crypto.ts) and its AppID
 * checked; its identity (MsgId, else sender + CreateTime) claimed in `channel_callbacks` in the
 * transaction that handles it, so a message WeChat repeats (it retries three times within
 * seconds) is handled once and answered `success` again; a handling that fails rolls its claim
 * back, and WeChat's retry handles it. A push that fails a check is refused (HTTP 403, nothing
 * handled) and recorded, once per reason and hour. The health page shows the latest push of the channel.
 */

const parser = new XMLParser({ parseTagValue: false, trimValues: true, processEntities: false });

interface PushQuery {
  readonly timestamp?: string;
  readonly nonce?: string;
  readonly msg_signature?: string;
  readonly signature?: string;
  readonly echostr?: string;
  readonly encrypt_type?: string;
}

interface PushParams {
  readonly tenant: string;
  readonly appId?: string;
}

/** The fields of an XML message's root, as text. */
function fieldsOf(xml: string): PushFields | null {
  try {
    const root = (parser.parse(xml) as { xml?: unknown }).xml;
    if (root === null || typeof root !== 'object') return null;
    return Object.fromEntries(Object.entries(root).map(([k, v]) => [k, typeof v === 'object' ? '' : String(v)]));
  } catch {
    return null;
  }
}

async function record(
  db: Db,
  row: {
    tenantId: number;
    event: string;
    outcome: 'ACCEPTED' | 'REPLAYED' | 'REFUSED' | 'IGNORED';
    reason?: string;
    dedupeKey?: string | null;
    detail?: unknown;
  },
): Promise<boolean> {
  const inserted = await db
    .insert(channelCallbacks)
    .values({
      tenantId: row.tenantId,
      channel: 'wechat',
      event: row.event,
      outcome: row.outcome,
      reason: row.reason ?? null,
      dedupeKey: row.dedupeKey ?? null,
      detail: row.detail ?? null,
    })
    .onConflictDoNothing()
    .returning({ id: channelCallbacks.id });
  return inserted.length > 0;
}

const reply = (res: FastifyReply, status: number, text: string) => res.code(status).type('text/plain; charset=utf-8').send(text);

const tenantOf = (raw: string): number | null => (/^[1-9]\d{0,15}$/.test(raw) ? Number(raw) : null);

async function tenantExists(db: Db, tenantId: number): Promise<boolean> {
  const found = await db.execute(sql`select 1 from tenants where id = ${tenantId}`);
  return found.rows.length > 0;
}

export async function wechatPushRoutes(app: FastifyInstance, wiring: DomainWiring): Promise<void> {
  const db = app.database.db;
  const registerMember = wechatMemberRegistrar(wiring);

  // WeChat posts XML; kept as text here (this plugin's routes only).
  app.addContentTypeParser(['text/xml', 'application/xml'], { parseAs: 'string' }, (_request, body, done) => done(null, body));

  async function receive(
    request: FastifyRequest<{ Params: PushParams; Querystring: PushQuery }>,
    res: FastifyReply,
    settingsCheck?: (s: WechatPushSettings) => boolean,
  ) {
    const tenantId = tenantOf(request.params.tenant);
    if (tenantId === null || !(await tenantExists(db, tenantId))) return reply(res, 404, 'unknown merchant');
    const settings = await wechatPushSettings({ db, tenantId });
    // Anyone may post to the address: a refusal is recorded once per reason and hour, so the
    // pushes of a stranger cannot fill the table (the health page still shows the latest).
    const refuse = async (reason: string, event = 'unknown') => {
      const hour = new Date().toISOString().slice(0, 13);
      await record(db, { tenantId, event, outcome: 'REFUSED', reason, dedupeKey: `refused:${reason}:${hour}` });
      return reply(res, 403, reason);
    };
    if (!settings) return refuse('notConfigured');
    if (settingsCheck && !settingsCheck(settings)) return refuse('appId');
    const outer = fieldsOf(typeof request.body === 'string' ? request.body : '');
    const encrypt = outer?.Encrypt ?? '';
    if (!outer || encrypt === '') return refuse('malformed');
    const { timestamp = '', nonce = '' } = request.query;
    if (!signatureMatches(request.query.msg_signature, pushSignature({ token: settings.token, timestamp, nonce, encrypt }))) {
      return refuse('signature');
    }
    let opened: { xml: string; appId: string };
    try {
      opened = decryptPush({ encodingAesKey: settings.encodingAesKey, encrypt });
    } catch {
      return refuse('decrypt');
    }
    if (!settings.appIds.includes(opened.appId)) return refuse('appId');
    const fields = fieldsOf(opened.xml);
    if (!fields) return refuse('malformed');
    const event = eventOf(fields);
    const dedupeKey = dedupeKeyOf(fields);
    const now = new Date();
    const handled = await db.transaction(async (tx) => {
      const claimed = await tx
        .insert(channelCallbacks)
        .values({ tenantId, channel: 'wechat', event, outcome: 'ACCEPTED', dedupeKey })
        .onConflictDoNothing()
        .returning({ id: channelCallbacks.id });
      if (claimed.length === 0) return 'REPLAYED' as const;
      const detail = await handlePush({ tx, db, tenantId, timeZone: request.ctx.timeZone, now, registerMember }, fields);
      await tx.execute(sql`update channel_callbacks set outcome = ${detail === null ? 'IGNORED' : 'ACCEPTED'},
        detail = ${JSON.stringify(detail)}::jsonb where tenant_id = ${tenantId} and id = ${claimed[0].id}`);
      return 'HANDLED' as const;
    });
    if (handled === 'REPLAYED') await record(db, { tenantId, event, outcome: 'REPLAYED', detail: { dedupeKey } });
    // WeChat expects the plain word; anything else makes it retry (and, for the account, warn its owner).
    return reply(res, 200, 'success');
  }

  const params = (withAppId: boolean) => ({
    type: 'object',
    required: withAppId ? ['tenant', 'appId'] : ['tenant'],
    properties: { tenant: { type: 'string' }, ...(withAppId ? { appId: { type: 'string' } } : {}) },
  });
  const querystring = {
    type: 'object',
    properties: {
      timestamp: { type: 'string' },
      nonce: { type: 'string' },
      msg_signature: { type: 'string' },
      signature: { type: 'string' },
      echostr: { type: 'string' },
      encrypt_type: { type: 'string' },
      openid: { type: 'string' },
    },
  };

  app.post<{ Params: PushParams; Querystring: PushQuery }>(
    '/v1/wechat-push/:tenant/auth',
    { schema: describeRoute({ params: params(false), querystring }, wechatPushDocs.auth), config: { public: true } },
    (request, res) => receive(request, res),
  );

  app.post<{ Params: PushParams; Querystring: PushQuery }>(
    '/v1/wechat-push/:tenant/message/:appId',
    { schema: describeRoute({ params: params(true), querystring }, wechatPushDocs.message), config: { public: true } },
    // The address names the account WeChat pushes for: one the merchant configured.
    (request, res) =>
      receive(request, res, (s) => s.appIds.includes(request.params.appId ?? '') || s.authorizerAppId === request.params.appId),
  );

  // The addresses the merchant enters in WeChat (the platform's and the account's settings, the
  // card's activation page), as this server is reached.
  app.get(
    '/v1/wechat-push/addresses',
    { schema: describeRoute({}, wechatPushDocs.addresses), config: { requires: [WECHAT_READ] } },
    async (request) => {
      const { tenantId } = authOf(request);
      const origin = `${request.protocol}://${request.host}`;
      const base = `${origin}${request.server.config.serviceBase.replace(/\/+$/, '')}/v1/wechat-push/${tenantId}`;
      // The binding page is the console's own page (served at the origin, hash routes), outside its shell.
      return ok({ auth: `${base}/auth`, message: `${base}/message/$APPID$`, bindPage: `${origin}/#/wechat-card/${tenantId}` });
    },
  );

  app.get<{ Params: PushParams; Querystring: PushQuery }>(
    '/v1/wechat-push/:tenant/message/:appId',
    { schema: describeRoute({ params: params(true), querystring }, wechatPushDocs.verify), config: { public: true } },
    async (request, res) => {
      const tenantId = tenantOf(request.params.tenant);
      const settings = tenantId === null ? null : await wechatPushSettings({ db, tenantId });
      const { timestamp = '', nonce = '', echostr = '' } = request.query;
      const expected = settings ? pushSignature({ token: settings.token, timestamp, nonce, encrypt: '' }) : '';
      if (!settings || !signatureMatches(request.query.signature, expected)) return reply(res, 403, 'signature');
      return reply(res, 200, echostr);
    },
  );
}
