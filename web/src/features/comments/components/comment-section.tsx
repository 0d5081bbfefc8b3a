import { useEffect, useRef, useState } from 'react';
import type { Comment } from '@vitrine/domain/answers';
import type { CommentPush } from '@vitrine/domain/events';
import type { CommentSort } from '@vitrine/domain/comments';
import { Button } from '../../../components/ui/button';
import { Select } from '../../../components/ui/select';
import { toast } from '../../../components/ui/toast';
import { callApi, endpoints, errorMessage } from '../../../lib/api';
import { useFocusResult } from '../../../hooks/use-focus-result';
import { useLiveEvent } from '../../../hooks/use-live-event';
import { useDialogs } from '../../../stores/dialogs';
import { useSession } from '../../../stores/session';
import { useComments } from '../api/use-comments';
import { CommentForm } from './comment-form';
import { CommentItem, commentAnchor, type CommentActions } from './comment-item';
import { CommentReportDialog } from './comment-report-dialog';

/** A stable empty list while the first page loads. */
const NO_THREADS: never[] = [];

const SORTS: Array<{ value: CommentSort; label: string }> = [
  { value: 'oldest', label: 'Oldest first' },
  { value: 'top', label: 'Top' },
];

/**
 * New comments pushed while the end of the list is off screen: counted for the "N new comments"
 * pill. The list refreshes at once for another's change (forms keep what is typed, since nothing
 * remounts); this reader's own new comment is refreshed by its write. The count in the heading is the
 * project's own `commentCount`, which the root hook writes from the same pushes (hooks/use-live-updates.ts).
 */
function useNewCommentsPill(projectId: number, refresh: () => unknown, ownIds: React.RefObject<Set<number>>) {
  const end = useRef<HTMLDivElement>(null);
  const endVisible = useRef(true);
  const [unseen, setUnseen] = useState(0);
  useEffect(() => {
    const node = end.current;
    if (!node || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(([entry]) => {
      endVisible.current = entry?.isIntersecting ?? true;
      if (endVisible.current) setUnseen(0);
    });
    observer.observe(node);
    return () => observer.disconnect();
  }, []);
  const onPush = (push: CommentPush, created: boolean) => {
    // This reader's new comment: its write refreshes the list and focuses it.
    if (push.projectId !== projectId || (created && ownIds.current?.has(push.commentId))) return;
    void refresh();
    if (created && !endVisible.current) setUnseen((n) => n + 1);
  };
  useLiveEvent('comment:created', (push) => onPush(push, true));
  useLiveEvent('comment:updated', (push) => onPush(push, false));
  useLiveEvent('comment:deleted', (push) => onPush(push, false));
  const jump = () => {
    setUnseen(0);
    end.current?.scrollIntoView({ behavior: 'smooth', block: 'end' });
  };
  return { end, unseen, jump };
}

/** The writes of the section, each refreshing the list after it. */
function useCommentWrites(projectId: number, refresh: () => unknown, ownIds: React.RefObject<Set<number>>) {
  const focusResult = useFocusResult();
  const failed = (title: string) => (error: unknown) =>
    toast({ title, description: errorMessage(error, 'Please try again.'), variant: 'destructive' });
  return {
    // A posted comment or reply takes focus once the refreshed list shows it (a reply's form is gone
    // by then); a reply not shown leaves focus on its thread.
    post: async (body: string, parentId?: number) => {
      const comment = await callApi(endpoints.comments.create, { params: { id: projectId }, body: { body, parentId } });
      ownIds.current?.add(comment.id);
      await refresh();
      focusResult(commentAnchor(comment.id), parentId === undefined ? undefined : commentAnchor(parentId));
    },
    edit: async (comment: Comment, body: string) => {
      await callApi(endpoints.comments.edit, { params: { id: comment.id }, body: { body } });
      await refresh();
    },
    remove: (comment: Comment) => {
      callApi(endpoints.comments.remove, { params: { id: comment.id } })
        .then(refresh)
        .catch(failed('Could not delete the comment'));
    },
    setHidden: (comment: Comment, hidden: boolean) => {
      callApi(endpoints.comments.setVisibility, { params: { id: comment.id }, body: { hidden } })
        .then(refresh)
        .catch(failed('Could not change the comment'));
    },
  };
}

/** A thread: its comment, its replies, and the reply box when the reader answers it. */
function Thread({
  thread,
  actions,
  replying,
  onReply,
  onPostReply,
}: {
  thread: Comment;
  actions: CommentActions;
  replying: boolean;
  onReply: (thread: Comment | null) => void;
  onPostReply: (body: string) => Promise<unknown>;
}) {
  const threadActions = { ...actions, reply: () => onReply(thread) };
  return (
    <li className="border-t border-zinc-200 py-4 first:border-t-0 dark:border-zinc-800">
      <CommentItem comment={thread} actions={threadActions}>
        {thread.replies && thread.replies.length > 0 ? (
          <ul className="mt-3 flex flex-col gap-3 border-l-2 border-zinc-200 pl-4 dark:border-zinc-800">
            {thread.replies.map((reply) => (
              <li key={reply.id}>
                <CommentItem comment={reply} actions={threadActions} />
              </li>
            ))}
          </ul>
        ) : null}
        {replying ? (
          <div className="mt-3 pl-4">
            <CommentForm
              label={`Reply to ${thread.author?.username ?? 'this thread'}`}
              submitLabel="Post reply"
              autoFocus
              onCancel={() => onReply(null)}
              onSubmit={async (body) => {
                await onPostReply(body);
                onReply(null);
              }}
            />
          </div>
        ) : null}
      </CommentItem>
    </li>
  );
}

/** The member's box; a visitor gets Log in, a paused member, a hidden project or a session still loading nothing. */
function Composer({
  canWrite,
  signedIn,
  onPost,
}: {
  canWrite: boolean;
  signedIn: boolean;
  onPost: (body: string) => Promise<unknown>;
}) {
  const showDialog = useDialogs((s) => s.show);
  if (canWrite) return <CommentForm label="Add a comment" submitLabel="Post comment" onSubmit={onPost} />;
  if (signedIn) return null;
  return (
    <p>
      <Button size="sm" variant="outline" onClick={() => showDialog('auth')}>
        Log in to comment
      </Button>
    </p>
  );
}

/**
 * The comment section of a project's page: threads (oldest first or Top), replies one level deep,
 * the member's box, edit/delete/report and the admins' hide; live for everyone watching the page.
 */
export function CommentSection({
  projectId,
  commentCount,
  closed,
}: {
  projectId: number;
  commentCount: number;
  closed: boolean;
}) {
  const [sort, setSort] = useState<CommentSort>('oldest');
  const list = useComments(projectId, sort);
  const threads = list.data ?? NO_THREADS;
  const ownIds = useRef(new Set<number>());
  const { end: listEnd, unseen, jump } = useNewCommentsPill(projectId, list.mutate, ownIds);
  const writes = useCommentWrites(projectId, list.mutate, ownIds);
  const user = useSession((s) => s.user);
  const sessionLoading = useSession((s) => s.isLoading);
  const [replyTo, setReplyTo] = useState<number | null>(null);
  const [reporting, setReporting] = useState<number | null>(null);
  const actions: CommentActions = {
    signedIn: user !== null && user !== undefined,
    isAdmin: user?.isAdmin ?? false,
    myUsername: user?.username ?? null,
    edit: writes.edit,
    remove: writes.remove,
    report: (comment) => setReporting(comment.id),
    setHidden: writes.setHidden,
  };
  const canWrite = Boolean(user) && !user?.isPaused && !closed;

  return (
    <section aria-labelledby="comments-heading" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="comments-heading" className="text-lg font-semibold text-zinc-900 dark:text-zinc-100">
          Comments <span className="tabular text-zinc-500 dark:text-zinc-400">({commentCount})</span>
        </h2>
        <Select
          aria-label="Sort comments"
          options={SORTS}
          value={sort}
          onValueChange={(value) => setSort(value as CommentSort)}
          className="w-36"
        />
      </div>
      <Composer canWrite={canWrite} signedIn={Boolean(user) || sessionLoading} onPost={(body) => writes.post(body)} />
      {list.error && threads.length === 0 ? (
        <p role="alert" className="text-sm text-red-600 dark:text-red-400">
          Could not load the comments.
        </p>
      ) : null}
      {!list.isLoading && threads.length === 0 && !list.error ? (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">No comments yet.</p>
      ) : null}
      <ul className="flex flex-col">
        {threads.map((thread) => (
          <Thread
            key={thread.id}
            thread={thread}
            actions={canWrite ? actions : { ...actions, signedIn: actions.signedIn && !closed }}
            replying={replyTo === thread.id}
            onReply={(target) => setReplyTo(target?.id ?? null)}
            onPostReply={(body) => writes.post(body, thread.id)}
          />
        ))}
      </ul>
      {list.hasMore ? (
        <Button variant="outline" onClick={list.loadMore} disabled={list.isLoadingMore} className="self-center">
          Load more comments
        </Button>
      ) : null}
      <div ref={listEnd} aria-hidden="true" />
      {unseen > 0 ? (
        <Button onClick={jump} className="fixed bottom-6 left-1/2 z-40 -translate-x-1/2 shadow-lg">
          {unseen === 1 ? '1 new comment' : `${unseen} new comments`}
        </Button>
      ) : null}
      {reporting !== null ? <CommentReportDialog commentId={reporting} onClose={() => setReporting(null)} /> : null}
    </section>
  );
}
