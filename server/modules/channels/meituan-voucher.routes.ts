import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { MEITUAN_MAX_COUNT, MEITUAN_VOUCHER_READ, MEITUAN_VOUCHER_WRITE } from '../../../resources/member/meituan-vouchers.query-view';
import { centsToString, toCents } from '../../../resources/money/cents';
import { actorOf } from '../../crud/actor';
import { formatDateTime } from '../../crud/zoned-time';
import { badInput, conflict, notFound, ok } from '../../http/envelope';
import { describeRoute } from '../../http/openapi.schemas';
import type { CallContext, ChannelAnswer } from './channel-gateway';
import { channelGateway } from './channels.gateway';
import { cancelVoucherQuery, checkVoucherBody, consumeVoucherBody, meituanVoucherDocs } from './meituan-voucher.openapi';
import { openUsableStores, type UsableStore } from './meituan-voucher.stores';

/**
 * Meituan group-buy vouchers at a store (美团验券, issue 27 §4): the clerk picks one of the stores
 * they may use, checks a code (Meituan's prepare), consumes 1..N of it and may cancel it within
 * Meituan's window. Everything goes through the gateway (recorded in the call log); a consumption
 * is kept in `meituan_voucher_consumptions` only when Meituan accepted it, once per request id:
 * the consume holds an advisory lock on the request id, so a double submit waits and answers the
 * first consumption. The store's shop id at Meituan (`open_shop_uuid`) is its declared Meituan shop id, else its code.
 */

interface VoucherBody {
  readonly storeId: number;
  readonly code: string;
}
interface ConsumeBody extends VoucherBody {
  readonly count: number;
  readonly requestId: string;
}

/** What Meituan's prepare says of a code, as the screen shows it. */
export interface Voucher {
  readonly dealId: string;
  readonly dealTitle: string;
  readonly unitPrice: string;
  readonly marketPrice: string | null;
  readonly available: number;
  readonly validTo: string | null;
}

type ConsumptionRow = {
  id: string | number;
  store_id: string | number;
  code: string;
  count: number;
  deal_title: string;
  amount: string;
  state: 'CONSUMED' | 'CANCELLED';
  call_id: string | number;
  consumed_at: string;
  deal_id: string;
};

const CODE = /^[0-9]{6,32}$/;

function voucherCode(raw: string): string {
  const code = raw.replace(/\s+/g, '');
  if (!CODE.test(code)) throw badInput('error.badInput', [{ field: 'code', key: 'meituanVoucher.badCode' }]);
  return code;
}

async function storeOf(request: FastifyRequest, app: FastifyInstance, storeId: number): Promise<UsableStore> {
  const [store] = await openUsableStores({ db: app.database.db, actor: actorOf(request), id: storeId });
  if (!store) throw badInput('error.badInput', [{ field: 'storeId', key: 'meituanVoucher.badStore' }]);
  return store;
}

const money = (value: unknown): string | null => {
  if (typeof value !== 'number' && typeof value !== 'string') return null;
  const cents = toCents(value);
  return cents === null ? null : centsToString(cents);
};

/** Meituan's prepare data read into what the screen shows (an answer without a deal is not a voucher). */
function voucherOf(data: Record<string, unknown> | null, zone: string): Voucher | null {
  const d = (data?.data ?? null) as Record<string, unknown> | null;
  const unitPrice = money(d?.deal_price);
  if (!d || d.deal_id === undefined || unitPrice === null) return null;
  const end = typeof d.receiptEndDate === 'number' ? new Date(d.receiptEndDate) : null;
  return {
    dealId: String(d.deal_id),
    dealTitle: String(d.deal_title ?? ''),
    unitPrice,
    marketPrice: money(d.deal_marketprice),
    available: Number(d.count ?? 0),
    validTo: formatDateTime(end, zone),
  };
}

const callPart = (answer: ChannelAnswer<unknown>) => ({
  outcome: answer.outcome,
  errorCode: answer.errorCode,
  errorMessage: answer.errorMessage,
  callId: answer.callId,
});

function consumptionOf(row: ConsumptionRow) {
  return {
    id: Number(row.id),
    storeId: Number(row.store_id),
    code: row.code,
    count: row.count,
    dealTitle: row.deal_title,
    amount: centsToString(toCents(row.amount) ?? 0n),
    state: row.state,
    callId: Number(row.call_id),
    consumedAt: row.consumed_at,
  };
}

/** A consumption's columns, its time written in the caller's zone by the database. */
const columnsIn = (zone: string) =>
  sql`id, store_id, code, count, deal_title, amount, state, call_id, deal_id,
    to_char(consumed_at at time zone ${zone}, 'YYYY-MM-DD HH24:MI:SS') as consumed_at`;

export async function meituanVoucherRoutes(app: FastifyInstance): Promise<void> {
  const db = app.database.db;
  const contextOf = (request: FastifyRequest): CallContext => {
    const actor = actorOf(request);
    return { db, tenantId: actor.tenantId, userId: actor.userId, timeZone: actor.timeZone };
  };

  app.get(
    '/v1/meituan-voucher/stores',
    { schema: describeRoute({}, meituanVoucherDocs.stores), config: { requires: MEITUAN_VOUCHER_READ } },
    async (request) => ok(await openUsableStores({ db, actor: actorOf(request) })),
  );

  app.post<{ Body: VoucherBody }>(
    '/v1/meituan-voucher/check',
    { schema: describeRoute({ body: checkVoucherBody }, meituanVoucherDocs.check), config: { requires: MEITUAN_VOUCHER_READ } },
    async (request) => {
      const code = voucherCode(request.body.code);
      const store = await storeOf(request, app, request.body.storeId);
      const gateway = await channelGateway(contextOf(request));
      const answer = await gateway.meituan.checkVoucher({ code, shopId: store.shopId });
      return ok({ ...callPart(answer), voucher: answer.outcome === 'OK' ? voucherOf(answer.data, request.ctx.timeZone) : null });
    },
  );

  app.post<{ Body: ConsumeBody }>(
    '/v1/meituan-voucher/consume',
    { schema: describeRoute({ body: consumeVoucherBody }, meituanVoucherDocs.consume), config: { requires: MEITUAN_VOUCHER_WRITE } },
    async (request) => {
      const { count, requestId } = request.body;
      const code = voucherCode(request.body.code);
      if (!Number.isInteger(count) || count < 1 || count > MEITUAN_MAX_COUNT)
        throw badInput('error.badInput', [{ field: 'count', key: 'meituanVoucher.badCount', values: { max: MEITUAN_MAX_COUNT } }]);
      const store = await storeOf(request, app, request.body.storeId);
      const ctx = contextOf(request);
      const zone = request.ctx.timeZone;
      return db.transaction(async (tx) => {
        // One consume per request id: a second submit waits here, then finds the first one's row.
        await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`meituan-consume:${ctx.tenantId}:${requestId}`}, 0))`);
        const before = await tx.execute<ConsumptionRow>(
          sql`select ${columnsIn(zone)} from meituan_voucher_consumptions where tenant_id = ${ctx.tenantId} and request_id = ${requestId}`,
        );
        const first = before.rows[0];
        if (first) {
          if (first.code !== code || Number(first.store_id) !== store.id || first.count !== count)
            throw conflict('meituanVoucher.requestReused');
          return ok({
            outcome: 'OK',
            errorCode: null,
            errorMessage: null,
            callId: Number(first.call_id),
            consumption: consumptionOf(first),
            replayed: true,
          });
        }
        const gateway = await channelGateway(ctx);
        const checked = await gateway.meituan.checkVoucher({ code, shopId: store.shopId });
        if (checked.outcome !== 'OK') return ok({ ...callPart(checked), consumption: null, replayed: false });
        const voucher = voucherOf(checked.data, zone);
        if (voucher === null)
          return ok({ ...callPart(checked), outcome: 'FAILED', errorCode: 'unreadable', consumption: null, replayed: false });
        if (count > voucher.available)
          throw badInput('error.badInput', [{ field: 'count', key: 'meituanVoucher.tooMany', values: { max: voucher.available } }]);
        const consumed = await gateway.meituan.consumeVoucher({ code, shopId: store.shopId, count, requestId });
        if (consumed.outcome !== 'OK') return ok({ ...callPart(consumed), consumption: null, replayed: false });
        const amount = centsToString((toCents(voucher.unitPrice) ?? 0n) * BigInt(count));
        const inserted = await tx.execute<ConsumptionRow>(sql`insert into meituan_voucher_consumptions
          (tenant_id, request_id, store_id, code, count, deal_id, deal_title, unit_price, amount, response, call_id, user_id)
          values (${ctx.tenantId}, ${requestId}, ${store.id}, ${code}, ${count}, ${voucher.dealId}, ${voucher.dealTitle},
            ${voucher.unitPrice}, ${amount}, ${JSON.stringify(consumed.data)}::jsonb, ${consumed.callId}, ${ctx.userId})
          returning ${columnsIn(zone)}`);
        return ok({ ...callPart(consumed), consumption: consumptionOf(inserted.rows[0]), replayed: false });
      });
    },
  );

  app.post<{ Querystring: { id: number } }>(
    '/v1/meituan-voucher/cancel',
    { schema: describeRoute({ querystring: cancelVoucherQuery }, meituanVoucherDocs.cancel), config: { requires: MEITUAN_VOUCHER_WRITE } },
    async (request) => {
      const ctx = contextOf(request);
      const actor = actorOf(request);
      const zone = request.ctx.timeZone;
      return db.transaction(async (tx) => {
        const found = await tx.execute<ConsumptionRow>(sql`select ${columnsIn(zone)} from meituan_voucher_consumptions
          where tenant_id = ${ctx.tenantId} and id = ${request.query.id} for update`);
        const row = found.rows[0];
        // A consumption at a store the caller may not use is one they cannot see.
        const stores = row ? await openUsableStores({ db: tx, actor, id: Number(row.store_id) }) : [];
        if (!row || stores.length === 0) throw notFound();
        if (row.state !== 'CONSUMED') throw conflict('meituanVoucher.alreadyCancelled');
        const gateway = await channelGateway(ctx);
        const answer = await gateway.meituan.cancelVoucher({ code: row.code, shopId: stores[0].shopId, dealId: row.deal_id });
        if (answer.outcome !== 'OK') return ok({ ...callPart(answer), consumption: consumptionOf(row) });
        const updated = await tx.execute<ConsumptionRow>(sql`update meituan_voucher_consumptions
          set state = 'CANCELLED', cancel_call_id = ${answer.callId}, cancelled_by = ${ctx.userId}, cancelled_at = now()
          where tenant_id = ${ctx.tenantId} and id = ${row.id} and state = 'CONSUMED' returning ${columnsIn(zone)}`);
        return ok({ ...callPart(answer), consumption: consumptionOf(updated.rows[0]) });
      });
    },
  );
}
