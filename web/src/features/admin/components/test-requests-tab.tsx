import { useState } from 'react';
import { Link } from 'wouter';
import { AlertTriangle, ClipboardList, Eye, EyeOff, XCircle } from 'lucide-react';
import type { TestRequestView } from '@vitrine/domain/answers';
import { REQUEST_STATUS_LABELS } from '@vitrine/domain/test-requests';
import { LoadMore } from '../../../components/ui/load-more';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { EmptyState, ErrorState } from '../../../components/ui/empty-state';
import { SearchBox } from '../../../components/ui/search-box';
import { useToastedAction } from '../../../hooks/use-toasted-action';
import { formatDate } from '../../../lib/format';
import { useAdminTestRequestActions, useAdminTestRequests } from '../api/use-admin-test-requests';
import { failureReason } from '../../../lib/reason';
import { ConfirmDialog, type Confirmation } from './confirm-dialog';
import { DataTable, TableSkeleton, type Column } from './data-table';
import { DANGER_OUTLINE, Section } from './section';

function TitleCell({ request }: { request: TestRequestView }) {
  return (
    <span className="inline-flex flex-wrap items-center gap-1.5">
      <Link
        href={`/test-requests/${request.id}`}
        className="font-medium text-zinc-900 hover:underline dark:text-zinc-100"
      >
        {request.title}
      </Link>
      {request.isHidden ? <Badge color="yellow">Hidden</Badge> : null}
    </span>
  );
}

/** The request's owner linking to their profile. */
function OwnerCell({ request }: { request: TestRequestView }) {
  return (
    <Link href={`/users/${encodeURIComponent(request.ownerUsername)}`} className="hover:underline">
      {request.ownerUsername}
    </Link>
  );
}

const COLUMNS: Column<TestRequestView>[] = [
  {
    header: 'ID',
    cell: (r) => <span className="tabular text-zinc-500 dark:text-zinc-400">{r.id}</span>,
    className: 'w-14',
  },
  { header: 'Title', hideOnPhone: true, cell: (r) => <TitleCell request={r} />, className: 'min-w-48' },
  {
    header: 'Project',
    cell: (r) => (
      <Link href={`/projects/${r.projectId}`} className="hover:underline">
        {r.projectTitle}
      </Link>
    ),
  },
  { header: 'Owner', cell: (r) => <OwnerCell request={r} /> },
  { header: 'Status', cell: (r) => <span className="whitespace-nowrap">{REQUEST_STATUS_LABELS[r.status]}</span> },
  {
    header: 'Testers',
    cell: (r) => (
      <span className="tabular">
        {r.testerCount}/{r.maxTesters}
      </span>
    ),
  },
  { header: 'Created', cell: (r) => <span className="whitespace-nowrap">{formatDate(r.createdAt)}</span> },
];

/**
 * Hide / Unhide for every request, Hide with reason (the public moderation log's reason), and a
 * confirmed Cancel while it is open or in progress.
 */
function useTestRequestRowActions(confirm: (c: Confirmation) => void) {
  const actions = useAdminTestRequestActions();
  const { busy, run } = useToastedAction();
  const toggleHidden = (r: TestRequestView, reason?: string) =>
    run(String(r.id), () => actions.setHidden(r.id, !r.isHidden, reason), {
      success: { title: r.isHidden ? 'Test request unhidden' : 'Test request hidden', description: `"${r.title}"` },
      failure: (err) => ({ title: 'Action failed', description: failureReason(err) }),
    });
  const askHide = (r: TestRequestView) =>
    confirm({
      title: 'Hide test request',
      message: `"${r.title}" will be hidden from public view.`,
      confirmLabel: 'Hide',
      withReason: true,
      onConfirm: (reason) => toggleHidden(r, reason),
    });
  const askCancel = (r: TestRequestView) =>
    confirm({
      title: 'Cancel test request',
      message: `Cancel "${r.title}"? Its testers are told, and it cannot be reopened.`,
      confirmLabel: 'Cancel request',
      onConfirm: async () => {
        await run(`cancel-${r.id}`, () => actions.cancel(r.id), {
          success: { title: 'Test request cancelled', description: `"${r.title}"` },
          failure: (err) => ({ title: 'Action failed', description: failureReason(err) }),
        });
      },
    });

  return (r: TestRequestView) => (
    <>
      <Button
        size="sm"
        variant="outline"
        onClick={() => void toggleHidden(r)}
        loading={busy === String(r.id)}
        aria-label={`${r.isHidden ? 'Unhide' : 'Hide'} ${r.title}`}
      >
        {busy === String(r.id) ? null : r.isHidden ? <Eye aria-hidden="true" /> : <EyeOff aria-hidden="true" />}
        {r.isHidden ? 'Unhide' : 'Hide'}
      </Button>
      {r.isHidden ? null : (
        <Button size="sm" variant="outline" onClick={() => askHide(r)} aria-label={`Hide with reason: ${r.title}`}>
          Hide with reason
        </Button>
      )}
      {r.status === 'open' || r.status === 'in_progress' ? (
        <Button
          size="sm"
          variant="outline"
          className={DANGER_OUTLINE}
          onClick={() => askCancel(r)}
          aria-label={`Cancel ${r.title}`}
        >
          <XCircle aria-hidden="true" />
          Cancel
        </Button>
      ) : null}
    </>
  );
}

/** The Test Requests tab: every request, searchable, with Hide / Unhide and a confirmed Cancel. */
export function TestRequestsTab() {
  const [q, setQ] = useState('');
  const list = useAdminTestRequests(q);
  const { data, error, isLoading, mutate } = list;
  const [confirmation, setConfirmation] = useState<Confirmation | null>(null);
  const rowActions = useTestRequestRowActions(setConfirmation);

  let body;
  if (isLoading && !data) body = <TableSkeleton label="Loading test requests" />;
  else if (error && !data)
    body = (
      <ErrorState
        icon={AlertTriangle}
        title="Error loading test requests"
        description={failureReason(error)}
        onRetry={() => void mutate()}
      />
    );
  else if (!data || data.length === 0)
    body = (
      <EmptyState
        icon={ClipboardList}
        title="No test requests found"
        description={q ? `Nothing matches "${q}".` : undefined}
      />
    );
  else
    body = (
      <DataTable
        caption="Test requests"
        columns={COLUMNS}
        rows={data}
        rowKey={(r) => r.id}
        cardTitle={(r) => <TitleCell request={r} />}
        actions={rowActions}
      />
    );

  return (
    <Section
      title="Test Requests"
      description="Every test request, including hidden ones. Hide a request from public view or cancel it. Remove an abusive rating from the user's profile (Testing tab)."
    >
      <SearchBox label="Search test requests" value={q} onSearch={setQ} className="mb-4" />
      {body}
      <LoadMore list={list} label="Load more test requests" />
      <ConfirmDialog confirmation={confirmation} onClose={() => setConfirmation(null)} />
    </Section>
  );
}
