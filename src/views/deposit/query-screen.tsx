/**
 * The stored-value inquiry (deposit/store-value-query/store-value-query): the generic list of the
 * inquiry view (store-value-query: accounts, filters, totals row, export), a toolbar button to the
 * history of everyone, and, on each account's detail, the member's stored-value tab with a link
 * to their history (stored-value-slots.tsx).
 */
import './stored-value-slots';
import { storeValueQueryResource } from '../../../resources/deposit/store-value-query.resource';
import { ListWithLink } from '../../screens/generic/list-with-link';
import { useTranslate } from '../../screens/generic/use-translate';
import { HISTORY_PATH } from './shared/value-routes';

/** The history's screen name inside the inquiry's catalogue entry. */
const HISTORY_SCREEN = HISTORY_PATH.split('/').pop() as string;

export default function StoreValueQueryScreen() {
  const t = useTranslate();
  return (
    <ListWithLink
      resource={storeValueQueryResource}
      link={{ owner: storeValueQueryResource, screen: HISTORY_SCREEN, label: t('storedValue.history.title') }}
    />
  );
}
