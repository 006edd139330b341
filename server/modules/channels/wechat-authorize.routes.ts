import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { wechatChannelResource } from '../../../resources/member/wechat-channel.resource';
import { deriveTable } from '../../crud/table.derive';
import { wechatAuthorizeStates } from '../../db/schema/channel-gateway.schema';
import { ok } from '../../http/envelope';
import { describeRoute } from '../../http/openapi.schemas';
import { authOf } from '../auth/access.hook';
import { channelGateway } from './channels.gateway';
import { WECHAT_AUTHORIZE, wechatAuthorizeDocs } from './wechat-authorize.openapi';

/**
 * The official account's authorisation (wechat-authorize-before / -after, issue 27 §2):
 *
 * 1. `POST /v1/wechat-authorize/start` (the WeChat entry's configurers): a random state, kept as
 *    its SHA-256 with the merchant, the user and 10 minutes of validity, and WeChat's
 *    authorisation page for a pre-authorisation code the gateway asks for; its redirect address
 *    is the callback below carrying the state.
 * 2. WeChat sends the browser back to `GET /v1/wechat-authorize/callback?state=&auth_code=`. The
 *    console's session cookie is SameSite=Strict, so a redirect from WeChat carries none: the
 *    state alone says whose authorisation it is, and is used once (one conditional update).
 *    The auth code is exchanged through the gateway (`api_query_auth`), the account's AppID,
 *    the time and the permission sets stored on the WeChat settings, and the browser sent to
 *    wechat-authorize-after with the result (or the reason it failed).
 */

/** How long a state is valid: WeChat's pre-authorisation code lives 10 minutes too. */
const STATE_TTL_MS = 10 * 60_000;
/** The screen that shows the result. */
const AFTER = '/#/member/wechat/wechat-authorize-after';

const hashOf = (state: string) => createHash('sha256').update(state).digest('hex');

/** The callback's absolute address as the browser reaches this server. */
function callbackUrl(request: FastifyRequest, state: string): string {
  const base = request.server.config.serviceBase.replace(/\/+$/, '');
  const url = new URL(`${request.protocol}://${request.host}${base}/v1/wechat-authorize/callback`);
  url.searchParams.set('state', state);
  return url.toString();
}

const after = (query: Record<string, string>) => `${AFTER}?${new URLSearchParams(query).toString()}`;

interface CallbackQuery {
  readonly state?: string;
  readonly auth_code?: string;
}

export async function wechatAuthorizeRoutes(app: FastifyInstance): Promise<void> {
  const db = app.database.db;

  app.post(
    '/v1/wechat-authorize/start',
    { schema: describeRoute({}, wechatAuthorizeDocs.start), config: { requires: [WECHAT_AUTHORIZE] } },
    async (request) => {
      const { tenantId, userId } = authOf(request);
      const state = randomBytes(24).toString('base64url');
      const gateway = await channelGateway({ db, tenantId, userId, timeZone: request.ctx.timeZone });
      const answer = await gateway.wechatComponent.authorizePage({ redirectUri: callbackUrl(request, state) });
      if (answer.outcome === 'OK') {
        await db.insert(wechatAuthorizeStates).values({
          stateHash: hashOf(state),
          tenantId,
          userId,
          expiresAt: new Date(Date.now() + STATE_TTL_MS),
        });
      }
      return ok({ outcome: answer.outcome, url: answer.data?.url ?? null, errorCode: answer.errorCode, callId: answer.callId });
    },
  );

  app.get<{ Querystring: CallbackQuery }>(
    '/v1/wechat-authorize/callback',
    {
      schema: describeRoute(
        {
          querystring: {
            type: 'object',
            properties: { state: { type: 'string' }, auth_code: { type: 'string' }, expires_in: { type: 'string' } },
          },
        },
        wechatAuthorizeDocs.callback,
      ),
      config: { public: true },
    },
    async (request, reply) => {
      const { state, auth_code: authCode } = request.query;
      if (!state) return reply.redirect(after({ result: 'failed', reason: 'stateInvalid' }));
      const [used] = await db
        .update(wechatAuthorizeStates)
        .set({ usedAt: new Date() })
        .where(
          and(
            eq(wechatAuthorizeStates.stateHash, hashOf(state)),
            isNull(wechatAuthorizeStates.usedAt),
            gt(wechatAuthorizeStates.expiresAt, new Date()),
          ),
        )
        .returning({ tenantId: wechatAuthorizeStates.tenantId, userId: wechatAuthorizeStates.userId });
      if (!used) return reply.redirect(after({ result: 'failed', reason: 'stateInvalid' }));
      // The account's owner refused on WeChat's page: WeChat comes back without a code.
      if (!authCode) return reply.redirect(after({ result: 'failed', reason: 'refused' }));
      const gateway = await channelGateway({ db, tenantId: used.tenantId, userId: used.userId, timeZone: request.ctx.timeZone });
      const answer = await gateway.wechatComponent.queryAuth({ authCode });
      if (answer.outcome !== 'OK' || !answer.data?.authorizer_appid) {
        return reply.redirect(after({ result: 'failed', reason: 'platform', code: answer.errorCode ?? answer.outcome }));
      }
      const t = deriveTable(wechatChannelResource);
      await db
        .update(t)
        .set({ authorizerAppId: answer.data.authorizer_appid, authorizedAt: new Date(), authorizedScopes: answer.data.scopes.join(',') })
        .where(eq(t.tenantId, used.tenantId));
      return reply.redirect(after({ result: 'ok' }));
    },
  );
}
