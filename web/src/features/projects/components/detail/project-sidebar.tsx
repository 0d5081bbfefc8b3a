import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { TOOLTIP_DELAY_PROJECT_MS } from '@vitrine/domain/constants';
import type { ProjectDetail } from '@vitrine/domain/answers';
import { buttonClasses } from '../../../../components/ui/button';
import { Card } from '../../../../components/ui/card';
import { formatCount, formatCountOf, formatDate } from '../../../../lib/format';
import { RateControl } from '../rate-control';
import { RatingDistribution } from '../rating-distribution';
import { averageText } from './project-stats';
import { useIsOwner } from '../../hooks/use-is-owner';

/** 'About This Project': category, author, submitted, votes, views, ratings. */
function AboutCard({ project }: { project: ProjectDetail }) {
  const rows = [
    ['Category', project.category],
    ['Author', project.username ?? 'Unknown User'],
    ['Submitted', formatDate(project.createdAt)],
    ['Votes', formatCount(project.votes)],
    ['Views', formatCount(project.views)],
    [
      'Ratings',
      project.totalRatings > 0
        ? `${averageText(project.averageRating)}/10 (${formatCountOf(project.totalRatings, 'rating', 'ratings')})`
        : 'No ratings',
    ],
  ];
  return (
    <Card className="p-5">
      <h2 className="text-base font-semibold text-zinc-900 dark:text-zinc-50">About This Project</h2>
      <dl className="mt-4 space-y-2.5 text-sm">
        {rows.map(([term, value]) => (
          <div key={term} className="flex justify-between gap-4">
            <dt className="text-zinc-500 dark:text-zinc-400">{term}</dt>
            <dd className="tabular truncate text-right font-medium text-zinc-900 dark:text-zinc-100">{value}</dd>
          </div>
        ))}
      </dl>
    </Card>
  );
}

/**
 * The project page's side column: About, 'Rate this project' with the distribution, what the page
 * adds from other features (`children`: the test-request panel), and a way back.
 */
export function ProjectSidebar({ project, children }: { project: ProjectDetail; children?: ReactNode }) {
  const own = useIsOwner(project);
  return (
    <aside className="space-y-6">
      <AboutCard project={project} />
      <Card className="p-5">
        {own ? null : (
          <>
            <h2 className="text-base font-semibold text-zinc-900 dark:text-zinc-50">Rate this project</h2>
            <div className="mt-3 mb-6">
              <RateControl project={project} variant="page" tooltipDelay={TOOLTIP_DELAY_PROJECT_MS} />
            </div>
          </>
        )}
        <h3 className="text-sm font-semibold text-zinc-900 dark:text-zinc-50">Rating distribution</h3>
        <div className="mt-3">
          <RatingDistribution distribution={project.ratingDistribution} total={project.totalRatings} />
        </div>
      </Card>
      {children}
      <Link href="/#projects" className={buttonClasses({ variant: 'ghost', className: 'w-full' })}>
        Browse more projects
      </Link>
    </aside>
  );
}
