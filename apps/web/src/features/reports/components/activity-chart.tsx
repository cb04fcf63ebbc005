import type { StatsPoint } from '@candor/domain';
import { useTranslation } from 'react-i18next';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { formatPeriod } from '../../../lib/format-date';

// The brand indigo and the status colours (DESIGN.md): invited, responded, reviewed, outcomes.
const SERIES = [
  { key: 'invited', colour: '#a5b4fc' },
  { key: 'responded', colour: '#4338ca' },
  { key: 'reviewed', colour: '#f59e0b' },
  { key: 'shortlisted', colour: '#10b981' },
] as const;

export function ActivityChart({
  points,
  interval,
}: {
  points: StatsPoint[];
  interval: 'week' | 'month';
}) {
  const { t, i18n } = useTranslation('reports');
  const label = (period: string) =>
    formatPeriod(period, i18n.language, interval);
  return (
    <div className="h-72 w-full" role="img" aria-label={t('charts.overTime')}>
      <ResponsiveContainer width="100%" height="100%">
        <BarChart
          data={points}
          margin={{ top: 8, right: 8, left: -16, bottom: 0 }}
        >
          <CartesianGrid
            strokeDasharray="3 3"
            stroke="#e2e8f0"
            vertical={false}
          />
          <XAxis
            dataKey="period"
            tickFormatter={label}
            tick={{ fontSize: 12, fill: '#64748b' }}
            tickLine={false}
            // Recharts dropped whichever labels collided, leaving irregular gaps; a label for
            // every bar, or for every n-th one at even steps when they cannot all fit.
            interval={points.length <= 12 ? 0 : 'equidistantPreserveStart'}
          />
          <YAxis
            allowDecimals={false}
            tick={{ fontSize: 12, fill: '#64748b' }}
            tickLine={false}
            axisLine={false}
          />
          <Tooltip
            labelFormatter={(value) => label(String(value))}
            contentStyle={{
              borderRadius: 8,
              borderColor: '#e2e8f0',
              fontSize: 13,
            }}
          />
          <Legend wrapperStyle={{ fontSize: 13 }} />
          {SERIES.map((series) => (
            <Bar
              key={series.key}
              dataKey={series.key}
              name={t(`figures.${series.key}`)}
              fill={series.colour}
              radius={[3, 3, 0, 0]}
            />
          ))}
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
