/**
 * A member's points history (score/score-query/score-query-dtl?memberId=): the account summary,
 * then the ledger filtered by source, kind, store and days, newest first, with the filter's
 * totals and "load more" paging.
 */
import { App, Button, Card, Result, Space } from 'antd';
import { useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useLoadError } from '../../components/use-action';
import { useRemote } from '../../components/use-remote';
import { useTranslate } from '../../screens/generic/use-translate';
import { LedgerExportButton } from './query/ledger-export-button';
import { LedgerFilters, type LedgerFilterValues } from './query/ledger-filters';
import { LedgerTable } from './query/ledger-table';
import { AccountSummary } from './query/account-summary';
import { useLedger } from './query/use-ledger';
import { getAccount, memberOfAccount, type EntryFilters } from './shared/points-api';
import { QUERY_LIST_PATH, memberParam } from './shared/score-routes';

function Ledger(props: { readonly memberId: number }) {
  const t = useTranslate();
  const navigate = useNavigate();
  const [extra, setExtra] = useState<LedgerFilterValues>({});
  const filters = useMemo<EntryFilters>(() => ({ ...extra, memberId: props.memberId }), [extra, props.memberId]);
  const ledger = useLedger(filters);
  const account = useRemote(() => getAccount(props.memberId), String(props.memberId));
  const who = useRemote(() => memberOfAccount(props.memberId), String(props.memberId));
  useLoadError(ledger.error ?? account.error);
  const name = who.data?.memberName ? `${who.data.memberName} ${who.data.memberNumber ?? ''}`.trim() : `#${props.memberId}`;
  return (
    <Card
      title={t('score.history.title', { member: name })}
      extra={
        <Space>
          <LedgerExportButton filters={filters} />
          <Button onClick={() => navigate(QUERY_LIST_PATH)}>{t('score.history.back')}</Button>
        </Space>
      }
    >
      <AccountSummary t={t} account={account.data} loading={account.loading && !account.data} />
      <LedgerFilters t={t} onSearch={setExtra} />
      <LedgerTable t={t} ledger={ledger} />
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
