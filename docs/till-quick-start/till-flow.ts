import createClient, { type Client } from 'openapi-fetch';
// A till project copies this file from the console (`npm run api:client` writes it).
import type { paths } from '../../resources/contract/generated/loyalty-api';

/**
 * A till's whole integration with the generated TypeScript client (docs/till-quick-start.md):
 * look a member up by mobile or card, check and redeem a coupon, post the sale paying with the
 * coupon and with points as cash, return part of it, top up stored value. It uses nothing but
 * the application key. tests/api/till-quick-start.test.ts runs this file against the real
 * console, directly and through Prism's validating proxy, so the guide cannot drift from the API.
 */

/** The typed client of the console's API. */
export type TillClient = Client<paths>;

/** A client that sends the application's key on every call (no cookie, no sign-in). */
export function createTillClient(options: { baseUrl: string; apiKey: string }): TillClient {
  return createClient<paths>({ baseUrl: options.baseUrl, headers: { 'X-Api-Key': options.apiKey, locale: 'en_US' } });
}

/** What the till knows before the customer arrives: its store and its goods. */
export interface TillSetup {
  /** The till's store (the application may be limited to it). */
  readonly storeId: number;
  /** One article of the store's goods: its id (coupons) and its code (the sale's lines). */
  readonly goods: { readonly id: number; readonly code: string };
  /** The points-as-cash activity's rate: points per yuan. */
  readonly pointsPerYuan: number;
}

/** What the customer hands over at the till. */
export interface Customer {
  /** The member's mobile or member card number, as typed or scanned. */
  readonly mobile?: string;
  readonly cardNumber?: string;
  /** A coupon code to use on this sale. */
  readonly couponCode: string;
  /** Points to pay with (a multiple of the rate's points per cent is exact). */
  readonly pointsToPay: number;
}

/** What the flow did, as the console answered it. */
export interface TillOutcome {
  readonly memberId: number;
  readonly orderNo: string;
  readonly couponDiscount: string;
  readonly cashPaid: string;
  readonly pointsPaid: number;
  readonly pointsEarned: number;
  readonly pointsTakenBack: number;
  readonly storedValueBalance: number;
}

// Money is exact: amounts go out as decimal strings, arithmetic is done in whole cents.
const toCents = (yuan: string | number): number => Math.round(Number(yuan) * 100);
const toYuan = (cents: number): string =>
  `${cents < 0 ? '-' : ''}${Math.floor(Math.abs(cents) / 100)}.${String(Math.abs(cents) % 100).padStart(2, '0')}`;

/** The answer's data, or an error carrying the console's code and message. */
function dataOf<T>(result: { data?: { data: T }; error?: { code: number; msg: string }; response: Response }): T {
  if (result.data) return result.data.data;
  throw new Error(`${result.response.status} ${result.error?.code ?? ''} ${result.error?.msg ?? ''}`);
}

/** Step 1: the member, by mobile or by card number (exact match; the filters match prefixes). */
export async function findMember(api: TillClient, customer: Pick<Customer, 'mobile' | 'cardNumber'>): Promise<number> {
  const filters = customer.mobile ? { mobile: customer.mobile } : { cardNumber: customer.cardNumber };
  const page = dataOf(await api.POST('/v1/member/query', { body: { filters, pageSize: 2 } }));
  const member = page.records.find((m) => (customer.mobile ? m.mobile === customer.mobile : m.cardNumber === customer.cardNumber));
  if (!member) throw new Error('no such member');
  return member.id;
}

/** Steps 1 to 5, for one basket of `quantity` × the set-up's goods at `amount` yuan, and a top-up of `topUp` yuan. */
export async function runTill(
  api: TillClient,
  input: { setup: TillSetup; customer: Customer; orderNo: string; quantity: number; amount: string; topUp: string },
): Promise<TillOutcome> {
  const { setup, customer, orderNo } = input;
  const memberId = await findMember(api, customer);

  // 2. The coupon: is it usable on this basket, then redeem it against the order.
  const basket = { memberId, storeId: setup.storeId, lines: [{ goodsId: setup.goods.id, quantity: input.quantity, amount: input.amount }] };
  const coupons = dataOf(await api.POST('/v1/coupons/applicable', { body: { ...basket, pointsAsCash: true } }));
  const coupon = coupons.find((c) => c.code === customer.couponCode);
  if (!coupon?.usable) throw new Error(`coupon not usable: ${coupon?.reason ?? 'not the member’s'}`);
  const redeemed = dataOf(
    await api.POST('/v1/coupons/redeem', {
      body: { ...basket, pointsAsCash: true, requestNo: `${orderNo}-C1`, orderNo, code: customer.couponCode },
    }),
  );

  // 3. The sale: the coupon's discount, points as cash at the activity's rate, the rest in cash.
  const pointsCents = Math.floor((customer.pointsToPay * 100) / setup.pointsPerYuan);
  const cashCents = toCents(input.amount) - toCents(redeemed.discount) - pointsCents;
  const sale = dataOf(
    await api.POST('/v1/points/transaction', {
      body: {
        orderNo,
        memberId,
        storeId: setup.storeId,
        lines: [{ goodsCode: setup.goods.code, quantity: input.quantity, amount: input.amount }],
        payments: [
          { method: 'COUPON', amount: redeemed.discount, couponTemplateId: coupon.templateId },
          { method: 'POINTS', amount: toYuan(pointsCents), points: customer.pointsToPay },
          { method: 'CASH', amount: toYuan(cashCents) },
        ],
      },
    }),
  );

  // 4. The customer brings back part of it: a return of some of the order's amount.
  const returned = dataOf(
    await api.POST('/v1/points/return', {
      body: { returnNo: `${orderNo}-R1`, orderNo, amount: toYuan(Math.floor(toCents(input.amount) / 4)) },
    }),
  );

  // 5. A top-up of stored value at the till, then the balance.
  dataOf(
    await api.POST('/v1/stored-value/recharge', {
      body: { requestNo: `${orderNo}-T1`, memberId, amount: input.topUp, channel: 'store', storeId: setup.storeId },
    }),
  );
  const balance = dataOf(await api.GET('/v1/stored-value/balance', { params: { query: { memberId } } }));

  return {
    memberId,
    orderNo,
    couponDiscount: redeemed.discount,
    cashPaid: toYuan(cashCents),
    pointsPaid: sale.pointsPaid ?? 0,
    pointsEarned: sale.points,
    pointsTakenBack: returned.reversedPoints,
    storedValueBalance: balance.balance,
  };
}
