/**
 * A view's declared chart (resources/query-view.ts `chart`): the trend of its measures over the
 * time range, bucketed by day, week or month as the range's length says; the share of one
 * measure by a dimension; and the compared measures against the previous period and the same
 * period last year. Loaded on demand by the view screen (recharts never enters the first paint).
 */
import { Card, Col, Empty, Row, Statistic, Typography } from 'antd';
import { CartesianGrid, Cell, Legend, Line, LineChart, Pie, PieChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { QueryViewDef } from '../../../resources/query-view';
import { useLoadError } from '../../components/use-action';
import { useRemote } from '../../components/use-remote';
import type { Translate } from '../../fields/field-kind';
import { DASH } from '../../fields/field-helpers';
import { codeLabel, formatMeasure } from './query-view-table';
import { viewChart, type ViewChartData, type ViewFilters } from './query-view-api';

/** Tooltip lines in the text colour: a series' own colour is too light to read on white. */
const TOOLTIP_TEXT = { color: 'rgba(0, 0, 0, 0.88)' };

/** Slices of a share drawn by name; the others are drawn as one. */
const SHARE_SLICES = 6;

/** Series colours (antd's palette). */
const COLORS = ['#1677ff', '#52c41a', '#fa8c16', '#eb2f96', '#722ed1', '#13c2c2', '#faad14', '#2f54eb'];

/** `+12.5%` / `-3.0%` of a change, a dash against nothing. */
function change(now: number, before: number): string {
  if (before === 0) return DASH;
  const ratio = ((now - before) / Math.abs(before)) * 100;
  return `${ratio > 0 ? '+' : ''}${ratio.toFixed(1)}%`;
}

function Trend(props: { readonly t: Translate; readonly view: QueryViewDef; readonly data: ViewChartData }) {
  const { t, view, data } = props;
  const names = view.chart?.trend ?? [];
  return (
    <div style={{ width: '100%', height: 280 }} data-testid="query-view-trend">
      <ResponsiveContainer>
        <LineChart data={[...data.trend]} margin={{ top: 8, right: 16, bottom: 0, left: 8 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="bucket" tickLine={false} interval="preserveStartEnd" />
          <YAxis width={80} />
          <Tooltip itemStyle={TOOLTIP_TEXT} />
          <Legend />
          {names.map((m, i) => (
            <Line
              key={m}
              dataKey={m}
              name={t(`res.${view.name}.measure.${m}`)}
              stroke={COLORS[i % COLORS.length]}
              dot={false}
              isAnimationActive={false}
            />
          ))}
        </LineChart>
      </ResponsiveContainer>
    </div>
  );
}

function Share(props: { readonly t: Translate; readonly view: QueryViewDef; readonly data: ViewChartData }) {
  const { t, view, data } = props;
  const share = view.chart?.share;
  if (!share) return null;
  const enumDimension = view.dimensions?.[share.dimension]?.kind === 'enum';
  const all = data.share
    .map((g) => ({
      name: enumDimension
        ? codeLabel({ t, view, column: share.dimension, code: g.key })
        : g.key === null && view.dimensions?.[share.dimension]?.kind === 'store'
          ? t('queryView.noStore')
          : (g.title ?? g.key ?? DASH),
      value: Number(g[share.measure] ?? 0),
    }))
    .filter((s) => s.value > 0)
    .sort((a, b) => b.value - a.value);
  if (all.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />;
  // The largest slices by name and the rest as one: a legend of every store would cover the pie.
  const rest = all.slice(SHARE_SLICES).reduce((sum, slice) => sum + slice.value, 0);
  const slices = rest > 0 ? [...all.slice(0, SHARE_SLICES), { name: t('queryView.chart.other'), value: rest }] : all;
  return (
    <div style={{ width: '100%', height: 300 }} data-testid="query-view-share">
      <ResponsiveContainer>
        <PieChart>
          <Pie
            data={slices}
            dataKey="value"
            nameKey="name"
            cy="45%"
            outerRadius={78}
            isAnimationActive={false}
            label={({ percent }: { percent?: number }) => `${((percent ?? 0) * 100).toFixed(0)}%`}
          >
            {slices.map((s, i) => (
              <Cell key={s.name} fill={COLORS[i % COLORS.length]} />
            ))}
          </Pie>
          <Tooltip itemStyle={TOOLTIP_TEXT} />
          <Legend />
        </PieChart>
      </ResponsiveContainer>
    </div>
  );
}

function Compare(props: { readonly t: Translate; readonly view: QueryViewDef; readonly data: ViewChartData }) {
  const { t, view, data } = props;
  return (
    <Row gutter={[16, 16]}>
      {(view.chart?.compare ?? []).map((m) => {
        const kind = view.measures[m].kind;
        const now = data.current[m] ?? 0;
        const previous = data.previous.totals[m] ?? 0;
        const lastYear = data.lastYear.totals[m] ?? 0;
        return (
          <Col key={m} xs={24} md={8}>
            <Card size="small">
              <Statistic title={t(`res.${view.name}.measure.${m}`)} value={formatMeasure(kind, now)} />
              <Typography.Text type="secondary">
                {t('queryView.chart.previous')} {formatMeasure(kind, previous)} ({change(now, previous)})
              </Typography.Text>
              <br />
              <Typography.Text type="secondary">
                {t('queryView.chart.lastYear')} {formatMeasure(kind, lastYear)} ({change(now, lastYear)})
              </Typography.Text>
            </Card>
          </Col>
        );
      })}
    </Row>
  );
}

/** The chart of a view over the filter. */
export default function QueryViewChart(props: { readonly t: Translate; readonly view: QueryViewDef; readonly filters: ViewFilters }) {
  const { t, view } = props;
  const chart = useRemote(() => viewChart(view, props.filters), JSON.stringify(props.filters));
  useLoadError(chart.error);
  const data = chart.data;
  return (
    <Card
      size="small"
      loading={chart.loading && !data}
      style={{ marginBottom: 16 }}
      title={
        data
          ? t('queryView.chart.title', { from: data.range[0], to: data.range[1], bucket: t(`queryView.bucket.${data.bucket}`) })
          : t('queryView.chart.trend')
      }
    >
      {data && (
        <Row gutter={[16, 16]}>
          <Col xs={24} xl={view.chart?.share ? 16 : 24}>
            <Trend t={t} view={view} data={data} />
          </Col>
          {view.chart?.share && (
            <Col xs={24} xl={8}>
              <Share t={t} view={view} data={data} />
            </Col>
          )}
          <Col span={24}>
            <Compare t={t} view={view} data={data} />
          </Col>
        </Row>
      )}
    </Card>
  );
}
