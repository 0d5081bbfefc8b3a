import { Link } from 'wouter';
import { CalendarClock, Users } from 'lucide-react';
import type { TestRequestView } from '@vitrine/domain/answers';
import { CategoryBadge } from '../../../components/ui/badge';
import { TierBadge } from '../../../components/ui/tier-badge';
import { formatDate } from '../../../lib/format';
import { StatusBadge } from './status-badge';
import { SkillList } from './skill-list';

/** A test request in the /test-requests list: title, project, owner with tier, skills, seats and deadline. */
export function RequestCard({ request }: { request: TestRequestView }) {
  return (
    <article className="relative flex h-full flex-col rounded-xl border border-zinc-200 bg-white p-5 transition-shadow duration-200 hover:shadow-md dark:border-zinc-800 dark:bg-zinc-900">
      <div className="flex items-start justify-between gap-2">
        <h2 className="line-clamp-2 text-base font-semibold text-zinc-900 dark:text-zinc-50">
          <Link
            href={`/test-requests/${request.id}`}
            className="outline-none after:absolute after:inset-0 after:rounded-xl after:content-[''] hover:text-accent-700 focus-visible:after:outline-2 focus-visible:after:outline-offset-2 focus-visible:after:outline-accent-500 dark:hover:text-accent-300"
          >
            {request.title}
          </Link>
        </h2>
        <StatusBadge status={request.status} />
      </div>
      <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">
        {request.projectTitle} · by{' '}
        <span className="font-medium text-zinc-800 dark:text-zinc-200">{request.ownerUsername}</span>
      </p>
      <div className="mt-2 flex flex-wrap items-center gap-1.5">
        <CategoryBadge category={request.projectCategory} />
        <TierBadge tier={request.ownerTier} role="Developer" />
      </div>
      <p className="mt-3 line-clamp-3 text-sm text-zinc-700 dark:text-zinc-300">{request.description}</p>
      <SkillList skills={request.skillsNeeded} className="mt-3" />
      <div className="tabular mt-auto flex flex-wrap items-center gap-x-4 gap-y-1 pt-4 text-sm text-zinc-600 dark:text-zinc-400">
        <span className="inline-flex items-center gap-1">
          <Users className="size-4" aria-hidden="true" />
          {request.testerCount}/{request.maxTesters} testers
        </span>
        <span className="inline-flex items-center gap-1">
          <CalendarClock className="size-4" aria-hidden="true" />
          {request.deadline ? `Due ${formatDate(request.deadline)}` : 'No deadline'}
        </span>
      </div>
    </article>
  );
}
