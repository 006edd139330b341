import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { memberCardResource } from '../../../resources/member/member-card.resource';
import { WECHAT_COLOURS, type WechatColour } from '../../../resources/member/wallet-card-rules';
import { deriveTable } from '../../crud/table.derive';
import type { Db, DbOrTx } from '../../db/connection';
import { wechatBindCodes, wechatMemberCards } from '../../db/schema/channel-gateway.schema';
import { badInput, conflict, notFound, ok } from '../../http/envelope';
import { describeRoute } from '../../http/openapi.schemas';
import type { DomainWiring } from '../domain-manifest';
import { channelGateway } from './channels.gateway';
import { joinCardHolder, knownMember, MEMBER_MOBILE, wechatMemberRegistrar } from './wechat-card-holders';
import { wechatCardBindDocs } from './wechat-card-bind.openapi';

/**
 * The binding page's routes (绑定会员, outside the console's shell: src/views/member/wechat/
 * wechat-card-bind-page.tsx), public: the person holding the card signs in nowhere. WeChat opens
 * the page at the card's activation address (merchant-page activation, `activate_url`) with
 * `card_id`, `encrypt_code` and `openid` added; a card activated automatically whose holder was
 * unknown is bound on the same page. The proof of holding the card is its `encrypt_code`,
 * decrypted by WeChat (`card/code/decrypt`) into a code one of the merchant's received cards has;
 * the `openid` of the address is not trusted (the card's holder is the one WeChat's signed
 * `user_get_card` named). The mobile is proved by a texted code (SMS, a notice, through the
 * gateway; the call log masks it).
 *
 * - `POST /v1/wechat-card/:tenant/open`: the card and its state (to bind, or linked);
 * - `POST …/code`: texts a 6-digit code to the mobile (one per card a minute, valid 10 minutes);
 * - `POST …/bind`: the code checked (5 tries, used once), the member found by the mobile or
 *   registered (channel WeChat), the card activated at WeChat when it was not yet
 *   (`card/membercard/activate`, the member number as the card's number), the holder joined
 *   (wechat-card-holders.ts). A linked card links nothing more.
 */

const CODE_MINUTES = 10;
const RESEND_SECONDS = 60;
const MAX_TRIES = 5;

interface CardBody {
  readonly cardId: string;
  readonly encryptCode: string;
  readonly mobile?: string;
  readonly smsCode?: string;
}
type BindRequest = FastifyRequest<{ Params: { tenant: string }; Body: CardBody }>;

interface HeldCard {
  readonly id: number;
  readonly cardId: string;
  readonly code: string;
  readonly openId: string;
  readonly unionId: string | null;
  readonly memberId: number | null;
  readonly activatedAt: Date | null;
}

const hashOf = (tenantId: number, cardCode: string, code: string) =>
  createHash('sha256').update(`${tenantId}:${cardCode}:${code}`).digest();

const tenantOf = (raw: string): number | null => (/^[1-9]\d{0,15}$/.test(raw) ? Number(raw) : null);

function mobileOf(body: CardBody): string {
  const mobile = (body.mobile ?? '').trim();
  if (!MEMBER_MOBILE.test(mobile)) throw badInput('error.badInput', [{ field: 'mobile', key: 'wechatBind.badMobile' }]);
  return mobile;
}

async function designOf(db: Db, tenantId: number) {
  const t = deriveTable(memberCardResource);
  const [row] = await db
    .select({ wechatCardId: t.wechatCardId, brandName: t.brandName, title: t.title, colour: t.colour })
    .from(t)
    .where(eq(t.tenantId, tenantId));
  return row;
}

/**
 * The merchant's received card behind the page's address: the design's WeChat card, its code as
 * WeChat decrypts it, held (not deleted). Anything else is 404 and changes nothing.
 */
async function heldCard(db: Db, request: BindRequest): Promise<{ tenantId: number; card: HeldCard }> {
  const tenantId = tenantOf(request.params.tenant);
  const design = tenantId === null ? undefined : await designOf(db, tenantId);
  if (tenantId === null || !design?.wechatCardId || design.wechatCardId !== request.body.cardId) throw notFound('wechatBind.unknownCard');
  const gateway = await channelGateway({ db, tenantId, userId: null, timeZone: request.ctx.timeZone });
  const decrypted = await gateway.wechat.decryptCode({ encrypt_code: request.body.encryptCode });
  if (decrypted.outcome !== 'OK') {
    if (decrypted.outcome === 'FAILED' && decrypted.errorCode === '40056') throw notFound('wechatBind.unknownCard');
    throw conflict('wechatBind.unavailable');
  }
  const [card] = await db
    .select({
      id: wechatMemberCards.id,
      cardId: wechatMemberCards.cardId,
      code: wechatMemberCards.code,
      openId: wechatMemberCards.openId,
      unionId: wechatMemberCards.unionId,
      memberId: wechatMemberCards.memberId,
      activatedAt: wechatMemberCards.activatedAt,
    })
    .from(wechatMemberCards)
    .where(
      and(
        eq(wechatMemberCards.tenantId, tenantId),
        eq(wechatMemberCards.code, decrypted.data?.code ?? ''),
        eq(wechatMemberCards.cardId, design.wechatCardId),
        sql`${wechatMemberCards.state} <> 'DELETED'`,
      ),
    );
  if (!card) throw notFound('wechatBind.unknownCard');
  return { tenantId, card };
}

/** Whether a linked card's member is the one its holder is: then the page says so, nothing else happens. */
async function linkedNumber(db: DbOrTx, tenantId: number, memberId: number | null): Promise<string | null> {
  if (memberId === null) return null;
  const found = await db.execute<{ member_number: string }>(
    sql`select member_number from members where tenant_id = ${tenantId} and id = ${memberId}`,
  );
  return found.rows[0]?.member_number ?? null;
}

export async function wechatCardBindRoutes(app: FastifyInstance, wiring: DomainWiring): Promise<void> {
  const db = app.database.db;
  const registerMember = wechatMemberRegistrar(wiring);

  const params = { type: 'object', required: ['tenant'], properties: { tenant: { type: 'string' } } };
  const body = (more: Record<string, object>, required: readonly string[] = []) => ({
    type: 'object',
    required: ['cardId', 'encryptCode', ...required],
    properties: { cardId: { type: 'string', maxLength: 64 }, encryptCode: { type: 'string', maxLength: 256 }, ...more },
  });
  const mobile = { type: 'string', maxLength: 20 };
  const smsCode = { type: 'string', maxLength: 10 };

  app.post<{ Params: { tenant: string }; Body: CardBody }>(
    '/v1/wechat-card/:tenant/open',
    { schema: describeRoute({ params, body: body({}) }, wechatCardBindDocs.open), config: { public: true } },
    async (request) => {
      const { tenantId, card } = await heldCard(db, request);
      const design = await designOf(db, tenantId);
      const memberNumber = await linkedNumber(db, tenantId, card.memberId);
      return ok({
        state: memberNumber === null ? 'BIND' : 'LINKED',
        brandName: design?.brandName ?? '',
        title: design?.title ?? '',
        colour: WECHAT_COLOURS[design?.colour as WechatColour] ?? WECHAT_COLOURS.Color010,
        memberNumber,
      });
    },
  );

  app.post<{ Params: { tenant: string }; Body: CardBody }>(
    '/v1/wechat-card/:tenant/code',
    { schema: describeRoute({ params, body: body({ mobile }, ['mobile']) }, wechatCardBindDocs.code), config: { public: true } },
    async (request) => {
      const phone = mobileOf(request.body);
      const { tenantId, card } = await heldCard(db, request);
      if (card.memberId !== null) throw conflict('wechatBind.alreadyLinked');
      const template = await db.execute<{ bind_sms_template: string | null }>(
        sql`select bind_sms_template from wechat_channels where tenant_id = ${tenantId}`,
      );
      const templateCode = template.rows[0]?.bind_sms_template ?? '';
      if (templateCode === '') throw conflict('wechatBind.notSent');
      const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
      const now = new Date();
      // One code a minute per card: taken under the card's lock, so two clicks send one text.
      const sent = await db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`wechat-bind:${tenantId}:${card.code}`}, 0))`);
        const [recent] = await tx
          .select({ id: wechatBindCodes.id })
          .from(wechatBindCodes)
          .where(
            and(
              eq(wechatBindCodes.tenantId, tenantId),
              eq(wechatBindCodes.cardCode, card.code),
              gt(wechatBindCodes.sentAt, new Date(now.getTime() - RESEND_SECONDS * 1000)),
            ),
          );
        if (recent) return null;
        const [row] = await tx
          .insert(wechatBindCodes)
          .values({
            tenantId,
            cardCode: card.code,
            mobile: phone,
            codeHash: hashOf(tenantId, card.code, code).toString('hex'),
            sentAt: now,
            expiresAt: new Date(now.getTime() + CODE_MINUTES * 60_000),
          })
          .returning({ id: wechatBindCodes.id });
        return row.id;
      });
      if (sent === null) throw conflict('wechatBind.tooSoon', { seconds: RESEND_SECONDS });
      const gateway = await channelGateway({ db, tenantId, userId: null, timeZone: request.ctx.timeZone });
      const answer = await gateway.sms.send({ mobile: phone, templateCode, params: { code }, purpose: 'NOTICE', secretParams: ['code'] });
      if (answer.outcome !== 'OK') {
        // Nothing reached the phone: the code goes, and the holder may ask again at once.
        await db.delete(wechatBindCodes).where(and(eq(wechatBindCodes.tenantId, tenantId), eq(wechatBindCodes.id, sent)));
        throw conflict('wechatBind.notSent');
      }
      return ok({ sent: true, validMinutes: CODE_MINUTES });
    },
  );

  app.post<{ Params: { tenant: string }; Body: CardBody }>(
    '/v1/wechat-card/:tenant/bind',
    {
      schema: describeRoute({ params, body: body({ mobile, smsCode }, ['mobile', 'smsCode']) }, wechatCardBindDocs.bind),
      config: { public: true },
    },
    async (request) => {
      const phone = mobileOf(request.body);
      const { tenantId, card } = await heldCard(db, request);
      const already = await linkedNumber(db, tenantId, card.memberId);
      if (already !== null) return ok({ memberNumber: already, registered: false, linkedBefore: true });
      const wrong = () => badInput('error.badInput', [{ field: 'smsCode', key: 'wechatBind.badCode' }]);
      // The latest code sent to this mobile for this card, a try counted (committed) before it is compared.
      const [pending] = await db
        .update(wechatBindCodes)
        .set({ tries: sql`${wechatBindCodes.tries} + 1` })
        .where(
          and(
            eq(wechatBindCodes.tenantId, tenantId),
            eq(
              wechatBindCodes.id,
              sql`(select max(id) from wechat_bind_codes where tenant_id = ${tenantId} and card_code = ${card.code} and mobile = ${phone})`,
            ),
            isNull(wechatBindCodes.usedAt),
            gt(wechatBindCodes.expiresAt, new Date()),
            lt(wechatBindCodes.tries, MAX_TRIES),
          ),
        )
        .returning({ id: wechatBindCodes.id, codeHash: wechatBindCodes.codeHash });
      const given = hashOf(tenantId, card.code, (request.body.smsCode ?? '').trim());
      if (!pending || !timingSafeEqual(Buffer.from(pending.codeHash, 'hex'), given)) throw wrong();
      const now = new Date();
      return db.transaction(async (tx) => {
        const used = await tx
          .update(wechatBindCodes)
          .set({ usedAt: now })
          .where(and(eq(wechatBindCodes.tenantId, tenantId), eq(wechatBindCodes.id, pending.id), isNull(wechatBindCodes.usedAt)))
          .returning({ id: wechatBindCodes.id });
        if (used.length === 0) throw wrong();
        // The card's row locked: two binds of one card link it once.
        const [locked] = await tx
          .select({ memberId: wechatMemberCards.memberId, activatedAt: wechatMemberCards.activatedAt })
          .from(wechatMemberCards)
          .where(and(eq(wechatMemberCards.tenantId, tenantId), eq(wechatMemberCards.id, card.id)))
          .for('update');
        if (locked.memberId !== null)
          return ok({ memberNumber: await linkedNumber(tx, tenantId, locked.memberId), registered: false, linkedBefore: true });
        const found = await tx.execute<{ id: string; member_number: string }>(
          sql`select id, member_number from members where tenant_id = ${tenantId} and mobile = ${phone} limit 1`,
        );
        const registered = found.rows.length === 0;
        const memberId = registered ? await registerMember({ tx, tenantId, mobile: phone, name: phone }) : Number(found.rows[0].id);
        // A holder WeChat already knows as another member (their openid or unionid) is not moved.
        const other = await knownMember(tx, { tenantId, openId: card.openId, unionId: card.unionId });
        if (other !== null && other !== memberId) throw conflict('wechatBind.otherMember');
        const memberNumber = (await linkedNumber(tx, tenantId, memberId)) ?? '';
        if (locked.activatedAt === null) {
          // Merchant-page activation: WeChat activates the card when the merchant says whose it is.
          const gateway = await channelGateway({ db, tenantId, userId: null, timeZone: request.ctx.timeZone });
          const activated = await gateway.wechat.activateMemberCard({
            card_id: card.cardId,
            code: card.code,
            membership_number: memberNumber,
          });
          if (activated.outcome !== 'OK') throw conflict('wechatBind.notActivated');
        }
        const holder = { cardId: card.cardId, code: card.code, openId: card.openId, unionId: card.unionId };
        await joinCardHolder({ tx, tenantId, now, timeZone: request.ctx.timeZone, holder, memberId });
        return ok({ memberNumber, registered, linkedBefore: false });
      });
    },
  );
}
