import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { Calendar, Eye, MessageSquare, Star, ThumbsUp, User } from 'lucide-react';
import type { ProjectDetail } from '@vitrine/domain/answers';
import { CategoryBadge } from '../../../../components/ui/badge';
import { TierBadge } from '../../../../components/ui/tier-badge';
import { useFlash } from '../../../../hooks/use-flash';
import { cn } from '../../../../lib/cn';
import { formatCount, formatCountOf } from '../../../../lib/format';
import { RelativeTime } from '../../../../components/ui/relative-time';

/** One labelled figure of the project page's stat line. */
function Stat({ icon: Icon, label, children }: { icon: typeof Eye; label: string; children: ReactNode }) {
  return (
    <div className="flex items-center gap-1.5 text-sm text-zinc-600 dark:text-zinc-400">
      <Icon className="size-4 shrink-0" aria-hidden="true" />
      <span className="sr-only">{label}: </span>
      {children}
    </div>
  );
}

/** The average rating as the page shows it: one decimal, '0.0' before the first rating. */
export function averageText(averageRating: number | string): string {
  const average = Number(averageRating);
  return average ? average.toFixed(1) : '0.0';
}

/** Category, posted, views, votes, rating and comments (live counts flash when they change), then the author. */
export function ProjectStats({ project }: { project: ProjectDetail }) {
  const votesFlash = useFlash(project.votes);
  const ratingFlash = useFlash(project.totalRatings);
  const commentsFlash = useFlash(project.commentCount);
  return (
    <>
      <div className="mt-4 flex flex-wrap items-center gap-x-4 gap-y-2">
        <CategoryBadge category={project.category} />
        <Stat icon={Calendar} label="Posted">
          <RelativeTime value={project.createdAt} prefix="Posted " />
        </Stat>
        <Stat icon={Eye} label="Views">
          <span className="tabular">{formatCountOf(project.views, 'view', 'views')}</span>
        </Stat>
        <Stat icon={ThumbsUp} label="Votes">
          <span className={cn('tabular rounded px-0.5', votesFlash && 'animate-flash')}>
            {formatCountOf(project.votes, 'vote', 'votes')}
          </span>
        </Stat>
        {/* Unrated: the rating badge says 'No ratings'; a '0.0/10' beside it would say otherwise. */}
        {project.totalRatings > 0 ? (
          <Stat icon={Star} label="Average rating">
            <span className={cn('tabular rounded px-0.5', ratingFlash && 'animate-flash')}>
              {averageText(project.averageRating)}/10
            </span>
          </Stat>
        ) : null}
        <Stat icon={MessageSquare} label="Comments">
          <span className={cn('tabular rounded px-0.5', commentsFlash && 'animate-flash')}>
            {formatCount(project.commentCount)} {project.commentCount === 1 ? 'comment' : 'comments'}
          </span>
        </Stat>
      </div>
      <div className="mt-3">
        <Stat icon={User} label="Author">
          {project.username ? (
            <Link
              href={`/users/${encodeURIComponent(project.username)}`}
              className="font-medium text-accent-700 hover:underline dark:text-accent-300"
            >
              {project.username}
            </Link>
          ) : (
            <span>Unknown User</span>
          )}
          <TierBadge tier={project.ownerTier} role="Developer" />
        </Stat>
      </div>
    </>
  );
}
