import { useState, type ReactNode } from 'react';
import { Link } from 'wouter';
import type { Comment } from '@vitrine/domain/answers';
import { sitePaths } from '@vitrine/domain/site-paths';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { RelativeTime } from '../../../components/ui/relative-time';
import { CommentForm } from './comment-form';

/** What a reader may do to a comment, as the section wires it. */
export interface CommentActions {
  signedIn: boolean;
  isAdmin: boolean;
  myUsername: string | null;
  reply?: (comment: Comment) => void;
  edit: (comment: Comment, body: string) => Promise<unknown>;
  remove: (comment: Comment) => void;
  report: (comment: Comment) => void;
  setHidden: (comment: Comment, hidden: boolean) => void;
}

/** The id of a comment's article on the page, which takes focus once the reader has posted it. */
export function commentAnchor(id: number): string {
  return `comment-${id}`;
}

/** The article's classes: its focus ring shows when it takes focus after the reader posted it. */
const ARTICLE_CLASSES =
  'flex scroll-mt-20 flex-col gap-1 focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-accent-500';

/** The text shown in place of a comment's: "[deleted]", "[removed by a moderator]", or its HTML. */
function CommentBody({ comment }: { comment: Comment }) {
  if (comment.deleted) return <p className="text-sm italic text-zinc-500 dark:text-zinc-400">[deleted]</p>;
  if (comment.hidden && !comment.html)
    return <p className="text-sm italic text-zinc-500 dark:text-zinc-400">[removed by a moderator]</p>;
  return (
    <div
      className="comment-body text-sm text-zinc-800 dark:text-zinc-200 [&_a]:text-accent-700 [&_a]:underline dark:[&_a]:text-accent-300 [&_blockquote]:border-l-2 [&_blockquote]:border-zinc-300 [&_blockquote]:pl-3 [&_code]:rounded [&_code]:bg-zinc-100 [&_code]:px-1 dark:[&_code]:bg-zinc-800 [&_ol]:list-decimal [&_ol]:pl-5 [&_p]:my-1 [&_pre]:overflow-x-auto [&_ul]:list-disc [&_ul]:pl-5"
      // The server renders it from markdown with raw HTML off and only http(s)/mailto links (api/src/markdown.ts).
      dangerouslySetInnerHTML={{ __html: comment.html }}
    />
  );
}

/** One comment: author (Maker badge), time, "edited", its text, and the reader's actions. */
export function CommentItem({
  comment,
  actions,
  children,
}: {
  comment: Comment;
  actions: CommentActions;
  children?: ReactNode;
}) {
  const [editing, setEditing] = useState(false);
  const own = comment.author?.username !== undefined && comment.author.username === actions.myUsername;
  return (
    <article
      id={commentAnchor(comment.id)}
      tabIndex={-1}
      className={ARTICLE_CLASSES}
      aria-label={`Comment by ${comment.author?.username ?? 'a former member'}`}
    >
      <div className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-zinc-600 dark:text-zinc-400">
        {comment.author?.username ? (
          <Link
            href={sitePaths.user(comment.author.username)}
            className="font-semibold text-zinc-900 hover:underline dark:text-zinc-100"
          >
            {comment.author.username}
          </Link>
        ) : null}
        {comment.author?.isMaker ? <Badge color="accent">Maker</Badge> : null}
        <RelativeTime value={comment.createdAt} />
        {comment.editedAt && !comment.deleted ? <span>(edited)</span> : null}
        {comment.hidden && comment.html ? <Badge color="yellow">Hidden</Badge> : null}
      </div>
      {editing ? (
        <CommentForm
          label="Edit your comment"
          submitLabel="Save"
          initial={comment.body}
          autoFocus
          onCancel={() => setEditing(false)}
          onSubmit={async (body) => {
            await actions.edit(comment, body);
            setEditing(false);
          }}
        />
      ) : (
        <CommentBody comment={comment} />
      )}
      {!comment.deleted && actions.signedIn && !editing ? (
        <div className="flex flex-wrap gap-1">
          {actions.reply ? (
            <Button size="sm" variant="ghost" onClick={() => actions.reply?.(comment)}>
              Reply
            </Button>
          ) : null}
          {comment.canEdit ? (
            <Button size="sm" variant="ghost" onClick={() => setEditing(true)}>
              Edit
            </Button>
          ) : null}
          {comment.canDelete ? (
            <Button size="sm" variant="ghost" onClick={() => actions.remove(comment)}>
              Delete
            </Button>
          ) : null}
          {!own && comment.author ? (
            <Button size="sm" variant="ghost" onClick={() => actions.report(comment)}>
              Report
            </Button>
          ) : null}
          {actions.isAdmin ? (
            <Button size="sm" variant="ghost" onClick={() => actions.setHidden(comment, !comment.hidden)}>
              {comment.hidden ? 'Show' : 'Hide'}
            </Button>
          ) : null}
        </div>
      ) : null}
      {children}
    </article>
  );
}
