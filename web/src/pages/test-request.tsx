import { useEffect } from 'react';
import { Link } from 'wouter';
import { ArrowLeft, CalendarClock, ClipboardX, MessageSquareText, Users } from 'lucide-react';
import type { TestRequestDetail } from '@vitrine/domain/types';
import { buttonClasses } from '../components/ui/button';
import { Card } from '../components/ui/card';
import { CategoryBadge } from '../components/ui/badge';
import { Skeleton } from '../components/ui/skeleton';
import { TierBadge } from '../components/ui/tier-badge';
import { DetailPage, NotFoundPanel } from '../components/page/detail-page';
import { formatDate, formatRelative } from '../lib/format';
import { useDocumentTitle } from '../lib/site';
import { useSession } from '../stores/session';
import { useRequestActivity } from '../stores/request-activity';
import { useTestRequest } from '../features/test-requests/api/use-test-requests';
import { FeedbackForm } from '../features/test-requests/components/feedback-form';
import { FeedbackList } from '../features/test-requests/components/feedback-list';
import { JoinButton } from '../features/test-requests/components/join-button';
import { OwnerControls } from '../features/test-requests/components/owner-controls';
import { RatePanel } from '../features/test-requests/components/rate-panel';
import { SkillList } from '../features/test-requests/components/skill-list';
import { StatusBadge } from '../features/test-requests/components/status-badge';

function RequestView({ request }: { request: TestRequestDetail }) {
  useDocumentTitle(request.title);
  const isAdmin = useSession((s) => s.user?.isAdmin ?? false);
  const seen = useRequestActivity((s) => s.seen);
  // Opening the request clears its live badge.
  useEffect(() => seen(request.id), [request.id, request.feedbackCount, request.testerCount, seen]);
  const canManage = request.viewer.isOwner || isAdmin;
  const active = request.status === 'open' || request.status === 'in_progress';
  return (
    <div className="mx-auto max-w-4xl px-4 py-8 sm:px-6 sm:py-10">
      <Link href="/test-requests" className="inline-flex items-center gap-1 text-sm font-medium text-accent-700 hover:underline dark:text-accent-300">
        <ArrowLeft className="size-4" aria-hidden="true" />
        All test requests
      </Link>
      <Card className="mt-4 p-6">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <h1 className="text-2xl font-semibold tracking-tight text-zinc-900 dark:text-zinc-50">{request.title}</h1>
          <StatusBadge status={request.status} />
        </div>
        <p className="mt-2 text-sm text-zinc-600 dark:text-zinc-400">
          For{' '}
          <Link href={`/projects/${request.projectId}`} className="font-medium text-accent-700 hover:underline dark:text-accent-300">
            {request.projectTitle}
          </Link>{' '}
          by{' '}
          <Link href={`/users/${request.ownerUsername}`} className="font-medium text-accent-700 hover:underline dark:text-accent-300">
            {request.ownerUsername}
          </Link>{' '}
          · opened {formatRelative(request.createdAt)}
        </p>
        <div className="mt-2 flex flex-wrap items-center gap-1.5">
          <CategoryBadge category={request.projectCategory} />
          <TierBadge tier={request.ownerTier} role="Developer" />
          {request.isHidden ? <span className="text-xs font-medium text-red-700 dark:text-red-400">Hidden by an admin</span> : null}
        </div>
        <p className="mt-4 whitespace-pre-line text-sm text-zinc-800 dark:text-zinc-200">{request.description}</p>
        <SkillList skills={request.skillsNeeded} className="mt-4" />
        <dl className="tabular mt-4 flex flex-wrap gap-x-6 gap-y-2 text-sm text-zinc-700 dark:text-zinc-300">
          <div className="inline-flex items-center gap-1.5">
            <Users className="size-4" aria-hidden="true" />
            <dt className="sr-only">Testers</dt>
            <dd>
              {request.testerCount}/{request.maxTesters} testers
            </dd>
          </div>
          <div className="inline-flex items-center gap-1.5">
            <MessageSquareText className="size-4" aria-hidden="true" />
            <dt className="sr-only">Feedback</dt>
            <dd>{request.feedbackCount} feedback</dd>
          </div>
          <div className="inline-flex items-center gap-1.5">
            <CalendarClock className="size-4" aria-hidden="true" />
            <dt className="sr-only">Deadline</dt>
            <dd>{request.deadline ? `Due ${formatDate(request.deadline)}` : 'No deadline'}</dd>
          </div>
        </dl>
        <div className="mt-5 flex flex-wrap items-center gap-3 border-t border-zinc-100 pt-4 dark:border-zinc-800">
          {canManage ? <OwnerControls request={request} /> : null}
          <JoinButton request={request} />
        </div>
      </Card>

      <section aria-labelledby="testers-heading" className="mt-8">
        <h2 id="testers-heading" className="text-lg font-semibold text-zinc-900 dark:text-zinc-50">
          Testers
        </h2>
        {request.testers.length === 0 ? (
          <p className="mt-2 text-sm text-zinc-600 dark:text-zinc-400">No testers have joined yet.</p>
        ) : (
          <ul className="mt-3 flex flex-wrap gap-2">
            {request.testers.map((t) => (
              <li key={t.userId} className="inline-flex items-center gap-2 rounded-full border border-zinc-200 px-3 py-1 text-sm dark:border-zinc-800">
                <Link href={`/users/${t.username}`} className="font-medium text-zinc-900 hover:underline dark:text-zinc-100">
                  {t.username}
                </Link>
                <TierBadge tier={t.testerTier} role="Tester" compact />
              </li>
            ))}
          </ul>
        )}
      </section>

      {request.viewer.joined && active ? (
        <div className="mt-8">
          <FeedbackForm request={request} />
        </div>
      ) : null}

      {request.rateable.length > 0 ? (
        <div className="mt-8">
          <RatePanel request={request} />
        </div>
      ) : null}

      <section aria-labelledby="feedback-heading" className="mt-8">
        <h2 id="feedback-heading" className="text-lg font-semibold text-zinc-900 dark:text-zinc-50">
          Feedback
        </h2>
        <div className="mt-3">
          <FeedbackList request={request} />
        </div>
      </section>
    </div>
  );
}

/** /test-requests/{id}: the request, owner controls, join/leave, feedback, helpful marks and ratings, kept live. */
export function TestRequestPage({ id }: { id: string }) {
  const fetch = useTestRequest(Number(id));
  return (
    <DetailPage
      fetch={fetch}
      skeleton={
        <div className="mx-auto max-w-4xl px-4 py-10 sm:px-6" aria-busy="true">
          <Skeleton className="h-64 rounded-xl" />
        </div>
      }
      notFound={
        <NotFoundPanel
          icon={ClipboardX}
          title="Test Request Not Found"
          description="This test request does not exist or is no longer available."
          action={
            <Link href="/test-requests" className={buttonClasses()}>
              Browse test requests
            </Link>
          }
        />
      }
      errorTitle="Could not load this test request"
      render={(request) => <RequestView request={request} />}
    />
  );
}
