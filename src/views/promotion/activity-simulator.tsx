/**
 * The activity simulator (issue 13 §5): a member, a store, a channel, a time, basket lines and
 * payments, and the answer of `POST /v1/activities/simulate` — the activities that would fire
 * with what each gives, and those excluded with the reason. Posts nothing. Given `activityIds`
 * (a detail's own activity), those join the simulation whatever their state, so an INITAIL
 * activity is tried before its audit.
 */
import { Alert, Button, Card, Col, Form, InputNumber, Row, Select, Space, Statistic, Table, Tag, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import type { ReactNode } from 'react';
import { apiGet } from '../../../providers/http';
import { DatePicker } from '../../fields/controls/deferred-controls';
import { RelationSelect } from '../../fields/controls/relation-select';
import { lookUpId } from '../../fields/record-lookup';
import { useOptionTitles } from '../../fields/option-titles';
import type { Translate } from '../../fields/field-kind';
import { useSimulation } from './use-simulation';
import { awardText } from './award-text';
import {
  PAYMENT_METHODS,
  simulate,
  type ExcludedActivity,
  type FiredActivity,
  type SimulateAnswer,
  type SimulateRequest,
  type PaymentMethod,
} from './activity-api';

interface LineValues {
  goods?: number;
  quantity?: number;
  amount?: string;
}
interface PaymentValues {
  method?: PaymentMethod;
  amount?: string;
  points?: number;
  couponTemplate?: number;
}
interface SimulatorValues {
  member?: number;
  store?: number;
  channel?: number;
  at?: Dayjs;
  including?: number[];
  lines?: LineValues[];
  payments?: PaymentValues[];
}

/** Product ids to codes (the simulator names goods by code, as a till does). */
async function goodsCodes(ids: readonly number[]): Promise<Map<number, string>> {
  const unique = [...new Set(ids)];
  const records = await Promise.all(unique.map((id) => apiGet<{ code: string }>(`/v1/product/info/${id}`)));
  return new Map(unique.map((id, i) => [id, records[i].code]));
}

async function requestOf(values: SimulatorValues, activityIds: readonly number[]): Promise<SimulateRequest> {
  const lines = (values.lines ?? []).filter((line) => line.goods !== undefined);
  const codes = await goodsCodes(lines.map((line) => line.goods!));
  const including = [...new Set([...activityIds, ...(values.including ?? [])])];
  // The channel is chosen by name; the sale names it by its code (the channel's picker card).
  const channelCode = values.channel !== undefined ? (await lookUpId('channel', values.channel))?.card?.code : undefined;
  return {
    ...(including.length > 0 ? { activityIds: including } : {}),
    memberId: values.member!,
    ...(values.store !== undefined ? { storeId: values.store } : {}),
    ...(typeof channelCode === 'string' ? { channelCode } : {}),
    ...(values.at ? { at: values.at.format('YYYY-MM-DD HH:mm:ss') } : {}),
    lines: lines.map((line) => ({ goodsCode: codes.get(line.goods!)!, quantity: line.quantity ?? 1, amount: String(line.amount ?? '0') })),
    payments: (values.payments ?? [])
      .filter((p) => p.method !== undefined)
      .map((p) => ({
        method: p.method!,
        amount: String(p.amount ?? '0'),
        ...(p.method === 'POINTS' && p.points !== undefined ? { points: p.points } : {}),
        ...(p.method === 'COUPON' && p.couponTemplate !== undefined ? { couponTemplateId: p.couponTemplate } : {}),
      })),
  };
}

/** The amount (yuan, 2 decimals, exact as text) of a basket line or a payment. */
function AmountCell(props: { readonly name: number; readonly t: Translate }) {
  const { t } = props;
  return (
    <Col flex="0 0 150px">
      <Form.Item name={[props.name, 'amount']} rules={[{ required: true, message: t('activity.sim.amount') }]}>
        <InputNumber<string>
          min="0"
          max="999999999"
          precision={2}
          stringMode
          placeholder={t('activity.sim.amount')}
          aria-label={t('activity.sim.amount')}
          style={{ width: '100%' }}
        />
      </Form.Item>
    </Col>
  );
}

/** A whole number of at least 1 (a basket line's quantity, a payment's points). */
function WholeNumberCell(props: {
  readonly name: number;
  readonly field: 'quantity' | 'points';
  readonly flex: string;
  readonly max?: number;
  readonly required?: boolean;
  readonly t: Translate;
}) {
  const label = props.t(`activity.sim.${props.field}`);
  return (
    <Col flex={props.flex}>
      <Form.Item name={[props.name, props.field]} rules={props.required ? [{ required: true, message: label }] : undefined}>
        <InputNumber min={1} max={props.max} precision={0} placeholder={label} aria-label={label} />
      </Form.Item>
    </Col>
  );
}

/** The link that removes a basket line or a payment. */
function RemoveCell(props: { readonly onRemove: () => void; readonly t: Translate }) {
  return (
    <Col flex="0 0 auto">
      <Button type="link" onClick={props.onRemove}>
        {props.t('activity.sim.remove')}
      </Button>
    </Col>
  );
}

/** The texts of the simulator's two result tables. */
const RESULT_TABLES = {
  fired: { title: 'activity.sim.fired', empty: 'activity.sim.noneFired', last: 'activity.sim.awards' },
  excluded: { title: 'activity.sim.excluded', empty: 'activity.sim.noneExcluded', last: 'activity.sim.reason' },
} as const;

/** A titled table of activities (fired or excluded): number, name, kind, then `last`. */
function ActivityTable<R extends { activityId: number; number: string; name: string; kind: string }>(props: {
  readonly table: keyof typeof RESULT_TABLES;
  readonly rows: readonly R[];
  readonly last: (row: R) => ReactNode;
  readonly t: Translate;
}) {
  const { t } = props;
  const texts = RESULT_TABLES[props.table];
  return (
    <>
      <Typography.Title level={5}>{t(texts.title)}</Typography.Title>
      <Table<R>
        rowKey="activityId"
        size="small"
        pagination={false}
        dataSource={[...props.rows]}
        locale={{ emptyText: t(texts.empty) }}
        columns={[
          { key: 'number', title: t('res.activity.number'), dataIndex: 'number', width: 130 },
          { key: 'name', title: t('res.activity.name'), dataIndex: 'name' },
          {
            key: 'kind',
            title: t('res.activity.kind'),
            dataIndex: 'kind',
            render: (value: string) => <Tag>{t(`res.activity.kind.${value}`)}</Tag>,
          },
          { key: 'last', title: t(texts.last), render: (_: unknown, row: R) => props.last(row) },
        ]}
      />
    </>
  );
}

/** What a fired activity gives, one tag an award; a coupon by its template's name. */
function AwardTags(props: { readonly awards: FiredActivity['awards']; readonly t: Translate }) {
  const templates = props.awards.flatMap((award) => (award.type === 'coupon' && award.templateId !== undefined ? [award.templateId] : []));
  const names = useOptionTitles('coupon-template', templates);
  return (
    <Space wrap size={4}>
      {props.awards.map((award, i) => (
        <Tag key={i} color="green">
          {awardText(award, props.t, names?.get(String(award.templateId)))}
        </Tag>
      ))}
    </Space>
  );
}

/** Why an activity was left out, with the detail the engine gave. */
function ExclusionReason(props: { readonly row: ExcludedActivity; readonly t: Translate }) {
  const { row, t } = props;
  return (
    <span>
      <Tag color="orange">{t(`activity.exclusion.${row.reason}`)}</Tag>
      {row.detail ? <Typography.Text type="secondary">{row.detail}</Typography.Text> : null}
    </span>
  );
}

function Results(props: { readonly answer: SimulateAnswer; readonly t: Translate }) {
  const { answer, t } = props;
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }} data-testid="simulation-result">
      <Row gutter={16}>
        {(['basicPoints', 'totalPoints'] as const).map((key) => (
          <Col key={key} span={12}>
            <Card size="small">
              <Statistic title={t(`activity.sim.${key}`)} value={answer[key]} groupSeparator="," />
            </Card>
          </Col>
        ))}
      </Row>
      <ActivityTable<FiredActivity> t={t} table="fired" rows={answer.fired} last={(row) => <AwardTags awards={row.awards} t={t} />} />
      <ActivityTable<ExcludedActivity> t={t} table="excluded" rows={answer.excluded} last={(row) => <ExclusionReason row={row} t={t} />} />
    </Space>
  );
}

/** Props of {@link ActivitySimulator}. */
export interface ActivitySimulatorProps {
  readonly t: Translate;
  /** Activities added to the active set whatever their state (a detail's own). */
  readonly activityIds?: readonly number[];
}

/** The simulator form and its answer. */
export function ActivitySimulator(props: ActivitySimulatorProps) {
  const { t } = props;
  const [form] = Form.useForm<SimulatorValues>();
  const { answer, failure, running, run } = useSimulation<SimulatorValues, SimulateAnswer>(async (values) =>
    simulate(await requestOf(values, props.activityIds ?? [])),
  );
  const method = (index: number) => form.getFieldValue(['payments', index, 'method']) as string | undefined;

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Alert type="info" showIcon message={t('activity.sim.hint')} />
      <Form<SimulatorValues>
        form={form}
        name="activity-simulator"
        layout="vertical"
        initialValues={{ lines: [{ quantity: 1 }], payments: [] }}
        onFinish={(values) => void run(values)}
      >
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item
              name="member"
              label={t('activity.sim.member')}
              rules={[{ required: true, message: t('activity.sim.memberRequired') }]}
            >
              <RelationSelect resource="member" aria-label={t('activity.sim.member')} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="store" label={t('activity.sim.store')}>
              <RelationSelect resource="store" aria-label={t('activity.sim.store')} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="channel" label={t('activity.sim.channel')} extra={t('activity.sim.channelHelp')}>
              <RelationSelect resource="channel" aria-label={t('activity.sim.channel')} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="at" label={t('activity.sim.at')} extra={t('activity.sim.atHelp')}>
              <DatePicker showTime style={{ width: '100%' }} aria-label={t('activity.sim.at')} />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item name="including" label={t('activity.sim.including')} extra={t('activity.sim.includingHelp')}>
              <RelationSelect resource="activity" multiple aria-label={t('activity.sim.including')} />
            </Form.Item>
          </Col>
        </Row>
        <Typography.Title level={5}>{t('activity.sim.lines')}</Typography.Title>
        <Form.List
          name="lines"
          rules={[
            {
              validator: async (_rule, lines: unknown[] | undefined) => {
                if (!lines || lines.length === 0) throw new Error(t('activity.sim.linesRequired'));
              },
            },
          ]}
        >
          {(fields, { add, remove }, { errors }) => (
            <>
              {fields.length > 0 ? (
                // The columns named once above the lines, as a table's header.
                <Row gutter={8} className="console-sim-line-header" aria-hidden>
                  <Col flex="1 1 240px">
                    <Typography.Text type="secondary">{t('activity.sim.goods')}</Typography.Text>
                  </Col>
                  <Col flex="0 0 110px">
                    <Typography.Text type="secondary">{t('activity.sim.quantity')}</Typography.Text>
                  </Col>
                  <Col flex="0 0 150px">
                    <Typography.Text type="secondary">{t('activity.sim.amount')}</Typography.Text>
                  </Col>
                </Row>
              ) : null}
              {fields.map((field) => (
                <Row key={field.key} gutter={8} align="top">
                  <Col flex="1 1 240px">
                    <Form.Item name={[field.name, 'goods']} rules={[{ required: true, message: t('activity.sim.goods') }]}>
                      <RelationSelect resource="product" aria-label={`${t('activity.sim.goods')} ${field.name + 1}`} />
                    </Form.Item>
                  </Col>
                  <WholeNumberCell name={field.name} field="quantity" flex="0 0 110px" max={100000} required t={t} />
                  <AmountCell name={field.name} t={t} />
                  <RemoveCell onRemove={() => remove(field.name)} t={t} />
                </Row>
              ))}
              <Form.ErrorList errors={errors} />
              <Button onClick={() => add({ quantity: 1 })}>{t('activity.sim.addLine')}</Button>
            </>
          )}
        </Form.List>
        <Typography.Title level={5} style={{ marginTop: 16 }}>
          {t('activity.sim.payments')}
        </Typography.Title>
        <Form.List name="payments">
          {(fields, { add, remove }) => (
            <>
              {fields.map((field) => (
                <Row key={field.key} gutter={8} align="top">
                  <Col flex="0 0 150px">
                    <Form.Item name={[field.name, 'method']} rules={[{ required: true, message: t('activity.sim.method') }]}>
                      <Select
                        aria-label={t('activity.sim.method')}
                        options={PAYMENT_METHODS.map((value) => ({ value, label: t(`activity.payment.${value}`) }))}
                      />
                    </Form.Item>
                  </Col>
                  <AmountCell name={field.name} t={t} />
                  <Form.Item noStyle shouldUpdate>
                    {() =>
                      method(field.name) === 'POINTS' ? (
                        <WholeNumberCell name={field.name} field="points" flex="0 0 140px" t={t} />
                      ) : method(field.name) === 'COUPON' ? (
                        <Col flex="1 1 200px">
                          <Form.Item name={[field.name, 'couponTemplate']}>
                            <RelationSelect
                              resource="coupon-template"
                              aria-label={t('activity.sim.couponTemplate')}
                              placeholder={t('activity.sim.couponTemplate')}
                            />
                          </Form.Item>
                        </Col>
                      ) : null
                    }
                  </Form.Item>
                  <RemoveCell onRemove={() => remove(field.name)} t={t} />
                </Row>
              ))}
              <Button onClick={() => add({ method: 'CASH' })}>{t('activity.sim.addPayment')}</Button>
            </>
          )}
        </Form.List>
        <Form.Item style={{ marginTop: 16 }}>
          <Button type="primary" htmlType="submit" loading={running}>
            {t('activity.sim.run')}
          </Button>
        </Form.Item>
      </Form>
      {failure ? <Alert type="error" showIcon message={failure} /> : null}
      {answer ? <Results answer={answer} t={t} /> : null}
    </Space>
  );
}
