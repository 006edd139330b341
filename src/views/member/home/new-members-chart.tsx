import { Area, AreaChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatInteger } from '../../../lib/format';
import type { MemberOverview } from '../shared/member-api';

/** antd's blue. */
const COLOR = '#1677ff';

/** New members per day over the overview's last 30 days. */
export function NewMembersChart(props: { readonly daily: MemberOverview['daily']; readonly name: string }) {
  // `MM-dd` under the axis; the tooltip shows the whole date.
  const data = props.daily.map((day) => ({ ...day, label: day.date.slice(5) }));
  return (
    <div style={{ width: '100%', height: 300 }} data-testid="member-daily-chart">
      <ResponsiveContainer>
        <AreaChart data={data} margin={{ top: 8, right: 16, bottom: 0, left: 0 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="label" tickLine={false} interval="preserveStartEnd" />
          <YAxis allowDecimals={false} width={48} tickFormatter={(value: number) => formatInteger(value)} />
          <Tooltip
            labelFormatter={(_label, payload) => String(payload?.[0]?.payload?.date ?? '')}
            formatter={(value) => formatInteger(Number(value))}
          />
          {/* Drawn at once: an animated area is half drawn on a screenshot taken right after loading. */}
          <Area
            type="monotone"
            dataKey="count"
            name={props.name}
            stroke={COLOR}
            fill={COLOR}
            fillOpacity={0.15}
            strokeWidth={2}
            isAnimationActive={false}
          />
        </AreaChart>
      </ResponsiveContainer>
    </div>
  );
}
