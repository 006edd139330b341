/**
 * The reconciliation tab of a third-party issuing campaign's detail (THIRD_PARTY_ISSUE, issue 28
 * item 1): the query view `third-party-issues` filtered on the activity — each request of the
 * partner's application, its coupons used and cancelled, the settlement, the totals row and the
 * export the merchant compares with the partner's statement.
 */
import { thirdPartyIssuesView } from '../../../resources/promotion/third-party-issues.query-view';
import { QueryViewPanel } from '../../screens/query-view/query-view-screen';

/** Props of {@link ThirdPartyIssuesTab}. */
export interface ThirdPartyIssuesTabProps {
  readonly activityId: number;
}

export function ThirdPartyIssuesTab(props: ThirdPartyIssuesTabProps) {
  return <QueryViewPanel view={thirdPartyIssuesView} fixed={{ activityId: props.activityId }} />;
}
