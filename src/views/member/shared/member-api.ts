/**
 * Typed calls of the member screens beyond the generic resource endpoints: a member's level and
 * growth (`GET /v1/<view>/growth/:id`, resources/member/member.server.ts) and the member overview
 * (`POST /v1/member/overview`, server/modules/members/member-overview.routes.ts).
 */
import { apiGet, apiPost } from '../../../../providers/http';

// The answer's types are the server's own (a type-only import: nothing of the server is bundled).
import type { LevelSummary, MemberGrowth } from '../../../../resources/member/member.server';
export type { LevelSummary, MemberGrowth };

/** The growth of one member, read through the view the screen shows (its scope holds). */
export function getGrowth(resource: string, id: string | number): Promise<MemberGrowth> {
  return apiGet(`/v1/${resource}/growth/${encodeURIComponent(String(id))}`);
}

/** The member overview (member/home). */
export interface MemberOverview {
  readonly total: number;
  readonly byState: readonly { readonly state: string; readonly count: number }[];
  readonly byLevel: readonly { readonly levelId: number | null; readonly levelName: string | null; readonly count: number }[];
  readonly daily: readonly { readonly date: string; readonly count: number }[];
  readonly newInPeriod: number;
  readonly topStores: readonly { readonly storeId: number | null; readonly storeName: string | null; readonly count: number }[];
}

export function getMemberOverview(): Promise<MemberOverview> {
  return apiPost('/v1/member/overview', { data: {} });
}
