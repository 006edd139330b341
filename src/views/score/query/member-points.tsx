/**
 * One member's points: the account (balance, totals, points that will expire and when) above the
 * member's points ledger, the query view points-entries filtered on the member (its filter bar,
 * totals of the filter, rows paged on the server, export). The points history screen and the
 * member detail's points tab show it.
 */
import { pointsEntriesView } from '../../../../resources/score/points-entries.query-view';
import { useLoadError } from '../../../components/use-action';
import { useRemote } from '../../../components/use-remote';
import type { Translate } from '../../../fields/field-kind';
import { QueryViewPanel } from '../../../screens/query-view/query-view-screen';
import { getAccount } from '../shared/points-api';
import { AccountSummary } from './account-summary';

export function MemberPoints(props: { readonly memberId: number; readonly t: Translate }) {
  const { t, memberId } = props;
  const account = useRemote(() => getAccount(memberId), String(memberId));
  useLoadError(account.error);
  return (
    <>
      <AccountSummary t={t} account={account.data} loading={account.loading && !account.data} />
      <QueryViewPanel view={pointsEntriesView} fixed={{ memberId }} />
    </>
  );
}
