import { expect } from 'vitest';
import type { ApiClient } from './fixtures';
import { okData, requestNo, type CouponScene } from './coupon-fixtures';

/**
 * Fixtures of the activity engine's API tests: activities created and audited through their
 * kind's view (resources/promotion), the active set brought up to date, sales, simulations,
 * returns and balances through the API as a till and a person would see them.
 */

export const WINDOW = { beginTime: '2026-01-01 00:00:00', endTime: '2036-01-01 00:00:00' };

/** The kind's view: `SCORE_DOUBLING` -> `activity-score-doubling`. */
export const viewOf = (kind: string) => `activity-${kind.toLowerCase().replaceAll('_', '-')}`;

/** Creates an activity of a kind through its view and audits it; its id and number. */
export async function auditedActivity(
  scene: Pick<CouponScene, 't' | 'admin'>,
  kind: string,
  body: Record<string, unknown>,
): Promise<{ id: number; number: string }> {
  const view = viewOf(kind);
  const created = await okData<{ id: number; number: string }>(
    scene.admin.post(`/v1/${view}/saveNew`, { body: { name: `${kind} test`, ...WINDOW, ...body } }),
  );
  await okData(scene.admin.post(`/v1/${view}/audit`, { query: { id: created.id } }));
  await scene.t.app.sessionCache.sync();
  return created;
}

export async function stopActivity(scene: CouponScene, kind: string, id: number): Promise<void> {
  await okData(scene.admin.post(`/v1/${viewOf(kind)}/stop`, { query: { id }, body: { reason: 'Test over' } }));
  await scene.t.app.sessionCache.sync();
}

export interface SaleBody {
  readonly memberId: number;
  readonly storeId?: number;
  readonly channelCode?: string;
  readonly lines: readonly { goodsCode: string; quantity: number; amount: string }[];
  readonly payments?: readonly Record<string, unknown>[];
  /** Simulator only: the instant simulated, in the caller's zone. */
  readonly at?: string;
}

export interface Fired {
  activityId: number;
  number: string;
  name: string;
  kind: string;
  awards: Record<string, unknown>[];
}

export interface Simulation {
  basicPoints: number;
  totalPoints: number;
  pointsPaid: number;
  fired: Fired[];
  excluded: { activityId: number; reason: string; detail?: string }[];
}

export const simulate = (client: ApiClient, sale: SaleBody, activityIds?: number[]) =>
  okData<Simulation>(client.post('/v1/activities/simulate', { body: { ...sale, ...(activityIds ? { activityIds } : {}) } }));

export interface SaleAnswer {
  orderNo: string;
  points: number;
  balance: number;
  pointsPaid: number;
  activities: Fired[];
}

export async function postSale(client: ApiClient, sale: SaleBody, orderNo = requestNo('SO')): Promise<SaleAnswer> {
  return okData<SaleAnswer>(client.post('/v1/points/transaction', { body: { orderNo, ...sale } }));
}

export async function balanceOf(client: ApiClient, memberId: number): Promise<number> {
  const res = await client.get('/v1/points/account', { query: { memberId } });
  expect(res.body.code, JSON.stringify(res.body)).toBe(2000);
  return Number(res.body.data.balance);
}

/** Audits an activity of any kind through the base, as `client` (a second person when the approval rule asks), active set brought up to date. */
export async function auditAs(scene: Pick<CouponScene, 't'>, client: ApiClient, id: number): Promise<void> {
  await okData(client.post('/v1/activity/audit', { query: { id } }));
  await scene.t.app.sessionCache.sync();
}

/** Stops an activity of any kind through the base, as `client`, active set brought up to date. */
export async function stopAs(scene: Pick<CouponScene, 't'>, client: ApiClient, id: number): Promise<void> {
  await okData(client.post('/v1/activity/stop', { query: { id }, body: { reason: 'test over' } }));
  await scene.t.app.sessionCache.sync();
}

/** An activity's effect evaluation (`POST /v1/activities/evaluation`). */
export const evaluationOf = (client: ApiClient, activityId: number) =>
  okData<{ summary: Record<string, unknown> }>(client.post('/v1/activities/evaluation', { body: { activityId } }));
