import type { PermissionRef } from '../../../resources/catalog/types';
import { CHANNEL_ACCESS } from '../../../resources/member/channel-fields';
import { answers, nullable, objectOf, type RouteDocs } from '../../http/openapi.schemas';

/**
 * The OpenAPI description of the WeChat official-account authorisation (wechat-authorize.routes.ts):
 * operation ids `wechatAuthorize.<operation>`, the member group's tag.
 */

const tags = ['member'];

/** Who may start an authorisation: the WeChat entry's configurers (the screens are `maintain`). */
export const WECHAT_AUTHORIZE: PermissionRef = { resourceId: '会员/微信接入', action: CHANNEL_ACCESS.write };

const start = objectOf({
  outcome: { type: 'string', enum: ['OK', 'FAILED', 'REFUSED', 'NOT_CONNECTED'], description: 'How the gateway’s call ended' },
  url: nullable({ type: 'string', description: 'WeChat’s authorisation page to open (null unless the outcome is OK)' }),
  errorCode: nullable({ type: 'string', description: 'WeChat’s errcode when the call failed' }),
  callId: { type: 'integer', description: 'The call in the channel call log' },
});

export const wechatAuthorizeDocs: Record<'start' | 'callback', RouteDocs> = {
  start: {
    operationId: 'wechatAuthorize.start',
    tags,
    summary:
      'Starts the official account’s authorisation: a single-use state (10 minutes, this merchant and user) and WeChat’s authorisation page for it, through the gateway',
    response: answers(start, 'forbidden'),
  },
  callback: {
    operationId: 'wechatAuthorize.callback',
    tags,
    summary:
      'Where WeChat sends the browser back (auth_code, expires_in): checks the state, stores the authorisation and redirects to wechat-authorize-after with the result',
    // A browser's redirect: no envelope, the result in the address it leads to.
    response: {
      302: {
        description:
          'To #/member/wechat/wechat-authorize-after?result=ok, or ?result=failed&reason=stateInvalid | refused | platform&code=…',
        headers: { Location: { type: 'string', description: 'The result screen' } },
      },
    },
  },
};
