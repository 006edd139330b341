/** Where the stored-value read screens live (catalogue deposit/store-value-query) and how they link. */
import { LIST_PARAMS } from '../../../screens/generic/list-url-state';

/** The history screen. */
export const HISTORY_PATH = '/deposit/store-value-query/store-value-hst-detail';
/** The inquiry screen. */
export const INQUIRY_PATH = '/deposit/store-value-query/store-value-query';

/** The history of one member (its filter in the list's url state), or of everyone. */
export function historyHref(memberId?: number): string {
  if (memberId === undefined) return HISTORY_PATH;
  return `${HISTORY_PATH}?${LIST_PARAMS.filter}=${encodeURIComponent(JSON.stringify({ memberId }))}`;
}
