import { Link } from 'wouter';
import { CircleAlert, Crown, Eye, ThumbsUp, Trophy, Users } from 'lucide-react';
import type { LeaderboardEntry, TopContributor } from '@vitrine/domain/types';
import { Card } from '../../../components/ui/card';
import { CategoryBadge } from '../../../components/ui/badge';
import { EmptyState, ErrorState } from '../../../components/ui/empty-state';
import { Skeleton } from '../../../components/ui/skeleton';
import { cn } from '../../../lib/cn';
import { errorMessage } from '../../../lib/api';
import { formatCount } from '../../../lib/format';
import { LISTING_CHOICES, RANGE_OPTIONS } from '../api/keys';
import { useSearchChoice } from '../../../hooks/use-search-choice';
import { useLeaderboard, useTopContributors } from '../api/use-project-lists';
import { ListingHeader, useFailureToast } from './listing-parts';
import { RatingBadge } from './rating-badge';
import { useWatchProjects } from '../../../hooks/use-watch-projects';

/** Medal colours of the top three ranks. */
function rankStyle(rank: number): string {
  if (rank === 1)
    return 'bg-amber-100 text-amber-800 ring-amber-300 dark:bg-amber-950 dark:text-amber-300 dark:ring-amber-800';
  if (rank === 2)
    return 'bg-zinc-200 text-zinc-800 ring-zinc-300 dark:bg-zinc-700 dark:text-zinc-100 dark:ring-zinc-600';
  if (rank === 3)
    return 'bg-orange-100 text-orange-800 ring-orange-300 dark:bg-orange-950 dark:text-orange-300 dark:ring-orange-800';
  return 'bg-zinc-50 text-zinc-600 ring-zinc-200 dark:bg-zinc-900 dark:text-zinc-400 dark:ring-zinc-700';
}

function RankBadge({ rank }: { rank: number }) {
  return (
    <span
      className={cn(
        'tabular inline-flex size-9 shrink-0 items-center justify-center rounded-full text-sm font-semibold ring-1 ring-inset',
        rankStyle(rank),
      )}
    >
      {rank === 1 ? <Crown className="size-4" aria-hidden="true" /> : rank}
      {rank === 1 ? <span className="sr-only">1</span> : null}
    </span>
  );
}

const rowFrame = 'flex min-h-[4.5rem] items-center gap-3 px-4 py-3 sm:gap-4';

function LiveLeaderboardRow({ entry }: { entry: LeaderboardEntry }) {
  // All-time entries count every vote, so live totals apply (lib/live-keys.ts takesLiveCounts); ranged
  // entries count only the range and are not watched.
  useWatchProjects([entry.id]);
  return <LeaderboardRow entry={entry} />;
}

function LeaderboardRow({ entry }: { entry: LeaderboardEntry }) {
  return (
    <li className={cn(rowFrame, 'relative transition-colors hover:bg-zinc-50 dark:hover:bg-zinc-800/50')}>
      <RankBadge rank={entry.rank} />
      <div className="min-w-0 flex-1">
        <Link
          href={`/projects/${entry.id}`}
          className="block truncate font-medium text-zinc-900 outline-none after:absolute after:inset-0 after:content-[''] hover:text-accent-700 focus-visible:after:outline-2 focus-visible:after:-outline-offset-2 focus-visible:after:outline-accent-500 dark:text-zinc-50 dark:hover:text-accent-300"
        >
          {entry.title}
        </Link>
        <div className="mt-1 flex flex-wrap items-center gap-2 text-xs text-zinc-500 dark:text-zinc-400">
          <span>by {entry.username ?? 'Unknown User'}</span>
          <CategoryBadge category={entry.category} className="hidden sm:inline-flex" />
          <RatingBadge average={entry.averageRating} count={entry.totalRatings} className="hidden sm:inline-flex" />
        </div>
      </div>
      <div className="flex shrink-0 items-center gap-4 text-sm">
        <span className="tabular hidden items-center gap-1 text-zinc-500 sm:inline-flex dark:text-zinc-400">
          <Eye className="size-4" aria-hidden="true" />
          {formatCount(entry.views)}
          <span className="sr-only">views</span>
        </span>
        <span className="tabular inline-flex min-w-14 items-center justify-end gap-1 font-semibold text-zinc-900 dark:text-zinc-100">
          <ThumbsUp className="size-4 text-accent-600 dark:text-accent-400" aria-hidden="true" />
          {formatCount(entry.votes)}
          <span className="sr-only">votes</span>
        </span>
      </div>
    </li>
  );
}

function LeaderboardSkeleton({ rows = 6 }: { rows?: number }) {
  return (
    <ul aria-hidden="true" className="divide-y divide-zinc-100 dark:divide-zinc-800">
      {Array.from({ length: rows }, (_, i) => (
        <li key={i} className={rowFrame}>
          <Skeleton className="size-9 rounded-full" />
          <div className="flex-1 space-y-2">
            <Skeleton className="h-4 w-1/2" />
            <Skeleton className="h-3 w-1/3" />
          </div>
          <Skeleton className="h-5 w-14" />
        </li>
      ))}
    </ul>
  );
}

/** The Top Contributors panel: users by total votes on their projects (server data). */
function TopContributors() {
  const { data, error, isLoading } = useTopContributors();
  return (
    <Card className="p-5">
      <h3 className="flex items-center gap-2 text-base font-semibold text-zinc-900 dark:text-zinc-50">
        <Users className="size-4 text-accent-600 dark:text-accent-400" aria-hidden="true" />
        Top Contributors
      </h3>
      {isLoading ? (
        <ul aria-hidden="true" className="mt-4 space-y-3">
          {Array.from({ length: 5 }, (_, i) => (
            <li key={i} className="flex h-10 items-center gap-3">
              <Skeleton className="size-9 rounded-full" />
              <div className="flex-1 space-y-1.5">
                <Skeleton className="h-3.5 w-24" />
                <Skeleton className="h-3 w-32" />
              </div>
            </li>
          ))}
        </ul>
      ) : error ? (
        <p className="mt-4 text-sm text-red-600 dark:text-red-400">Could not load contributors.</p>
      ) : !data || data.length === 0 ? (
        <p className="mt-4 text-sm text-zinc-600 dark:text-zinc-400">No contributors yet.</p>
      ) : (
        <ol className="mt-4 space-y-3">
          {data.map((c: TopContributor) => (
            <li key={c.userId} className="flex h-10 items-center gap-3">
              <span
                aria-hidden="true"
                className="flex size-9 shrink-0 items-center justify-center rounded-full bg-accent-100 text-sm font-semibold uppercase text-accent-700 dark:bg-accent-950 dark:text-accent-300"
              >
                {c.username.charAt(0)}
              </span>
              <div className="min-w-0 flex-1">
                <Link
                  href={`/users/${encodeURIComponent(c.username)}`}
                  className="block truncate text-sm font-medium text-zinc-900 hover:underline dark:text-zinc-100"
                >
                  <span className="sr-only">Rank {c.rank}: </span>
                  {c.username}
                </Link>
                <p className="tabular text-xs text-zinc-500 dark:text-zinc-400">
                  {c.projectCount} {c.projectCount === 1 ? 'project' : 'projects'} · {formatCount(c.totalVotes)}{' '}
                  {c.totalVotes === 1 ? 'vote' : 'votes'}
                </p>
              </div>
              <span className="tabular text-xs font-medium text-zinc-500 dark:text-zinc-400" aria-hidden="true">
                #{c.rank}
              </span>
            </li>
          ))}
        </ol>
      )}
    </Card>
  );
}

/** Project Leaderboard: 'Time Range' All Time / This Month / This Week, a ranked list, Top Contributors. */
export function Leaderboard() {
  const [range, setRange] = useSearchChoice(LISTING_CHOICES.range);
  const { data, error, isLoading, mutate } = useLeaderboard(range);
  useFailureToast(error, 'Failed to fetch leaderboard');
  return (
    <section aria-label="Project Leaderboard">
      <ListingHeader
        title="Project Leaderboard"
        subtitle="The most voted projects of the community"
        selectLabel="Time Range"
        options={RANGE_OPTIONS}
        value={range}
        onChange={setRange}
      />
      <div className="grid gap-6 lg:grid-cols-[1fr_18rem]">
        <div>
          {error && !data ? (
            <ErrorState
              icon={CircleAlert}
              title="Failed to fetch leaderboard"
              description={errorMessage(error, 'Please try again later.')}
              onRetry={() => void mutate()}
            />
          ) : !isLoading && data && data.length === 0 ? (
            <EmptyState icon={Trophy} title="No projects found in the leaderboard" />
          ) : (
            <Card className="overflow-hidden">
              {isLoading || !data ? (
                <LeaderboardSkeleton />
              ) : (
                <ol className="divide-y divide-zinc-100 dark:divide-zinc-800">
                  {data.map((entry) =>
                    range === 'all' ? (
                      <LiveLeaderboardRow key={entry.id} entry={entry} />
                    ) : (
                      <LeaderboardRow key={entry.id} entry={entry} />
                    ),
                  )}
                </ol>
              )}
            </Card>
          )}
        </div>
        <TopContributors />
      </div>
    </section>
  );
}
