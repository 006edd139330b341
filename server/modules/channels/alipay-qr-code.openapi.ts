import type { PermissionRef } from '../../../resources/catalog/types';
import { CHANNEL_ACCESS } from '../../../resources/member/channel-fields';
import { answers, nullable, objectOf, type JsonSchema, type RouteDocs } from '../../http/openapi.schemas';

/**
 * The OpenAPI description of the Alipay member QR code's routes (alipay-qr-code.routes.ts):
 * operation ids `alipayMemberQrCode.<operation>`, the member group's tag (the screen is
 * /member/alipay/alipay-member-qr-code).
 */

const tags = ['member'];

/** Who sees the QR code: the Alipay entry's viewers. */
export const ALIPAY_QR_READ: PermissionRef = { resourceId: '会员/支付宝接入', action: CHANNEL_ACCESS.read[0] };

const state = objectOf({
  connected: { type: 'boolean', description: 'Whether Alipay’s credentials are saved (the channel is connected)' },
  designed: { type: 'boolean', description: 'Whether the membership card was designed (member-card saved once)' },
  templateId: nullable({ type: 'string', description: 'The card template Alipay created for the design' }),
  url: nullable({
    type: 'string',
    description: 'The card-opening link Alipay gave for the template: what the QR code carries (null until Alipay gave one)',
  }),
});

const image = (mime: string, description: string): JsonSchema => ({
  description,
  content: { [mime]: { schema: { type: 'string', format: 'binary' } } },
});

export const alipayQrDocs: Record<'get' | 'png' | 'svg', RouteDocs> = {
  get: {
    operationId: 'alipayMemberQrCode.get',
    tags,
    summary: 'The Alipay member QR code’s state: connected, designed, the template and the link it carries',
    response: answers(state, 'forbidden'),
  },
  png: {
    operationId: 'alipayMemberQrCode.png',
    tags,
    summary: 'The Alipay member QR code as a 600-pixel PNG (Content-Disposition: attachment); 404 until Alipay gave the link',
    response: { ...answers({}, 'forbidden', 'notFound'), 200: image('image/png', 'The QR code, 600 × 600 pixels') },
  },
  svg: {
    operationId: 'alipayMemberQrCode.svg',
    tags,
    summary: 'The Alipay member QR code as SVG, for any size; 404 until Alipay gave the link',
    response: { ...answers({}, 'forbidden', 'notFound'), 200: image('image/svg+xml', 'The QR code, drawn to scale') },
  },
};
