/**
 * A member's stored value (the member detail's tab, and the inquiry detail's): balance,
 * principal and gift, whether the account is frozen, the latest entries, and a link to the
 * member's full history. Loaded on demand (deposit.manifest.tsx).
 */
import { Button, Card, Col, Row, Statistic, Tag } from 'antd';
import { useMemo } from 'react';
import { useNavigate } from 'react-router-dom';
import { useLoadError } from '../../components/use-action';
import { useRemote } from '../../components/use-remote';
import type { Translate } from '../../fields/field-kind';
import { formatAmount } from '../../lib/format';
import { storeValueHistoryView as view } from '../../../resources/deposit/store-value-hst-detail.query-view';
import { queryView } from '../../screens/query-view/query-view-api';
import { ViewTable, viewColumns } from '../../screens/query-view/query-view-table';
import { accountOf } from './shared/value-api';
import { historyHref } from './shared/value-routes';

/** Entries the tab shows. */
const RECENT = 10;

export default function MemberValueTab(props: { readonly memberId: number; readonly t: Translate }) {
  const { t, memberId } = props;
  const navigate = useNavigate();
  const key = String(memberId);
  const account = useRemote(() => accountOf(memberId), key);
  const recent = useRemote(() => queryView(view, { page: 1, pageSize: RECENT, filters: { memberId } }), key);
  useLoadError(account.error ?? recent.error);
  // A drill from a row opens the whole history on that filter.
  const columns = useMemo(
    () => viewColumns({ t, view, filters: { memberId }, onDrill: () => navigate(historyHref(memberId)) }),
    [t, memberId, navigate],
  );
  const a = account.data;
  const stats = [
    { key: 'balance', title: t('storedValue.tab.balance'), value: a?.balance ?? 0 },
    { key: 'principal', title: t('storedValue.tab.principal'), value: a?.principal ?? 0 },
    { key: 'gift', title: t('storedValue.tab.gift'), value: a?.gift ?? 0 },
  ];
  return (
    <>
      <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
        {stats.map((s) => (
          <Col key={s.key} xs={12} md={8}>
            <Card size="small" loading={account.loading && !a}>
              <Statistic title={s.title} value={formatAmount(s.value)} />
            </Card>
          </Col>
        ))}
      </Row>
      <Card
        size="small"
        title={
          <>
            {t('storedValue.tab.recent')} {a?.state === 'FROZEN' && <Tag color="red">{t('storedValue.tab.frozen')}</Tag>}
          </>
        }
        extra={
          <Button type="link" onClick={() => navigate(historyHref(memberId))}>
            {t('storedValue.tab.allHistory')}
          </Button>
        }
      >
        <ViewTable
          t={t}
          view={view}
          size="small"
          columns={columns}
          table={{ dataSource: recent.data ? [...recent.data.records] : undefined, loading: recent.loading, pagination: false }}
        />
      </Card>
    </>
  );
}
