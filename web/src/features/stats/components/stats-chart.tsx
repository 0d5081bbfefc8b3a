import { useId, type ReactNode } from 'react';
import { Bar, BarChart, CartesianGrid, Legend, Line, LineChart, Tooltip, XAxis, YAxis } from 'recharts';
import type { ProjectStatsDay } from '@vitrine/domain/answers';
import { Card } from '../../../components/ui/card';
import { dayLabel } from '../lib/format';

/** One plotted series: the day field it reads, its name and its colour (readable on light and dark). */
export interface Series {
  key: keyof Omit<ProjectStatsDay, 'date'>;
  name: string;
  color: string;
}

/** A column of a chart's table view: its heading and how a day's cell reads. */
export interface Column {
  heading: string;
  cell: (day: ProjectStatsDay) => ReactNode;
}

const CHART_HEIGHT = 224;
const axis = { stroke: 'currentColor', tick: { fill: 'currentColor', fontSize: 12 }, tickLine: false } as const;
const tooltip = {
  contentStyle: {
    background: 'var(--stats-tooltip-bg)',
    border: '1px solid var(--stats-tooltip-border)',
    borderRadius: 8,
  },
  labelStyle: { color: 'inherit' },
  // Names in the text colour, not the series' (a mid tone lacks contrast on the tooltip's background).
  itemStyle: { color: 'var(--stats-tooltip-text)' },
} as const;

/** A legend entry's name in the text colour; the swatch beside it carries the series' colour. */
const legendName = (value: string) => <span className="text-zinc-700 dark:text-zinc-300">{value}</span>;

/** A chart's table view: a row per day, newest first, under a native disclosure. */
function DayTable({ title, days, columns }: { title: string; days: ProjectStatsDay[]; columns: Column[] }) {
  return (
    <details className="mt-2">
      <summary className="cursor-pointer rounded text-sm font-medium text-zinc-700 focus-visible:outline-2 focus-visible:outline-offset-2 dark:text-zinc-300">
        Show as table
      </summary>
      <div className="mt-2 max-h-80 overflow-auto">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">{title}, by day</caption>
          <thead className="sticky top-0 bg-white text-xs text-zinc-600 dark:bg-zinc-900 dark:text-zinc-400">
            <tr>
              <th scope="col" className="py-1 pr-3 font-medium">
                Day
              </th>
              {columns.map((c) => (
                <th key={c.heading} scope="col" className="py-1 pl-3 text-right font-medium">
                  {c.heading}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {[...days].reverse().map((day) => (
              <tr key={day.date} className="border-t border-zinc-100 dark:border-zinc-800">
                <th scope="row" className="py-1 pr-3 font-normal whitespace-nowrap">
                  {dayLabel(day.date)}
                </th>
                {columns.map((c) => (
                  <td key={c.heading} className="tabular py-1 pl-3 text-right">
                    {c.cell(day)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}

/**
 * One chart of the Stats tab, with its table view: Recharts' accessibility layer makes the chart one
 * tab stop whose arrow keys move the tooltip from day to day; the same numbers are a table under
 * "Show as table" (a native disclosure) for screen readers and anyone who prefers rows.
 */
export function StatsChart({
  title,
  description,
  kind,
  days,
  series,
  columns,
}: {
  title: string;
  description: string;
  kind: 'line' | 'bar';
  days: ProjectStatsDay[];
  series: Series[];
  columns: Column[];
}) {
  const data = days.map((day) => ({ ...day, label: dayLabel(day.date) }));
  const parts = (
    <>
      <CartesianGrid stroke="currentColor" strokeOpacity={0.15} vertical={false} />
      <XAxis dataKey="label" {...axis} minTickGap={16} />
      <YAxis {...axis} allowDecimals={false} width={36} />
      <Tooltip {...tooltip} />
      <Legend formatter={legendName} />
    </>
  );
  const chartProps = {
    data,
    responsive: true,
    style: { width: '100%', height: CHART_HEIGHT },
    title,
    desc: description,
    margin: { top: 8, right: 8, bottom: 0, left: 0 },
  };
  const headingId = useId();
  return (
    <Card role="group" aria-labelledby={headingId} className="min-w-0 p-4">
      <h3 id={headingId} className="text-sm font-semibold text-zinc-900 dark:text-zinc-100">
        {title}
      </h3>
      <p className="mt-0.5 text-xs text-zinc-600 dark:text-zinc-400">{description}</p>
      <div className="mt-3 text-zinc-500 [--stats-tooltip-bg:#fff] [--stats-tooltip-border:#e4e4e7] [--stats-tooltip-text:#18181b] dark:text-zinc-400 dark:[--stats-tooltip-bg:#18181b] dark:[--stats-tooltip-border:#3f3f46] dark:[--stats-tooltip-text:#f4f4f5]">
        {kind === 'line' ? (
          <LineChart {...chartProps}>
            {parts}
            {series.map((s) => (
              <Line
                key={s.key}
                dataKey={s.key}
                name={s.name}
                stroke={s.color}
                strokeWidth={2}
                dot={false}
                isAnimationActive={false}
              />
            ))}
          </LineChart>
        ) : (
          <BarChart {...chartProps}>
            {parts}
            {series.map((s) => (
              <Bar key={s.key} dataKey={s.key} name={s.name} fill={s.color} isAnimationActive={false} />
            ))}
          </BarChart>
        )}
      </div>
      <DayTable title={title} days={days} columns={columns} />
    </Card>
  );
}
