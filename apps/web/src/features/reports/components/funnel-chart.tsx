import type { StatsFigures } from '@candor/domain';
import { useTranslation } from 'react-i18next';
import {
  Bar,
  BarChart,
  Cell,
  LabelList,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';

const STEPS = [
  { key: 'invited', colour: '#a5b4fc' },
  { key: 'responded', colour: '#4338ca' },
  { key: 'reviewed', colour: '#f59e0b' },
  { key: 'shortlisted', colour: '#10b981' },
  { key: 'rejected', colour: '#ef4444' },
] as const;

/** From invitation to outcome for the period, as horizontal bars. */
export function FunnelChart({ totals }: { totals: StatsFigures }) {
  const { t } = useTranslation('reports');
  const data = STEPS.map((step) => ({
    name: t(`figures.${step.key}`),
    value: totals[step.key],
    colour: step.colour,
  }));
  return (
    <div className="h-72 w-full" role="img" aria-label={t('charts.funnel')}>
      <ResponsiveContainer width="100%" height="100%">
        <BarChart
          data={data}
          layout="vertical"
          margin={{ top: 8, right: 40, left: 8, bottom: 0 }}
        >
          <XAxis type="number" hide allowDecimals={false} />
          <YAxis
            type="category"
            dataKey="name"
            width={96}
            tick={{ fontSize: 12, fill: '#334155' }}
            tickLine={false}
            axisLine={false}
          />
          <Tooltip
            cursor={{ fill: '#f1f5f9' }}
            contentStyle={{
              borderRadius: 8,
              borderColor: '#e2e8f0',
              fontSize: 13,
            }}
          />
          <Bar dataKey="value" radius={[0, 4, 4, 0]} barSize={22}>
            {data.map((entry) => (
              <Cell key={entry.name} fill={entry.colour} />
            ))}
            <LabelList
              dataKey="value"
              position="right"
              style={{ fontSize: 12, fill: '#334155' }}
            />
          </Bar>
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
