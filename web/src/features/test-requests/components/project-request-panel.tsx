import { Suspense, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { ClipboardList, Plus } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/skeleton';
import { useProjectRequest } from '../api/use-test-requests';
import { lazyNamed } from '../../../lib/lazy';
import { StatusBadge } from './status-badge';

// The form dialog (zod schemas, fields, dialog) loads only when the owner opens it: the page is read far more often.
const RequestFormDialog = lazyNamed(() => import('./request-form-dialog'), 'RequestFormDialog');

/** The project page's test request: the active (else latest) one, and for the owner an 'Open a test request' button. */
export function ProjectRequestPanel({ projectId, isOwner }: { projectId: number; isOwner: boolean }) {
  const { data, isLoading } = useProjectRequest(projectId);
  const [open, setOpen] = useState(false);
  const [, navigate] = useLocation();
  const request = data?.request ?? null;
  const active = request !== null && (request.status === 'open' || request.status === 'in_progress');
  if (isLoading) return <Skeleton className="h-32 rounded-xl" />;
  if (!request && !isOwner) return null;
  return (
    <Card className="p-5">
      <h2 className="flex items-center gap-2 text-base font-semibold text-zinc-900 dark:text-zinc-50">
        <ClipboardList className="size-4" aria-hidden="true" />
        Test request
      </h2>
      {request ? (
        <div className="mt-3 space-y-2 text-sm">
          <div className="flex items-start justify-between gap-2">
            <Link
              href={`/test-requests/${request.id}`}
              className="font-medium text-accent-700 hover:underline dark:text-accent-300"
            >
              {request.title}
            </Link>
            <StatusBadge status={request.status} />
          </div>
          <p className="tabular text-zinc-600 dark:text-zinc-400">
            {request.testerCount}/{request.maxTesters} testers · {request.feedbackCount} feedback
          </p>
        </div>
      ) : (
        <p className="mt-2 text-sm text-zinc-600 dark:text-zinc-400">
          Ask testers to try this project and send structured feedback.
        </p>
      )}
      {isOwner && !active ? (
        <>
          <Button size="sm" className="mt-4" onClick={() => setOpen(true)}>
            <Plus aria-hidden="true" />
            Open a test request
          </Button>
          {open ? (
            <Suspense fallback={null}>
              <RequestFormDialog
                projectId={projectId}
                onOpenChange={setOpen}
                onSaved={(id) => navigate(`/test-requests/${id}`)}
              />
            </Suspense>
          ) : null}
        </>
      ) : null}
    </Card>
  );
}
