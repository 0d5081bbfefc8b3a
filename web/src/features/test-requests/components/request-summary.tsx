import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { CalendarClock, MessageSquareText, Users } from 'lucide-react';
import type { TestRequestDetail } from '@vitrine/domain/answers';
import { Card } from '../../../components/ui/card';
import { CategoryBadge } from '../../../components/ui/badge';
import { TierBadge } from '../../../components/ui/tier-badge';
import { formatDate, formatRelative } from '../../../lib/format';
import { SkillList } from './skill-list';
import { StatusBadge } from './status-badge';

/** The id of the request page's status, which takes focus after a change of status. */
export const REQUEST_STATUS_ID = 'request-status';

const LINK = 'font-medium text-accent-700 hover:underline dark:text-accent-300';

/** 'For {project} by {owner} · opened …', then the category, the owner's developer tier and a hidden mark. */
function Byline({ request }: { request: TestRequestDetail }) {
  return (
    <>
      <p className="mt-2 text-sm text-zinc-600 dark:text-zinc-400">
        For{' '}
        <Link href={`/projects/${request.projectId}`} className={LINK}>
          {request.projectTitle}
        </Link>{' '}
        by{' '}
        <Link href={`/users/${request.ownerUsername}`} className={LINK}>
          {request.ownerUsername}
        </Link>{' '}
        · opened {formatRelative(request.createdAt)}
      </p>
      <div className="mt-2 flex flex-wrap items-center gap-1.5">
        <CategoryBadge category={request.projectCategory} />
        <TierBadge tier={request.ownerTier} role="Developer" />
        {request.isHidden ? (
          <span className="text-xs font-medium text-red-700 dark:text-red-400">Hidden by an admin</span>
        ) : null}
      </div>
    </>
  );
}

/** Testers (joined / max), feedback count and deadline. */
function Facts({ request }: { request: TestRequestDetail }) {
  const facts = [
    { term: 'Testers', icon: Users, text: `${request.testerCount}/${request.maxTesters} testers` },
    { term: 'Feedback', icon: MessageSquareText, text: `${request.feedbackCount} feedback` },
    {
      term: 'Deadline',
      icon: CalendarClock,
      text: request.deadline ? `Due ${formatDate(request.deadline)}` : 'No deadline',
    },
  ];
  return (
    <dl className="tabular mt-4 flex flex-wrap gap-x-6 gap-y-2 text-sm text-zinc-700 dark:text-zinc-300">
      {facts.map(({ term, icon: Icon, text }) => (
        <div key={term} className="inline-flex items-center gap-1.5">
          <Icon className="size-4" aria-hidden="true" />
          <dt className="sr-only">{term}</dt>
          <dd>{text}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The request page's main card: title and status, byline, description, skills, facts and the `actions` row. */
export function RequestSummary({ request, actions }: { request: TestRequestDetail; actions: ReactNode }) {
  return (
    <Card className="mt-4 p-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <h1 className="text-2xl font-semibold tracking-tight text-zinc-900 dark:text-zinc-50">{request.title}</h1>
        {/* Takes focus after the owner moves the request on (owner-controls.tsx): the move's result. */}
        <p id={REQUEST_STATUS_ID} tabIndex={-1} className="rounded-full outline-offset-2 focus-visible:outline-2">
          <span className="sr-only">Status: </span>
          <StatusBadge status={request.status} />
        </p>
      </div>
      <Byline request={request} />
      <p className="mt-4 whitespace-pre-line text-sm text-zinc-800 dark:text-zinc-200">{request.description}</p>
      <SkillList skills={request.skillsNeeded} className="mt-4" />
      <Facts request={request} />
      <div className="mt-5 flex flex-wrap items-center gap-3 border-t border-zinc-100 pt-4 dark:border-zinc-800">
        {actions}
      </div>
    </Card>
  );
}

/** The joined testers with their tester tiers. */
export function TesterList({ request }: { request: TestRequestDetail }) {
  return (
    <section aria-labelledby="testers-heading" className="mt-8">
      <h2 id="testers-heading" className="text-lg font-semibold text-zinc-900 dark:text-zinc-50">
        Testers
      </h2>
      {request.testers.length === 0 ? (
        <p className="mt-2 text-sm text-zinc-600 dark:text-zinc-400">No testers have joined yet.</p>
      ) : (
        <ul className="mt-3 flex flex-wrap gap-2">
          {request.testers.map((t) => (
            <li
              key={t.userId}
              className="inline-flex items-center gap-2 rounded-full border border-zinc-200 px-3 py-1 text-sm dark:border-zinc-800"
            >
              <Link
                href={`/users/${t.username}`}
                className="font-medium text-zinc-900 hover:underline dark:text-zinc-100"
              >
                {t.username}
              </Link>
              <TierBadge tier={t.testerTier} role="Tester" compact />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
