import { answers, nullable, objectOf, type RouteDocs } from '../../http/openapi.schemas';

/**
 * The OpenAPI description of the binding page's routes (wechat-card-bind.routes.ts): operation
 * ids `wechatCardBind.<operation>`, the member group's tag. Public: the card's `encrypt_code`
 * (decrypted by WeChat) is the proof of holding it.
 */

const tags = ['member'];

export const wechatCardBindDocs: Record<'open' | 'code' | 'bind', RouteDocs> = {
  open: {
    operationId: 'wechatCardBind.open',
    tags,
    summary: 'The card behind the binding page’s address (card_id and encrypt_code as WeChat adds them): to bind, or already linked',
    response: answers(
      objectOf({
        state: { type: 'string', enum: ['BIND', 'LINKED'], description: 'BIND: no member yet; LINKED: the card names a member' },
        brandName: { type: 'string', description: 'The card design’s brand name' },
        title: { type: 'string', description: 'The card design’s title' },
        colour: { type: 'string', description: 'The card’s colour (#rrggbb)' },
        memberNumber: nullable({ type: 'string', description: 'The linked member’s number' }),
      }),
      'notFound',
      'conflict',
    ),
  },
  code: {
    operationId: 'wechatCardBind.code',
    tags,
    summary: 'Texts a 6-digit code to the mobile (a notice through the SMS channel): one per card a minute, valid 10 minutes',
    response: answers(
      objectOf({ sent: { type: 'boolean' }, validMinutes: { type: 'integer', description: 'How long the code is valid' } }),
      'notFound',
      'conflict',
    ),
  },
  bind: {
    operationId: 'wechatCardBind.bind',
    tags,
    summary:
      'Binds the mobile proved by the texted code: the member found by it or registered, the card activated at WeChat if it was not, the holder linked once',
    response: answers(
      objectOf({
        memberNumber: { type: 'string', description: 'The member’s number (the card’s number at WeChat)' },
        registered: { type: 'boolean', description: 'Whether the member was registered now' },
        linkedBefore: { type: 'boolean', description: 'The card was linked before: nothing changed' },
      }),
      'notFound',
      'conflict',
    ),
  },
};
