import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { hasAction } from '../../../resources/access';
import type { PermissionRef } from '../../../resources/catalog/types';
import { CHANNELS, CHANNEL_GATEWAY_READ, type CallOutcome, type ChannelName } from '../../../resources/setting/channel-calls.query-view';
import { formatDateTime } from '../../crud/zoned-time';
import { badInput, forbidden, ok } from '../../http/envelope';
import { describeRoute } from '../../http/openapi.schemas';
import { authOf } from '../auth/access.hook';
import { translate } from '../i18n/translate';
import type { Locale } from '../../../resources/messages/bilingual';
import type { CallContext, ChannelAnswer } from './channel-gateway';
import { connectedChannels } from './channel-settings.store';
import { channelDocs, checkBody, type CallbackOutcome, type CheckableChannel } from './channels.openapi';
import { channelGateway } from './channels.gateway';

/** Who may configure, and so check, each channel: its catalogue entry's write action. */
const CONFIGURE: Record<CheckableChannel, PermissionRef> = {
  wechat: { resourceId: '会员/微信接入', action: '配置维护' },
  alipay: { resourceId: '会员/支付宝接入', action: '配置维护' },
  meituan: { resourceId: '会员/美团接入', action: '配置维护' },
  sms: { resourceId: '设置/渠道接入', action: 'configure' },
  push: { resourceId: '设置/渠道接入', action: 'configure' },
};

/** The days of failed calls the health page shows. */
const HEALTH_DAYS = 7;

interface CheckBody {
  readonly channel: CheckableChannel;
  readonly mobile?: string;
  readonly templateCode?: string;
  readonly purpose?: 'NOTICE' | 'MARKETING';
  readonly templateId?: string;
  readonly voucherCode?: string;
  readonly shopId?: string;
  readonly target?: string;
}

/** The fields a channel's check needs, refused together naming each (400). */
function needs(body: CheckBody, fields: readonly (keyof CheckBody)[]): void {
  const missing = fields.filter((name) => body[name] === undefined);
  if (missing.length > 0)
    throw badInput(
      'error.badInput',
      missing.map((field) => ({ field, key: 'channels.checkNeeds' })),
    );
}

async function check(ctx: CallContext, body: CheckBody, locale: Locale): Promise<ChannelAnswer<unknown>> {
  const gateway = await channelGateway(ctx);
  switch (body.channel) {
    case 'wechat':
      return gateway.wechat.apiDomainIps();
    case 'alipay':
      needs(body, ['templateId']);
      return gateway.alipay.queryCardTemplate(body.templateId ?? '');
    case 'meituan':
      needs(body, ['voucherCode', 'shopId']);
      return gateway.meituan.checkVoucher({ code: body.voucherCode ?? '', shopId: body.shopId ?? '' });
    case 'sms':
      needs(body, ['mobile', 'templateCode']);
      return gateway.sms.send({ mobile: body.mobile ?? '', templateCode: body.templateCode ?? '', purpose: body.purpose ?? 'NOTICE' });
    case 'push':
      // To an alias: a test notification the merchant sees arrive; without one, JPush's validate (nothing sent).
      return body.target === undefined
        ? gateway.push.validate()
        : gateway.push.send({
            target: body.target,
            title: translate(locale, 'channels.pushCheck.title'),
            body: translate(locale, 'channels.pushCheck.body'),
          });
  }
}

const contextOf = (request: FastifyRequest, db: CallContext['db']): CallContext => {
  const { tenantId, userId } = authOf(request);
  return { db, tenantId, userId, timeZone: request.ctx.timeZone };
};

/** The gateway's own routes: a channel's check, and the health of every channel (issue 27 §1, §5). */
export async function channelsRoutes(app: FastifyInstance): Promise<void> {
  const db = app.database.db;

  app.post<{ Body: CheckBody }>(
    '/v1/channels/check',
    { schema: describeRoute({ body: checkBody }, channelDocs.check), config: { requires: Object.values(CONFIGURE) } },
    async (request) => {
      // The route admits whoever configures any channel; each channel is checked by its own configurers.
      if (!hasAction(authOf(request).grants, CONFIGURE[request.body.channel])) throw forbidden('channels.forbidden');
      const answer = await check(contextOf(request, db), request.body, request.ctx.locale);
      return ok({ callId: answer.callId, outcome: answer.outcome, errorCode: answer.errorCode, errorMessage: answer.errorMessage });
    },
  );

  app.get(
    '/v1/channels/health',
    { schema: describeRoute({}, channelDocs.health), config: { requires: CHANNEL_GATEWAY_READ } },
    async (request) => {
      const { tenantId } = authOf(request);
      const zone = request.ctx.timeZone;
      const connected = await connectedChannels({ db, tenantId });
      const last = await db.execute<{ channel: ChannelName; called_at: Date; outcome: CallOutcome; error_code: string | null }>(sql`
      select distinct on (channel) channel, called_at, outcome, error_code
      from channel_calls where tenant_id = ${tenantId} order by channel, id desc`);
      const callbacks = await db.execute<{
        channel: ChannelName;
        received_at: Date;
        event: string;
        outcome: CallbackOutcome;
        reason: string | null;
      }>(sql`
      select distinct on (channel) channel, received_at, event, outcome, reason
      from channel_callbacks where tenant_id = ${tenantId} order by channel, id desc`);
      const days = await db.execute<{ channel: ChannelName; day: string; calls: string; failed: string }>(sql`
      select channel, to_char((called_at at time zone ${zone})::date, 'YYYY-MM-DD') as day,
             count(*) as calls, count(*) filter (where outcome = 'FAILED') as failed
      from channel_calls
      where tenant_id = ${tenantId} and called_at >= (date_trunc('day', now() at time zone ${zone}) - ${`${HEALTH_DAYS - 1} days`}::interval) at time zone ${zone}
      group by 1, 2`);
      const today = new Intl.DateTimeFormat('en-CA', { timeZone: zone }).format(new Date());
      const dayList = Array.from({ length: HEALTH_DAYS }, (_, i) => {
        const d = new Date(`${today}T00:00:00Z`);
        d.setUTCDate(d.getUTCDate() - (HEALTH_DAYS - 1 - i));
        return d.toISOString().slice(0, 10);
      });
      return ok(
        CHANNELS.map((channel) => {
          const lastCall = last.rows.find((row) => row.channel === channel);
          const callback = callbacks.rows.find((row) => row.channel === channel);
          const mine = days.rows.filter((row) => row.channel === channel);
          const isConnected = connected[channel];
          const state = !isConnected ? 'NOT_CONNECTED' : lastCall?.outcome === 'FAILED' ? 'FAILING' : 'CONNECTED';
          return {
            channel,
            state,
            lastCallAt: formatDateTime(lastCall ? new Date(lastCall.called_at) : null, zone),
            lastOutcome: lastCall?.outcome ?? null,
            lastErrorCode: lastCall?.error_code ?? null,
            // The latest push the platform made to the console (WeChat's events), however it ended.
            lastCallback: callback
              ? {
                  at: formatDateTime(new Date(callback.received_at), zone),
                  event: callback.event,
                  outcome: callback.outcome,
                  reason: callback.reason,
                }
              : null,
            calls: mine.reduce((sum, row) => sum + Number(row.calls), 0),
            failedByDay: dayList.map((day) => ({ day, failed: Number(mine.find((row) => row.day === day)?.failed ?? 0) })),
          };
        }),
      );
    },
  );
}
