import type { Translate } from '../../../fields/field-kind';
import { MemberPoints } from '../../score/query/member-points';

/** The member's points: the account and the ledger, newest first. */
export function PointsTab(props: { readonly memberId: number; readonly t: Translate }) {
  return <MemberPoints memberId={props.memberId} t={props.t} />;
}
