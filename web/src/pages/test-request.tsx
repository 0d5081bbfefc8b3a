import { Link } from 'wouter';
import { ArrowLeft, ClipboardX } from 'lucide-react';
import type { TestRequestDetail } from '@vitrine/domain/answers';
import { buttonClasses } from '../components/ui/button';
import { Skeleton } from '../components/ui/skeleton';
import { DetailPage, NotFoundPanel } from '../components/page/detail-page';
import { useDocumentTitle } from '../lib/site';
import { useSession } from '../stores/session';
import { useTestRequest } from '../features/test-requests/api/use-test-requests';
import { FeedbackForm } from '../features/test-requests/components/feedback-form';
import { FeedbackList } from '../features/test-requests/components/feedback-list';
import { JoinButton } from '../features/test-requests/components/join-button';
import { OwnerControls } from '../features/test-requests/components/owner-controls';
import { RatePanel } from '../features/test-requests/components/rate-panel';
import { RequestSummary, TesterList } from '../features/test-requests/components/request-summary';

/** The request page once loaded: summary with the owner's and tester's actions, testers, my feedback, ratings, feedback. */
function RequestView({ request }: { request: TestRequestDetail }) {
  useDocumentTitle(request.title);
  const isAdmin = useSession((s) => s.user?.isAdmin ?? false);
  const canManage = request.viewer.isOwner || isAdmin;
  const active = request.status === 'open' || request.status === 'in_progress';
  const actions = (
    <>
      {canManage ? <OwnerControls request={request} /> : null}
      <JoinButton request={request} />
    </>
  );
  return (
    <div className="mx-auto max-w-4xl px-4 py-8 sm:px-6 sm:py-10">
      <Link
        href="/test-requests"
        className="inline-flex items-center gap-1 text-sm font-medium text-accent-700 hover:underline dark:text-accent-300"
      >
        <ArrowLeft className="size-4" aria-hidden="true" />
        All test requests
      </Link>
      <RequestSummary request={request} actions={actions} />
      <TesterList request={request} />
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
