import { useId, useState } from 'react';
import { AlertTriangle, Check, Eye, EyeOff, MessageSquareWarning, Trash2, X } from 'lucide-react';
import type { ReportStatus } from '@vitrine/domain/constants';
import type { AdminCommentReport } from '@vitrine/domain/answers';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Textarea } from '../../../components/ui/field';
import { MODERATION_REASON_MAX } from '@vitrine/domain/moderation-log';
import { EmptyState, ErrorState } from '../../../components/ui/empty-state';
import { LoadMore } from '../../../components/ui/load-more';
import { Select } from '../../../components/ui/select';
import { useToastedAction } from '../../../hooks/use-toasted-action';
import { cn } from '../../../lib/cn';
import { formatDate, formatRelative } from '../../../lib/format';
import { failureReason } from '../../../lib/reason';
import { useAdminCommentReportActions, useAdminCommentReports } from '../api/use-admin-comment-reports';
import { REPORT_STATUS_TABS, reasonLabel } from '../lib/rules';
import { TableSkeleton } from './data-table';
import { DANGER_OUTLINE, Section } from './section';

type ThreadComment = AdminCommentReport['comment'];

/** What the admins are asked before deleting a reported comment. */
const DELETE_COMMENT_CONFIRMATION =
  'Delete this comment? A comment with replies stays as "[deleted]"; this cannot be undone.';

/** A comment's text as the admins read it, with its author, time and state. */
function CommentText({ comment, reported = false }: { comment: ThreadComment; reported?: boolean }) {
  return (
    <div
      className={cn(
        'rounded-md border px-3 py-2',
        reported
          ? 'border-amber-300 bg-amber-50/70 dark:border-amber-800 dark:bg-amber-950/30'
          : 'border-zinc-200 dark:border-zinc-800',
        comment.parentId !== null && 'ml-4',
      )}
    >
      <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-zinc-600 dark:text-zinc-400">
        <span className="font-medium text-zinc-900 dark:text-zinc-100">{comment.authorUsername ?? 'Unknown User'}</span>
        <time dateTime={comment.createdAt} title={formatDate(comment.createdAt)}>
          {formatRelative(comment.createdAt)}
        </time>
        {reported ? <Badge color="yellow">Reported</Badge> : null}
        {comment.hidden ? <Badge color="red">Hidden</Badge> : null}
        {comment.deleted ? <Badge color="grey">Deleted</Badge> : null}
      </p>
      <p className="mt-1 whitespace-pre-wrap break-words text-sm text-zinc-800 dark:text-zinc-200">
        {comment.deleted ? '[deleted]' : comment.body}
      </p>
    </div>
  );
}

/** The reported comment's thread, folded: its opening comment and first replies. */
function Thread({ report }: { report: AdminCommentReport }) {
  if (report.thread.length <= 1) return null;
  return (
    <details className="group">
      <summary className="cursor-pointer rounded text-sm font-medium text-accent-700 hover:underline dark:text-accent-300">
        Thread ({report.thread.length} comments)
      </summary>
      <ol className="mt-2 flex flex-col gap-2">
        {report.thread.map((comment) => (
          <li key={comment.id}>
            <CommentText comment={comment} reported={comment.id === report.comment.id} />
          </li>
        ))}
      </ol>
    </details>
  );
}

/** Hide or show the comment, delete it, and decide a pending report. */
function CommentReportActions({ report }: { report: AdminCommentReport }) {
  const actions = useAdminCommentReportActions();
  const { busy, run } = useToastedAction();
  const [publicReason, setPublicReason] = useState('');
  const reasonId = useId();
  const failed = (title: string) => (err: unknown) => ({ title, description: failureReason(err) });
  const { comment } = report;
  const hide = (hidden: boolean) =>
    void run(hidden ? 'hide' : 'show', () => actions.setHidden(comment.id, hidden), {
      success: hidden
        ? { title: 'Comment hidden', description: 'Others now see "[removed by a moderator]".' }
        : { title: 'Comment shown', description: 'The comment is visible again.' },
      failure: failed('Action failed'),
    });
  const remove = () => {
    if (!window.confirm(DELETE_COMMENT_CONFIRMATION)) return;
    void run('delete', () => actions.deleteComment(comment.id), {
      success: { title: 'Comment deleted' },
      failure: failed('Delete failed'),
    });
  };
  const decide = (status: 'reviewed' | 'dismissed') =>
    void run(status, () => actions.decide(report.id, status, publicReason.trim() || undefined), {
      success: { title: 'Report updated', description: 'The report status has been updated.' },
      failure: failed('Update failed'),
      keepBusy: true,
    });
  const common = { size: 'sm', variant: 'outline', disabled: busy !== null } as const;
  return (
    <div className="flex flex-wrap gap-1.5">
      {comment.deleted ? null : comment.hidden ? (
        <Button {...common} loading={busy === 'show'} onClick={() => hide(false)}>
          {busy === 'show' ? null : <Eye aria-hidden="true" />}
          Show comment
        </Button>
      ) : (
        <Button {...common} loading={busy === 'hide'} onClick={() => hide(true)}>
          {busy === 'hide' ? null : <EyeOff aria-hidden="true" />}
          Hide comment
        </Button>
      )}
      {comment.deleted ? null : (
        <Button {...common} className={DANGER_OUTLINE} loading={busy === 'delete'} onClick={remove}>
          {busy === 'delete' ? null : <Trash2 aria-hidden="true" />}
          Delete comment
        </Button>
      )}
      {report.status === 'pending' ? (
        <>
          <label htmlFor={reasonId} className="sr-only">
            Public reason for comment report {report.id}, shown in the moderation log
          </label>
          <Textarea
            id={reasonId}
            rows={2}
            value={publicReason}
            onChange={(e) => setPublicReason(e.target.value)}
            maxLength={MODERATION_REASON_MAX}
            placeholder="Public reason (optional, shown in the moderation log)"
            className="basis-full text-sm"
          />
          <Button {...common} loading={busy === 'dismissed'} onClick={() => decide('dismissed')}>
            {busy === 'dismissed' ? null : <X aria-hidden="true" />}
            Dismiss
          </Button>
          <Button {...common} variant="primary" loading={busy === 'reviewed'} onClick={() => decide('reviewed')}>
            {busy === 'reviewed' ? null : <Check aria-hidden="true" />}
            Review
          </Button>
        </>
      ) : null}
    </div>
  );
}

/** One report: where and why, the comment, its thread, and the actions. */
function CommentReportCard({ report }: { report: AdminCommentReport }) {
  const headingId = useId();
  return (
    <article
      aria-labelledby={headingId}
      className="flex flex-col gap-3 rounded-lg border border-zinc-200 p-4 dark:border-zinc-800"
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 id={headingId} className="min-w-0 text-sm font-semibold text-zinc-900 dark:text-zinc-100">
          Comment on{' '}
          <a
            href={`/projects/${report.projectId}`}
            target="_blank"
            rel="noopener noreferrer"
            className="break-words text-accent-700 hover:underline dark:text-accent-300"
          >
            {report.projectTitle}
            <span className="sr-only"> (opens in a new tab)</span>
          </a>
        </h3>
        <Badge color="outline">{reasonLabel(report.reason)}</Badge>
      </div>
      <p className="text-xs text-zinc-600 dark:text-zinc-400">
        Reported by {report.reporterUsername ?? 'Anonymous'}{' '}
        <time dateTime={report.createdAt} title={formatDate(report.createdAt)}>
          {formatRelative(report.createdAt)}
        </time>
        {report.additionalDetails ? (
          <span className="mt-1 block whitespace-pre-wrap break-words">{report.additionalDetails}</span>
        ) : null}
      </p>
      <CommentText comment={report.comment} reported />
      <Thread report={report} />
      <CommentReportActions key={`${report.id}-${report.status}`} report={report} />
    </article>
  );
}

/** The reports of one status, newest first, with their loading, error and empty states. */
function CommentReportList({ status }: { status: ReportStatus }) {
  const list = useAdminCommentReports(status);
  if (list.data === undefined && !list.error)
    return <TableSkeleton label={`Loading ${status} comment reports`} rows={2} />;
  if (list.data === undefined)
    return (
      <ErrorState
        icon={AlertTriangle}
        title="Error loading comment reports"
        description="There was an error loading the reports. Please try again later."
        onRetry={() => void list.mutate()}
      />
    );
  if (list.data.length === 0) return <EmptyState icon={MessageSquareWarning} title={`No ${status} comment reports`} />;
  return (
    <>
      <ul className="flex flex-col gap-3">
        {list.data.map((report) => (
          <li key={report.id}>
            <CommentReportCard report={report} />
          </li>
        ))}
      </ul>
      <LoadMore list={list} label="Load more comment reports" />
    </>
  );
}

/** Comment Reports: members' reports of comments, each with the comment's text and thread, live. */
export function CommentReportsSection() {
  const [status, setStatus] = useState<ReportStatus>('pending');
  const selectId = useId();
  return (
    <Section
      title="Comment Reports"
      description="Reports of comments. Read the comment in its thread, hide, show or delete it, then review or dismiss the report."
      action={
        <div className="flex items-center gap-2">
          <label htmlFor={selectId} className="text-sm font-medium text-zinc-700 dark:text-zinc-300">
            Status
          </label>
          <Select
            id={selectId}
            className="w-36"
            options={[...REPORT_STATUS_TABS]}
            value={status}
            onValueChange={setStatus}
          />
        </div>
      }
    >
      <CommentReportList status={status} />
    </Section>
  );
}
