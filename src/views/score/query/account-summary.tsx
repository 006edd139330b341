import { Card, Col, Row, Statistic } from 'antd';
import type { Translate } from '../../../fields/field-kind';
import { DASH } from '../../../fields/field-helpers';
import type { PointsAccount } from '../shared/points-api';

/** The member's account above the ledger: balance, totals, points that will expire and when. */
export function AccountSummary(props: { readonly t: Translate; readonly account: PointsAccount | undefined; readonly loading: boolean }) {
  const { t, account } = props;
  const items: { key: string; title: string; value: number | string }[] = [
    { key: 'balance', title: t('score.history.balance'), value: account?.balance ?? 0 },
    { key: 'earned', title: t('score.accounts.totalEarned'), value: account?.totalEarned ?? 0 },
    { key: 'spent', title: t('score.accounts.totalSpent'), value: account?.totalSpent ?? 0 },
    { key: 'expiring', title: t('score.history.expiring'), value: account?.expiringPoints ?? 0 },
    { key: 'nextExpiry', title: t('score.history.nextExpiry'), value: account?.nextExpiry ?? DASH },
  ];
  return (
    <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
      {items.map((item) => (
        <Col key={item.key} xs={12} md={8} xl={4}>
          <Card size="small" loading={props.loading}>
            <Statistic title={item.title} value={item.value} groupSeparator="," />
          </Card>
        </Col>
      ))}
    </Row>
  );
}
