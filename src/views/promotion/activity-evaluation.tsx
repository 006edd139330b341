/**
 * The effect of one activity (issue 13 §6), from `POST /v1/activities/evaluation`: summary cards
 * (participants, transactions, points / coupons / gifts given, sales driven, cost), a chart by
 * day (recharts, as the points overview), the cost by bearer, and the export to the file centre.
 */
import { Card, Col, Empty, Row, Space, Statistic, Table } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { Bar, CartesianGrid, ComposedChart, Legend, Line, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatAmount, formatInteger } from '../../lib/format';
import { useLoadError } from '../../components/use-action';
import { useRemote } from '../../components/use-remote';
import { RangePicker } from '../../fields/controls/deferred-controls';
import type { Translate } from '../../fields/field-kind';
import { ExportTaskButton } from '../../screens/files/export-task-button';
import { evaluate, startEvaluationExport, type Evaluation, type EvaluationRequest } from './activity-api';

const COLORS = { transactions: '#1677ff', points: '#52c41a', salesAmount: '#fa8c16' };

function ByDayChart(props: { readonly byDay: Evaluation['byDay']; readonly t: Translate }) {
  const { t } = props;
  const data = props.byDay.map((day) => ({ ...day, label: day.day.slice(5), salesAmount: Number(day.salesAmount) }));
  return (
    <div style={{ width: '100%', height: 320 }} data-testid="activity-eval-chart">
      <ResponsiveContainer>
        <ComposedChart data={data} margin={{ top: 8, right: 16, bottom: 0, left: 8 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="label" tickLine={false} interval="preserveStartEnd" />
          <YAxis yAxisId="count" tickFormatter={(value: number) => formatInteger(value)} width={64} />
          <YAxis yAxisId="money" orientation="right" tickFormatter={(value: number) => formatAmount(value)} width={88} />
          <Tooltip labelFormatter={(_label, payload) => String(payload?.[0]?.payload?.day ?? '')} />
          <Legend />
          <Bar
            yAxisId="count"
            dataKey="transactions"
            name={t('activity.eval.transactions')}
            fill={COLORS.transactions}
            isAnimationActive={false}
          />
          <Bar yAxisId="count" dataKey="points" name={t('activity.eval.points')} fill={COLORS.points} isAnimationActive={false} />
          <Line
            yAxisId="money"
            dataKey="salesAmount"
            name={t('activity.eval.salesAmount')}
            stroke={COLORS.salesAmount}
            isAnimationActive={false}
          />
        </ComposedChart>
      </ResponsiveContainer>
    </div>
  );
}

/** Props of {@link ActivityEvaluation}. */
export interface ActivityEvaluationProps {
  readonly activityId: number;
  readonly t: Translate;
}

/** The evaluation of one activity over a chosen period (default: all of it). */
export function ActivityEvaluation(props: ActivityEvaluationProps) {
  const { t, activityId } = props;
  const [period, setPeriod] = useState<[Dayjs | null, Dayjs | null] | null>(null);
  const request: EvaluationRequest = {
    activityId,
    ...(period?.[0] ? { from: period[0].format('YYYY-MM-DD') } : {}),
    ...(period?.[1] ? { to: period[1].format('YYYY-MM-DD') } : {}),
  };
  const result = useRemote(() => evaluate(request), JSON.stringify(request));
  useLoadError(result.error);
  const data = result.data;
  const loading = result.loading && !data;
  const s = data?.summary;
  const cards = [
    { key: 'participants', value: formatInteger(s?.participants ?? 0) },
    { key: 'transactions', value: formatInteger(s?.transactions ?? 0) },
    { key: 'points', value: formatInteger(s?.points ?? 0) },
    { key: 'coupons', value: formatInteger(s?.coupons ?? 0) },
    { key: 'gifts', value: formatInteger(s?.gifts ?? 0) },
    { key: 'salesAmount', value: formatAmount(s?.salesAmount ?? null) },
    { key: 'cost', value: formatAmount(s?.cost ?? null) },
  ];
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }} data-testid="activity-evaluation">
      <Space wrap>
        <span>{t('activity.eval.period')}</span>
        <RangePicker
          value={period ?? undefined}
          onChange={(value) => setPeriod(value as [Dayjs | null, Dayjs | null] | null)}
          aria-label={t('activity.eval.period')}
        />
        <ExportTaskButton start={() => startEvaluationExport(request)} />
      </Space>
      <Row gutter={[16, 16]}>
        {cards.map((card) => (
          <Col key={card.key} flex="1 1 160px">
            <Card size="small" loading={loading}>
              <Statistic title={t(`activity.eval.${card.key}`)} value={card.value} />
            </Card>
          </Col>
        ))}
      </Row>
      <Card title={t('activity.eval.byDay')} size="small" loading={loading}>
        {data && data.byDay.length > 0 ? <ByDayChart byDay={data.byDay} t={t} /> : <Empty description={t('activity.eval.empty')} />}
      </Card>
      <Card title={t('activity.eval.byBearer')} size="small" loading={loading}>
        <Table
          rowKey={(row) => String(row.costPartyId ?? 'none')}
          size="small"
          pagination={false}
          dataSource={[...(data?.costByBearer ?? [])]}
          locale={{ emptyText: t('activity.eval.empty') }}
          columns={[
            {
              key: 'bearer',
              title: t('activity.eval.bearer'),
              render: (_: unknown, row) => row.costPartyName ?? t('activity.eval.noBearer'),
            },
            { key: 'cost', title: t('activity.eval.cost'), align: 'right', render: (_: unknown, row) => formatAmount(row.cost) },
          ]}
        />
      </Card>
    </Space>
  );
}
