/**
 * Typed calls of the points screens beyond their query views (server/modules/points/points.routes.ts
 * and points-report.routes.ts). Requests and answers take their types from the OpenAPI document
 * (resources/contract/api.types.ts). Dates arrive as `yyyy-MM-dd HH:mm:ss` in the browser's time zone.
 */
import { typedGet, typedPost } from '../../../../providers/http';
import type { ApiData } from '../../../../resources/contract/api.types';

/** One member's account summary (the ledger's header). */
export type PointsAccount = ApiData<'get', '/v1/points/account'>;

export function getAccount(memberId: number): Promise<PointsAccount> {
  return typedGet('/v1/points/account', { params: { memberId } });
}

/** The points overview (score/home). */
export type PointsOverview = ApiData<'post', '/v1/points/overview'>;

export function getOverview(): Promise<PointsOverview> {
  return typedPost('/v1/points/overview');
}
