/**
 * Typed calls of the member screens beyond the generic resource endpoints: a member's level and
 * growth (`GET /v1/<view>/growth/:id`, server/modules/members/member.hooks.ts) and the member overview
 * (`POST /v1/member/overview`, server/modules/members/member-overview.routes.ts).
 */
import { apiGet, typedPost } from '../../../../providers/http';

// The answers' types are the contract's, the same the server's routes build; the overview's
// generated answer must be assignable to it, so the two cannot drift apart.
import type { MemberGrowth, MemberOverview } from '../../../../resources/contract/member.types';
export type { MemberGrowth, MemberOverview } from '../../../../resources/contract/member.types';

/**
 * The growth of one member, read through the view the screen shows (its scope holds). The view
 * is the caller's, so the path is not one operation the document names: the contract types it.
 */
export function getGrowth(resource: string, id: string | number): Promise<MemberGrowth> {
  return apiGet(`/v1/${resource}/growth/${encodeURIComponent(String(id))}`);
}

/** The member overview (member/home). */
export function getMemberOverview(): Promise<MemberOverview> {
  return typedPost('/v1/member/overview');
}
