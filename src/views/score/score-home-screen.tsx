/**
 * The points overview (score/home/home): this month's issued, used and expired points, the
 * outstanding balance and how many members hold points, a daily chart of the last 30 days, and
 * the stores that issued most this month. Days are the browser's time zone's.
 */
import { App, Card, Col, Row, Statistic } from 'antd';
import { lazy } from 'react';
import { ChartSlot } from '../../components/chart-slot';
import { useLoadError } from '../../components/use-action';
import { useRemote } from '../../components/use-remote';
import { useTranslate } from '../../screens/generic/use-translate';
import { TopStores } from './home/top-stores';
import { getOverview } from './shared/points-api';

// The chart library loads once the figures are there (components/chart-slot.tsx).
const DailyChart = lazy(() => import('./home/daily-chart').then((m) => ({ default: m.DailyChart })));

function Body() {
  const t = useTranslate();
  const overview = useRemote(getOverview, 'overview');
  useLoadError(overview.error);
  const data = overview.data;
  const loading = overview.loading && !data;
  const stats = [
    { key: 'issued', title: t('score.home.monthEarned'), value: data?.month.issued },
    { key: 'used', title: t('score.home.monthSpent'), value: data?.month.used },
    { key: 'expired', title: t('score.home.monthExpired'), value: data?.month.expired },
    { key: 'outstanding', title: t('score.home.outstanding'), value: data?.outstanding },
    { key: 'holders', title: t('score.home.accounts'), value: data?.holders },
  ];
  return (
    <Row gutter={[16, 16]}>
      {stats.map((stat) => (
        <Col key={stat.key} flex="1 1 200px">
          <Card size="small" loading={loading}>
            <Statistic title={stat.title} value={stat.value ?? 0} groupSeparator="," />
          </Card>
        </Col>
      ))}
      <Col xs={24} xl={16}>
        <Card title={t('score.home.daily')} loading={loading}>
          {data ? (
            <ChartSlot height={320}>
              <DailyChart daily={data.daily} names={{ issued: t('score.home.earned'), used: t('score.home.spent') }} />
            </ChartSlot>
          ) : null}
        </Card>
      </Col>
      <Col xs={24} xl={8}>
        <Card title={t('score.home.topStores')} loading={loading}>
          <TopStores t={t} stores={data?.topStores ?? []} />
        </Card>
      </Col>
    </Row>
  );
}

/** The points overview screen, inside its own antd App so its messages follow the theme. */
export default function ScoreHomeScreen() {
  return (
    <App component={false}>
      <Body />
    </App>
  );
}
