import { useId, useState } from 'react';
import type { ProjectStats } from '@vitrine/domain/answers';
import { clickThrough, DEFAULT_STATS_WINDOW, STATS_WINDOWS, type StatsWindow } from '@vitrine/domain/stats';
import { Card } from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/skeleton';
import { cn } from '../../../lib/cn';
import { useProjectStats } from '../api/use-project-stats';
import { count, percent, REASONS, sourceLabel, weight } from '../lib/format';
import { StatsChart } from './stats-chart';

/** Colours of the series: mid tones that read on the light and the dark card alike. */
const COLORS = { primary: '#0ea5e9', secondary: '#8b5cf6', tertiary: '#f59e0b' } as const;

/** The window's totals. Visitors are counted once a day, so their total is a sum of daily uniques. */
function totalsOf(stats: ProjectStats) {
  const sum = (key: 'views' | 'visitors' | 'clicks' | 'impressions' | 'votes' | 'countedVotes') =>
    stats.days.reduce((total, day) => total + day[key], 0);
  const views = sum('views');
  const clicks = sum('clicks');
  return [
    { label: 'Views', value: count(views) },
    { label: 'Daily visitors, summed', value: count(sum('visitors')) },
    { label: 'Clicks to the project', value: count(clicks) },
    { label: 'Click-through', value: percent(views === 0 ? null : clickThrough(clicks, views)) },
    { label: 'New & rising impressions', value: count(sum('impressions')) },
    { label: 'Votes (counted weight)', value: `${count(sum('votes'))} (${weight(sum('countedVotes'))})` },
  ];
}

/** The 7 / 30 / 90 days choice: a radio group (arrow keys move within it). */
function WindowChoice({ value, onChange }: { value: StatsWindow; onChange: (days: StatsWindow) => void }) {
  const name = useId();
  return (
    <fieldset className="flex flex-wrap items-center gap-2">
      <legend className="sr-only">Period</legend>
      {STATS_WINDOWS.map((days) => (
        <label
          key={days}
          className={cn(
            'inline-flex cursor-pointer items-center gap-1.5 rounded-lg border px-2.5 py-1 text-sm',
            'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-accent-500',
            days === value
              ? 'border-accent-600 bg-accent-50 text-accent-900 dark:border-accent-400 dark:bg-accent-950 dark:text-accent-100'
              : 'border-zinc-300 text-zinc-700 dark:border-zinc-700 dark:text-zinc-300',
          )}
        >
          <input
            type="radio"
            name={name}
            value={days}
            checked={days === value}
            onChange={() => onChange(days)}
            className="size-3.5 accent-accent-600"
          />
          {days} days
        </label>
      ))}
    </fieldset>
  );
}

function Referrers({ stats }: { stats: ProjectStats }) {
  const total = stats.referrers.reduce((sum, r) => sum + r.visits, 0);
  return (
    <Card className="min-w-0 p-4">
      <h3 className="text-sm font-semibold text-zinc-900 dark:text-zinc-100">Where readers came from</h3>
      <p className="mt-0.5 text-xs text-zinc-600 dark:text-zinc-400">
        The referring site's address (never the page) or the link's utm_source.
      </p>
      {stats.referrers.length === 0 ? (
        <p className="mt-3 text-sm text-zinc-600 dark:text-zinc-400">No views in this period.</p>
      ) : (
        <table className="mt-3 w-full text-left text-sm">
          <caption className="sr-only">Sources of the views</caption>
          <thead className="text-xs text-zinc-600 dark:text-zinc-400">
            <tr>
              <th scope="col" className="py-1 font-medium">
                Source
              </th>
              <th scope="col" className="whitespace-nowrap py-1 text-right font-medium">
                Views
              </th>
              <th scope="col" className="whitespace-nowrap py-1 pl-3 text-right font-medium">
                Share
              </th>
            </tr>
          </thead>
          <tbody>
            {stats.referrers.map((r) => (
              <tr key={r.source} className="border-t border-zinc-100 dark:border-zinc-800">
                <th scope="row" className="max-w-0 truncate py-1 pr-3 font-normal" title={r.source}>
                  {sourceLabel(r.source)}
                </th>
                <td className="tabular py-1 text-right">{count(r.visits)}</td>
                <td className="tabular py-1 pl-3 text-right">{percent(r.visits / total)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Card>
  );
}

function VoteSources({ stats, onShowScore }: { stats: ProjectStats; onShowScore?: () => void }) {
  return (
    <Card className="min-w-0 p-4">
      <h3 className="text-sm font-semibold text-zinc-900 dark:text-zinc-100">Votes, raw and counted</h3>
      <p className="mt-0.5 text-xs text-zinc-600 dark:text-zinc-400">
        Every vote shows in the public count; the boards count each by what it weighs.
      </p>
      <div className="mt-3 overflow-x-auto">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Votes of the period by why they weigh what they do</caption>
          <thead className="text-xs text-zinc-600 dark:text-zinc-400">
            <tr>
              <th scope="col" className="py-1 font-medium">
                Who voted
              </th>
              <th scope="col" className="whitespace-nowrap py-1 text-right font-medium">
                Raw
              </th>
              <th scope="col" className="whitespace-nowrap py-1 pl-3 text-right font-medium">
                Counted
              </th>
            </tr>
          </thead>
          <tbody>
            {stats.voteSources.map((s) => (
              <tr key={s.reason} className="border-t border-zinc-100 align-top dark:border-zinc-800">
                <th scope="row" className="py-1.5 pr-3 font-normal">
                  {REASONS[s.reason].label}
                  <span className="block text-xs text-zinc-600 dark:text-zinc-400">{REASONS[s.reason].why}</span>
                </th>
                <td className="tabular py-1.5 text-right">{count(s.raw)}</td>
                <td className="tabular py-1.5 pl-3 text-right">{weight(s.counted)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {onShowScore ? (
        <button
          type="button"
          onClick={onShowScore}
          className="mt-3 rounded text-sm font-medium text-sky-700 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 dark:text-sky-400"
        >
          See how this rank is computed
        </button>
      ) : null}
    </Card>
  );
}

function StatsBody({ stats, onShowScore }: { stats: ProjectStats; onShowScore?: () => void }) {
  const { days } = stats;
  return (
    <>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3">
        {totalsOf(stats).map((t) => (
          <Card key={t.label} className="p-3">
            <dt className="text-xs text-zinc-600 dark:text-zinc-400">{t.label}</dt>
            <dd className="tabular mt-1 text-lg font-semibold text-zinc-900 dark:text-zinc-100">{t.value}</dd>
          </Card>
        ))}
      </dl>
      <div className="grid gap-4 lg:grid-cols-2">
        <StatsChart
          title="Views and visitors"
          description="Page views, and readers counted once a day."
          kind="line"
          days={days}
          series={[
            { key: 'views', name: 'Views', color: COLORS.primary },
            { key: 'visitors', name: 'Visitors', color: COLORS.secondary },
          ]}
          columns={[
            { heading: 'Views', cell: (d) => count(d.views) },
            { heading: 'Visitors', cell: (d) => count(d.visitors) },
          ]}
        />
        <StatsChart
          title="Clicks to the project"
          description="Readers who opened the hosted project through its link, once a day each."
          kind="bar"
          days={days}
          series={[{ key: 'clicks', name: 'Clicks', color: COLORS.tertiary }]}
          columns={[
            { heading: 'Clicks', cell: (d) => count(d.clicks) },
            { heading: 'Click-through', cell: (d) => percent(d.views === 0 ? null : clickThrough(d.clicks, d.views)) },
          ]}
        />
        <StatsChart
          title="New & rising exposure"
          description="Times the strip showed the project, and the weight those impressions carried."
          kind="bar"
          days={days}
          series={[
            { key: 'impressions', name: 'Impressions', color: COLORS.primary },
            { key: 'exposure', name: 'Exposure', color: COLORS.secondary },
          ]}
          columns={[
            { heading: 'Impressions', cell: (d) => count(d.impressions) },
            { heading: 'Exposure', cell: (d) => weight(d.exposure) },
          ]}
        />
        <StatsChart
          title="Votes"
          description="Votes cast each day, and what they count for on the boards."
          kind="bar"
          days={days}
          series={[
            { key: 'votes', name: 'Raw', color: COLORS.tertiary },
            { key: 'countedVotes', name: 'Counted', color: COLORS.secondary },
          ]}
          columns={[
            { heading: 'Raw', cell: (d) => count(d.votes) },
            { heading: 'Counted', cell: (d) => weight(d.countedVotes) },
          ]}
        />
        <Referrers stats={stats} />
        <VoteSources stats={stats} onShowScore={onShowScore} />
      </div>
    </>
  );
}

/**
 * The owner's Stats tab (owners and admins): the window's totals, a chart of each daily series with
 * its table, the sources of the views and the votes by reason, read from GET /api/projects/{id}/stats.
 * A chunk of its own with the chart library: only this tab pulls it.
 */
export function StatsTab({ projectId, onShowScore }: { projectId: number; onShowScore?: () => void }) {
  const [days, setDays] = useState<StatsWindow>(DEFAULT_STATS_WINDOW);
  const { data, error } = useProjectStats(projectId, days);
  return (
    <section aria-labelledby="stats-heading" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 id="stats-heading" className="text-lg font-semibold text-zinc-900 dark:text-zinc-100">
            Stats
          </h2>
          <p className="text-xs text-zinc-600 dark:text-zinc-400">
            Days in UTC; today is at most a minute behind. Your own visits and readers who ask not to be tracked are not
            counted.
          </p>
        </div>
        <WindowChoice value={days} onChange={setDays} />
      </div>
      {error && !data ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          Could not load the stats.
        </p>
      ) : data ? (
        <StatsBody stats={data} onShowScore={onShowScore} />
      ) : (
        <div aria-busy="true" className="space-y-4">
          <span className="sr-only" role="status">
            Loading stats
          </span>
          <Skeleton className="h-40 w-full rounded-xl" />
          <Skeleton className="h-72 w-full rounded-xl" />
        </div>
      )}
    </section>
  );
}
