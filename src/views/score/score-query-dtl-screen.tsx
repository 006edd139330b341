/**
 * A member's points history (score/score-query/score-query-dtl?memberId=): the account summary,
 * then the member's ledger (the query view points-entries on the member: filters by source, kind,
 * channel, store and days, newest first, with the filter's totals).
 */
import { App, Button, Card, Result } from 'antd';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { pointsAccountsView } from '../../../resources/score/points-accounts.query-view';
import { useRemote } from '../../components/use-remote';
import { useTranslate } from '../../screens/generic/use-translate';
import { queryView } from '../../screens/query-view/query-view-api';
import { MemberPoints } from './query/member-points';
import { QUERY_LIST_PATH, memberParam } from './shared/score-routes';

function Ledger(props: { readonly memberId: number }) {
  const t = useTranslate();
  const navigate = useNavigate();
  // The member's name and number, from the member's account row.
  const who = useRemote(
    () => queryView(pointsAccountsView, { page: 1, pageSize: 1, filters: { memberId: props.memberId } }),
    String(props.memberId),
  );
  const row = who.data?.records[0];
  const name = row?.memberName ? `${row.memberName} ${row.memberNumber ?? ''}`.trim() : `#${props.memberId}`;
  return (
    <Card
      title={t('score.history.title', { member: name })}
      extra={<Button onClick={() => navigate(QUERY_LIST_PATH)}>{t('score.history.back')}</Button>}
    >
      <MemberPoints memberId={props.memberId} t={t} />
    </Card>
  );
}

function Body() {
  const t = useTranslate();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const memberId = memberParam(params);
  if (memberId === null) {
    return (
      <Result
        status="info"
        title={t('score.history.noMember')}
        extra={
          <Button type="primary" onClick={() => navigate(QUERY_LIST_PATH)}>
            {t('score.history.back')}
          </Button>
        }
      />
    );
  }
  return <Ledger key={memberId} memberId={memberId} />;
}

/** The points history screen, inside its own antd App so its messages follow the theme. */
export default function ScoreQueryDtlScreen() {
  return (
    <App component={false}>
      <Body />
    </App>
  );
}
