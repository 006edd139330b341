import { Card, Col, Descriptions, Progress, Row, Statistic, Tag, Typography } from 'antd';
import { useLoadError } from '../../../components/use-action';
import { useRemote } from '../../../components/use-remote';
import type { Translate } from '../../../fields/field-kind';
import { DASH } from '../../../fields/field-helpers';
import { formatInteger } from '../../../lib/format';
import { getGrowth } from '../shared/member-api';

/** Props of {@link GrowthTab}. */
export interface GrowthTabProps {
  readonly resource: string;
  readonly id: string | number;
  readonly t: Translate;
  /** Reloads when the record changes. */
  readonly refreshKey: string | number;
}

/** The member's level and its benefits, the growth value, and how far the next free level is. */
export function GrowthTab(props: GrowthTabProps) {
  const { t } = props;
  const growth = useRemote(() => getGrowth(props.resource, props.id), `${props.resource}/${props.id}/${props.refreshKey}`);
  useLoadError(growth.error);
  const data = growth.data;
  const loading = growth.loading && !data;
  const level = data?.level;
  const next = data?.nextLevel;
  const percent = next && next.growthThreshold ? Math.min(100, Math.floor(((data?.growthValue ?? 0) / next.growthThreshold) * 100)) : 100;
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} md={12}>
        <Card size="small" loading={loading} title={t('member.growth.level')}>
          {level ? (
            <>
              <Typography.Title level={4} style={{ marginTop: 0 }}>
                <Tag color="gold" style={{ fontSize: 16, padding: '2px 8px' }}>
                  {level.name}
                </Tag>
              </Typography.Title>
              <Descriptions
                size="small"
                column={1}
                items={[
                  { key: 'multiplier', label: t('member.growth.multiplier'), children: level.pointsMultiplier ?? DASH },
                  { key: 'discount', label: t('member.growth.discount'), children: level.discount ?? DASH },
                ]}
              />
            </>
          ) : (
            <Typography.Text type="secondary">{t('member.growth.noLevel')}</Typography.Text>
          )}
        </Card>
      </Col>
      <Col xs={24} md={12}>
        <Card size="small" loading={loading} title={t('member.growth.value')}>
          <Statistic value={data?.growthValue ?? 0} groupSeparator="," />
          <Progress percent={percent} showInfo={false} status={next ? 'active' : 'success'} aria-label={t('member.growth.value')} />
          <Typography.Text type="secondary">
            {next && data?.toNext !== null && data?.toNext !== undefined
              ? t('member.growth.toNext', { points: formatInteger(data.toNext), level: next.name })
              : t('member.growth.top')}
          </Typography.Text>
        </Card>
      </Col>
    </Row>
  );
}
