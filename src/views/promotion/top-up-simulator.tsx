/**
 * The top-up simulator of a top-up promotion's detail (issue 28 item 5): a member and an amount,
 * and what `POST /v1/activities/simulate-top-up` says the top-up promotions of the kind would
 * give (this activity included whatever its state). Posts nothing.
 */
import { Alert, Button, Card, Form, InputNumber, List, Space, Typography } from 'antd';
import { RelationSelect } from '../../fields/controls/relation-select';
import type { Translate } from '../../fields/field-kind';
import { useOptionTitles } from '../../fields/option-titles';
import { simulateTopUp, type SimulateTopUpAnswer, type SimulateTopUpRequest } from './activity-api';
import { awardText } from './award-text';
import { useSimulation } from './use-simulation';

interface Values {
  member?: number;
  amount?: number;
}

export function TopUpSimulator(props: { readonly t: Translate; readonly kind: SimulateTopUpRequest['kind']; readonly activityId: number }) {
  const { t } = props;
  const [form] = Form.useForm<Values>();
  const { answer, failure, running, run } = useSimulation<Values, SimulateTopUpAnswer>((values) =>
    simulateTopUp({ kind: props.kind, memberId: values.member!, amount: String(values.amount), activityIds: [props.activityId] }),
  );
  const templates = useOptionTitles(
    'coupon-template',
    (answer?.fired ?? []).flatMap((f) =>
      f.awards.flatMap((a) => (a.type === 'coupon' && a.templateId !== undefined ? [a.templateId] : [])),
    ),
  );
  return (
    <Card title={t('activity.sim.topUpTitle')} size="small">
      <Form form={form} layout="inline" onFinish={run}>
        <Form.Item name="member" label={t('activity.sim.member')} rules={[{ required: true, message: t('activity.sim.memberRequired') }]}>
          <RelationSelect resource="member" aria-label={t('activity.sim.member')} style={{ minWidth: 220 }} />
        </Form.Item>
        <Form.Item
          name="amount"
          label={t('activity.sim.topUpAmount')}
          rules={[{ required: true, message: t('activity.sim.topUpAmountRequired') }]}
        >
          <InputNumber min={0.01} precision={2} aria-label={t('activity.sim.topUpAmount')} />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={running}>
          {t('activity.sim.run')}
        </Button>
      </Form>
      {failure && <Alert type="error" showIcon message={failure} style={{ marginTop: 12 }} />}
      {answer && (
        <List
          style={{ marginTop: 12 }}
          header={<Typography.Text strong>{t('activity.sim.fired')}</Typography.Text>}
          locale={{ emptyText: t('activity.sim.noneFired') }}
          dataSource={answer.fired}
          renderItem={(fired) => (
            <List.Item>
              <Space wrap>
                <Typography.Text>{`${fired.number} ${fired.name}`}</Typography.Text>
                {fired.awards.map((award, i) => (
                  <Typography.Text key={i} data-testid="top-up-award">
                    {awardText(award, t, award.templateId === undefined ? undefined : templates?.get(String(award.templateId)))}
                  </Typography.Text>
                ))}
              </Space>
            </List.Item>
          )}
        />
      )}
    </Card>
  );
}
