/**
 * The claim simulator of a coupon claim campaign's detail (issue 28 item 2): a member, and what
 * `POST /v1/activities/simulate-claim` says the member's claim would give now (this activity
 * whatever its state; stock and limits as they stand), or why it would be refused. Issues nothing.
 */
import { Alert, Button, Card, Form, Space, Typography } from 'antd';
import { RelationSelect } from '../../fields/controls/relation-select';
import type { Translate } from '../../fields/field-kind';
import { useOptionTitles } from '../../fields/option-titles';
import { simulateClaim, type SimulateClaimAnswer } from './activity-api';
import { awardText } from './award-text';
import { useSimulation } from './use-simulation';

interface Values {
  member?: number;
}

export function ClaimSimulator(props: { readonly t: Translate; readonly activityId: number }) {
  const { t } = props;
  const [form] = Form.useForm<Values>();
  const { answer, failure, running, run } = useSimulation<Values, SimulateClaimAnswer>((values) =>
    simulateClaim({ activityId: props.activityId, memberId: values.member! }),
  );
  const templates = useOptionTitles(
    'coupon-template',
    (answer?.awards ?? []).flatMap((a) => (a.type === 'coupon' && a.templateId !== undefined ? [a.templateId] : [])),
  );
  return (
    <Card title={t('activity.sim.claimTitle')} size="small">
      <Form form={form} layout="inline" onFinish={run}>
        <Form.Item name="member" label={t('activity.sim.member')} rules={[{ required: true, message: t('activity.sim.memberRequired') }]}>
          <RelationSelect resource="member" aria-label={t('activity.sim.member')} style={{ minWidth: 220 }} />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={running}>
          {t('activity.sim.run')}
        </Button>
      </Form>
      {failure && <Alert type="warning" showIcon message={failure} style={{ marginTop: 12 }} />}
      {answer && (
        <Space wrap style={{ marginTop: 12 }}>
          <Typography.Text strong>{t('activity.sim.claimGives')}</Typography.Text>
          {answer.awards.map((award, i) => (
            <Typography.Text key={i} data-testid="claim-award">
              {awardText(award, t, award.templateId === undefined ? undefined : templates?.get(String(award.templateId)))}
            </Typography.Text>
          ))}
        </Space>
      )}
    </Card>
  );
}
