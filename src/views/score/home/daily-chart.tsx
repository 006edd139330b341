import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatInteger } from '../../../lib/format';
import type { PointsOverview } from '../shared/points-api';

/** Colours of the two series (antd's green and blue). */
const ISSUED_COLOR = '#52c41a';
const USED_COLOR = '#1677ff';

/** Props of {@link DailyChart}. */
export interface DailyChartProps {
  readonly daily: PointsOverview['daily'];
  /** Legend and tooltip names of the series. */
  readonly names: { readonly issued: string; readonly used: string };
}

/** Points issued and used per day, side by side, over the overview's last 30 days. */
export function DailyChart(props: DailyChartProps) {
  // `MM-dd` under each bar; the tooltip shows the whole date.
  const data = props.daily.map((day) => ({ ...day, label: day.date.slice(5) }));
  return (
    <div style={{ width: '100%', height: 320 }} data-testid="points-daily-chart">
      <ResponsiveContainer>
        <BarChart data={data} margin={{ top: 8, right: 16, bottom: 0, left: 8 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="label" tickLine={false} interval="preserveStartEnd" />
          <YAxis tickFormatter={(value: number) => formatInteger(value)} width={72} />
          <Tooltip
            labelFormatter={(_label, payload) => String(payload?.[0]?.payload?.date ?? '')}
            formatter={(value) => formatInteger(Number(value))}
          />
          <Legend />
          {/* Drawn at once: a report is read, not watched, and a screenshot shows the bars. */}
          <Bar dataKey="issued" name={props.names.issued} fill={ISSUED_COLOR} radius={[2, 2, 0, 0]} isAnimationActive={false} />
          <Bar dataKey="used" name={props.names.used} fill={USED_COLOR} radius={[2, 2, 0, 0]} isAnimationActive={false} />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
