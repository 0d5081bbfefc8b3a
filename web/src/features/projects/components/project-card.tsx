import { Link } from 'wouter';
import { Clock, Eye, MessageSquare, User } from 'lucide-react';
import type { Project } from '@vitrine/domain/answers';
import { tagList } from '../../../lib/tags';
import { CategoryBadge } from '../../../components/ui/badge';
import { TierBadge } from '../../../components/ui/tier-badge';
import { Skeleton } from '../../../components/ui/skeleton';
import { formatCount, initialsOf } from '../../../lib/format';
import { RelativeTime } from '../../../components/ui/relative-time';
import { RatingBadge } from './rating-badge';
import { DownBadge } from './down-badge';
import { TagList } from './tag-list';
import { VoteButton } from './vote-button';
import { RateControl } from './rate-control';
import { useWatchProjects } from '../../../hooks/use-watch-projects';
import { MediaPicture } from './detail/media-picture';

/** Tags a card shows before '+n'. */
const CARD_TAGS = 3;

const cardFrame =
  'group relative flex h-full min-h-[17rem] flex-col rounded-xl border border-zinc-200 bg-white p-5 dark:border-zinc-800 dark:bg-zinc-900';

/**
 * A project card: its cover (when it has none, a box of the same size with its initials), title, description, category badge, tags, votes, views,
 * comments, rating badge, vote button and rate control. The whole card opens /projects/{id} (a stretched title link), while
 * its buttons stay separate controls above the link.
 */
export function ProjectCard({ project }: { project: Project }) {
  // Live vote, rating and comment counts of the projects on screen are pushed into the SWR data this card shows.
  useWatchProjects([project.id]);
  const tags = tagList(project.tags);
  return (
    <article
      className={`${cardFrame} transition-shadow duration-200 focus-within:shadow-md hover:shadow-md hover:shadow-zinc-200/70 dark:hover:shadow-black/40`}
    >
      {project.cover ? (
        // The title names the project; the cover is its picture (its box keeps its place while it loads).
        <div className="-mx-5 -mt-5 mb-4 aspect-[16/9] overflow-hidden rounded-t-xl border-b border-zinc-200 bg-zinc-100 dark:border-zinc-800 dark:bg-zinc-800">
          <MediaPicture
            media={{ ...project.cover, alt: '' }}
            sizes="(min-width: 1024px) 400px, (min-width: 640px) 50vw, 100vw"
            className="size-full object-cover"
          />
        </div>
      ) : (
        // No picture yet: the same box, so every card of a row has the same height and its parts line up.
        <div
          aria-hidden="true"
          className="-mx-5 -mt-5 mb-4 flex aspect-[16/9] items-center justify-center rounded-t-xl border-b border-zinc-200 bg-gradient-to-br from-zinc-50 to-zinc-200 dark:border-zinc-800 dark:from-zinc-800 dark:to-zinc-900"
        >
          <span className="text-4xl font-semibold tracking-widest text-zinc-500 dark:text-zinc-400">
            {initialsOf(project.title)}
          </span>
        </div>
      )}
      <div className="flex items-start justify-between gap-3">
        <CategoryBadge category={project.category} />
        <RatingBadge average={project.averageRating} count={project.totalRatings} />
      </div>
      <h3 className="mt-3 line-clamp-1 text-base font-semibold leading-snug text-zinc-900 dark:text-zinc-50">
        <Link
          href={`/projects/${project.id}`}
          className="rounded outline-none after:absolute after:inset-0 after:rounded-xl after:content-[''] focus-visible:after:outline-2 focus-visible:after:outline-offset-2 focus-visible:after:outline-accent-500 group-hover:text-accent-700 dark:group-hover:text-accent-300"
        >
          {project.title}
        </Link>
      </h3>
      <p className="mt-1.5 line-clamp-2 min-h-10 text-sm leading-5 text-zinc-600 dark:text-zinc-400">
        {project.description}
      </p>
      <TagList tags={tags.slice(0, CARD_TAGS)} className="mt-3 h-6 overflow-hidden">
        {tags.length > CARD_TAGS ? (
          <li className="px-1 py-0.5 text-xs text-zinc-500 dark:text-zinc-400">+{tags.length - CARD_TAGS}</li>
        ) : null}
      </TagList>
      <div className="mt-auto flex flex-wrap items-center gap-x-3 gap-y-1 pt-4 text-xs text-zinc-500 dark:text-zinc-400">
        {project.downSince ? <DownBadge since={project.downSince} /> : null}
        <span className="inline-flex items-center gap-1">
          <User className="size-3.5" aria-hidden="true" />
          {project.username ?? 'Unknown User'}
          <TierBadge tier={project.ownerTier} role="Developer" compact className="py-0" />
        </span>
        <span className="inline-flex items-center gap-1">
          <Clock className="size-3.5" aria-hidden="true" />
          <RelativeTime value={project.createdAt} />
        </span>
        <span className="tabular inline-flex items-center gap-1" aria-label={`${project.views} views`}>
          <Eye className="size-3.5" aria-hidden="true" />
          {formatCount(project.views)}
        </span>
        <span className="tabular inline-flex items-center gap-1" data-testid="card-comments">
          <MessageSquare className="size-3.5" aria-hidden="true" />
          {formatCount(project.commentCount)}
          <span className="sr-only">{project.commentCount === 1 ? ' comment' : ' comments'}</span>
        </span>
      </div>
      <div
        className="mt-3 flex h-8 items-center justify-between gap-2 border-t border-zinc-100 pt-3 dark:border-zinc-800"
        style={{ boxSizing: 'content-box' }}
      >
        <RateControl project={project} />
        <VoteButton project={project} surface="card" />
      </div>
    </article>
  );
}

/** A card-sized placeholder (same frame and row heights as ProjectCard). */
function ProjectCardSkeleton() {
  return (
    <div className={cardFrame} aria-hidden="true">
      <div className="flex items-start justify-between">
        <Skeleton className="h-5 w-20 rounded-full" />
        <Skeleton className="h-5 w-16 rounded-full" />
      </div>
      <Skeleton className="mt-3 h-[1.375rem] w-3/4" />
      <div className="mt-1.5 space-y-1.5">
        <Skeleton className="h-3.5 w-full" />
        <Skeleton className="h-3.5 w-5/6" />
      </div>
      <div className="mt-3 flex h-6 gap-1.5">
        <Skeleton className="h-5 w-14" />
        <Skeleton className="h-5 w-16" />
      </div>
      <div className="mt-auto pt-4">
        <Skeleton className="h-4 w-2/3" />
      </div>
      <div
        className="mt-3 flex h-8 items-center justify-between border-t border-zinc-100 pt-3 dark:border-zinc-800"
        style={{ boxSizing: 'content-box' }}
      >
        <Skeleton className="h-8 w-20" />
        <Skeleton className="h-8 w-24" />
      </div>
    </div>
  );
}

/** A grid of cards, or `count` skeletons while loading. */
export function ProjectGrid({ projects, loadingCount = 0 }: { projects: Project[]; loadingCount?: number }) {
  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {projects.map((project) => (
        <li key={project.id}>
          <ProjectCard project={project} />
        </li>
      ))}
      {Array.from({ length: loadingCount }, (_, i) => (
        <li key={`skeleton-${i}`}>
          <ProjectCardSkeleton />
        </li>
      ))}
    </ul>
  );
}
