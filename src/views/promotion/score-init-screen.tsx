/**
 * promotion/score-init: the tenant's points settings (basic rule, expiry; Edit leads to
 * score-setting) and, under them, the speed rules (POINTS_SPEED activities) with their own
 * New / detail screens (points-charge-speed-setting, -dtl).
 */
import { App, Card, Space } from 'antd';
import { activities } from '../../../resources/promotion/activity.resource';
import { scoreInitResource } from '../../../resources/promotion/score-init.resource';
import { ResourceList } from '../../screens/generic/list-screen';
import { settingsScreenComponent } from '../../screens/generic/screen-factory';
import { useTranslate } from '../../screens/generic/use-translate';

const Settings = settingsScreenComponent(scoreInitResource, 'read');
const speed = activities.kinds.POINTS_SPEED;

export default function ScoreInitScreen() {
  const t = useTranslate();
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Settings />
      <App component={false}>
        <Card title={t(`res.${speed.name}`)}>
          <ResourceList resource={speed} />
        </Card>
      </App>
    </Space>
  );
}
