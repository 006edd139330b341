import type { PermissionRef } from '../../../resources/catalog/types';
import { CHANNEL_ACCESS } from '../../../resources/member/channel-fields';
import { answers, objectOf, type RouteDocs } from '../../http/openapi.schemas';

/** Who reads the push addresses: the WeChat entry's viewers (configurers hold the view action too). */
export const WECHAT_READ: PermissionRef = { resourceId: '会员/微信接入', action: CHANNEL_ACCESS.read[0] };

/**
 * The OpenAPI description of WeChat's pushes (wechat-push.routes.ts): operation ids
 * `wechatPush.<operation>`, the member group's tag. WeChat's own format: XML in, plain text out.
 */

const tags = ['member'];

const text = (description: string) => ({ description, content: { 'text/plain': { schema: { type: 'string' } } } });

const pushAnswers = {
  200: text('`success`: handled, or the same message handled before (WeChat stops retrying)'),
  403: text('Refused and recorded: `signature`, `decrypt`, `appId`, `malformed` or `notConfigured` (no token or EncodingAESKey saved)'),
  404: text('No such merchant'),
};

export const wechatPushDocs: Record<'auth' | 'message' | 'verify' | 'addresses', RouteDocs> = {
  addresses: {
    operationId: 'wechatPush.addresses',
    tags,
    summary:
      'The addresses of this merchant to enter in WeChat: the platform’s authorisation event address, its message address and the card’s binding page',
    response: answers(
      objectOf({
        auth: { type: 'string', description: 'Authorisation event address (授权事件接收URL) of the third-party platform' },
        message: { type: 'string', description: 'Message and event address (消息与事件接收URL), $APPID$ filled in by WeChat' },
        bindPage: {
          type: 'string',
          description:
            'The binding page (outside the console’s shell): the card’s activation page (activate_url) for activation on the merchant’s page',
        },
      }),
      'forbidden',
    ),
  },
  auth: {
    operationId: 'wechatPush.auth',
    tags,
    summary:
      'WeChat’s authorisation events for the merchant’s third-party platform (component_verify_ticket, authorized, updateauthorized, unauthorized), encrypted and signed (msg_signature); public, the signature is the proof',
    response: pushAnswers,
  },
  message: {
    operationId: 'wechatPush.message',
    tags,
    summary:
      'WeChat’s messages and events of the official account (member card: user_get_card, user_del_card, submit_membercard_user_info), encrypted and signed; each message handled once',
    response: pushAnswers,
  },
  verify: {
    operationId: 'wechatPush.verify',
    tags,
    summary: 'WeChat’s check of the message address: answers echostr when the signature over the token, timestamp and nonce holds',
    response: { 200: text('The echostr WeChat sent'), 403: text('`signature`') },
  },
};
