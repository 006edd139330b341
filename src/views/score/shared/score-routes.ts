/** Where the points inquiry screens live (catalogue score/score-query) and how they link. */

/** The accounts list. */
export const QUERY_LIST_PATH = '/score/score-query/score-query-list';
/** A member's ledger; the member is the `memberId` query parameter. */
export const QUERY_DTL_PATH = '/score/score-query/score-query-dtl';
/** Query parameter naming the member of the ledger. */
export const MEMBER_PARAM = 'memberId';

/** The ledger screen of a member. */
export function ledgerHref(memberId: number): string {
  return `${QUERY_DTL_PATH}?${MEMBER_PARAM}=${memberId}`;
}

/** The member id of the ledger's address, or null when it names none. */
export function memberParam(params: URLSearchParams): number | null {
  const raw = params.get(MEMBER_PARAM);
  if (raw === null || !/^\d{1,15}$/.test(raw)) return null;
  const id = Number(raw);
  return id >= 1 ? id : null;
}
