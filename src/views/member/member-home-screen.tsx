/**
 * The member overview (member/home/home): how many members there are and how many joined in the
 * last 30 days, members by state and by level, new members per day (a chart) and the stores
 * that registered most of them. Days are those of the browser's time zone.
 */
import { App, Card, Col, Row, Statistic } from 'antd';
import { lazy } from 'react';
import { ChartSlot } from '../../components/chart-slot';
import { useLoadError } from '../../components/use-action';
import { useRemote } from '../../components/use-remote';
import { useTranslate } from '../../screens/generic/use-translate';
import { LevelCounts, StateCounts, TopStores } from './home/count-lists';
import { getMemberOverview } from './shared/member-api';

// The chart library loads once the figures are there (components/chart-slot.tsx).
const NewMembersChart = lazy(() => import('./home/new-members-chart').then((m) => ({ default: m.NewMembersChart })));

function Body() {
  const t = useTranslate();
  const overview = useRemote(getMemberOverview, 'overview');
  useLoadError(overview.error);
  const data = overview.data;
  const loading = overview.loading && !data;
  return (
    <Row gutter={[16, 16]}>
      <Col xs={12} md={6}>
        <Card size="small" loading={loading}>
          <Statistic title={t('member.home.total')} value={data?.total ?? 0} groupSeparator="," />
        </Card>
      </Col>
      <Col xs={12} md={6}>
        <Card size="small" loading={loading}>
          <Statistic title={t('member.home.newInPeriod')} value={data?.newInPeriod ?? 0} groupSeparator="," />
        </Card>
      </Col>
      <Col xs={24} xl={16}>
        <Card title={t('member.home.daily')} loading={loading}>
          {data ? (
            <ChartSlot height={300}>
              <NewMembersChart daily={data.daily} name={t('member.home.newMembers')} />
            </ChartSlot>
          ) : null}
        </Card>
      </Col>
      <Col xs={24} xl={8}>
        <Card title={t('member.home.topStores')} loading={loading}>
          {data ? <TopStores overview={data} t={t} /> : null}
        </Card>
      </Col>
      <Col xs={24} md={12}>
        <Card title={t('member.home.byState')} loading={loading}>
          {data ? <StateCounts overview={data} t={t} /> : null}
        </Card>
      </Col>
      <Col xs={24} md={12}>
        <Card title={t('member.home.byLevel')} loading={loading}>
          {data ? <LevelCounts overview={data} t={t} /> : null}
        </Card>
      </Col>
    </Row>
  );
}

/** The member overview screen, inside its own antd App so its messages follow the theme. */
export default function MemberHomeScreen() {
  return (
    <App component={false}>
      <Body />
    </App>
  );
}
