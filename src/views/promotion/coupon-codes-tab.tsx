/**
 * The codes tab of a coupon code export campaign's detail (EXPORT_CODE_SEND_COUPON, issue 28
 * item 1): the query view `coupon-codes` filtered on the activity — every code generated, whether
 * bound and to whom, redeemed or not; its totals (generated / bound / redeemed) and the export
 * that is the file of codes handed out.
 */
import { couponCodesView } from '../../../resources/promotion/coupon-codes.query-view';
import { QueryViewPanel } from '../../screens/query-view/query-view-screen';

/** Props of {@link CouponCodesTab}. */
export interface CouponCodesTabProps {
  readonly activityId: number;
}

export function CouponCodesTab(props: CouponCodesTabProps) {
  return <QueryViewPanel view={couponCodesView} fixed={{ activityId: props.activityId }} />;
}
