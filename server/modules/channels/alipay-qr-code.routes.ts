import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import QRCode from 'qrcode';
import { memberCardResource } from '../../../resources/member/member-card.resource';
import { deriveTable } from '../../crud/table.derive';
import { notFound, ok } from '../../http/envelope';
import { describeRoute } from '../../http/openapi.schemas';
import { authOf } from '../auth/access.hook';
import { alipaySettings } from './channel-settings.store';
import { ALIPAY_QR_READ, alipayQrDocs } from './alipay-qr-code.openapi';
import type { MemberCardRecord } from './member-card.publish';

/**
 * The Alipay member QR code (alipay-member-qr-code, issue 27 §3): the card-opening link Alipay
 * gave for the card's template (kept by member-card.publish.ts), drawn as a QR code here on the
 * server, shown on the screen and downloaded as PNG (for print) or SVG (for any size). Until
 * Alipay gave a link (not connected, or the card not yet published) there is nothing to draw:
 * the state says why, the images answer 404.
 */

/** The files' name (Chinese screens and English screens download the same file). */
const FILE_NAME = 'alipay-member-qr-code';
/** The PNG's width in pixels: sharp when printed at 5 cm, as counters' stands are. */
const PNG_WIDTH = 600;
/** The quiet zone around the code, in modules (the QR standard's minimum is 4). */
const MARGIN = 4;

async function cardLink(app: FastifyInstance, tenantId: number): Promise<MemberCardRecord | undefined> {
  const t = deriveTable(memberCardResource);
  const [row] = (await app.database.db.select().from(t).where(eq(t.tenantId, tenantId)).limit(1)) as MemberCardRecord[];
  return row;
}

async function linkOrNotFound(app: FastifyInstance, tenantId: number): Promise<string> {
  const url = (await cardLink(app, tenantId))?.alipayCardUrl;
  if (!url) throw notFound('alipayQr.none');
  return url;
}

/** The QR code's state and its two downloads, read with the Alipay entry's view grant. */
export async function alipayQrCodeRoutes(app: FastifyInstance): Promise<void> {
  const config = { requires: [ALIPAY_QR_READ] };

  app.get('/v1/alipay-member-qr-code/get', { schema: describeRoute({}, alipayQrDocs.get), config }, async (request) => {
    const { tenantId } = authOf(request);
    const [card, settings] = await Promise.all([cardLink(app, tenantId), alipaySettings({ db: app.database.db, tenantId })]);
    return ok({
      connected: settings !== null,
      designed: card !== undefined,
      templateId: card?.alipayTemplateId ?? null,
      url: card?.alipayCardUrl ?? null,
    });
  });

  app.get('/v1/alipay-member-qr-code/png', { schema: describeRoute({}, alipayQrDocs.png), config }, async (request, reply) => {
    const url = await linkOrNotFound(app, authOf(request).tenantId);
    const png = await QRCode.toBuffer(url, { type: 'png', errorCorrectionLevel: 'M', margin: MARGIN, width: PNG_WIDTH });
    reply.header('content-type', 'image/png');
    reply.header('content-disposition', `attachment; filename="${FILE_NAME}.png"`);
    reply.header('cache-control', 'private, no-store');
    return reply.send(png);
  });

  app.get('/v1/alipay-member-qr-code/svg', { schema: describeRoute({}, alipayQrDocs.svg), config }, async (request, reply) => {
    const url = await linkOrNotFound(app, authOf(request).tenantId);
    const svg = await QRCode.toString(url, { type: 'svg', errorCorrectionLevel: 'M', margin: MARGIN });
    reply.header('content-type', 'image/svg+xml');
    // Shown on the screen (an <img>) and saved by the download button (its `download` attribute).
    reply.header('content-disposition', `inline; filename="${FILE_NAME}.svg"`);
    reply.header('cache-control', 'private, no-store');
    return reply.send(svg);
  });
}
