import { useState } from 'react';
import { Link } from 'wouter';
import type { ProjectUpdate } from '@vitrine/domain/answers';
import { sitePaths } from '@vitrine/domain/site-paths';
import { Button } from '../../../components/ui/button';
import { RelativeTime } from '../../../components/ui/relative-time';
import { toast } from '../../../components/ui/toast';
import { useFocusResult } from '../../../hooks/use-focus-result';
import { callApi, endpoints, errorMessage } from '../../../lib/api';
import { useUpdates } from '../api/use-updates';
import { UpdateForm, type UpdateDraft } from './update-form';

/** A stable empty list while the first page loads. */
const NO_UPDATES: never[] = [];

/** The testers an update credits, each linked to their profile. */
function Credits({ update }: { update: ProjectUpdate }) {
  if (update.addresses.length === 0) return null;
  return (
    <p className="text-xs text-zinc-600 dark:text-zinc-400">
      Addresses feedback from{' '}
      {update.addresses.map((a, i) => (
        <span key={a.feedbackId}>
          {i > 0 ? ', ' : null}
          <Link href={sitePaths.user(a.testerUsername)} className="font-medium underline">
            {a.testerUsername}
          </Link>
        </span>
      ))}
    </p>
  );
}

/** One update: title, time, text, the testers it credits, and the owner's Edit and Delete. */
function UpdateItem({
  update,
  onEdit,
  onDelete,
}: {
  update: ProjectUpdate;
  onEdit: (draft: UpdateDraft) => Promise<unknown>;
  onDelete: () => void;
}) {
  const [editing, setEditing] = useState(false);
  const draft = {
    title: update.title,
    body: update.body,
    addressesFeedbackIds: update.addresses.map((a) => a.feedbackId),
  };
  return (
    <article
      id={`update-${update.id}`}
      tabIndex={-1}
      aria-labelledby={`update-${update.id}-title`}
      className="flex scroll-mt-20 flex-col gap-1 border-t focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent-500 border-zinc-200 py-4 first:border-t-0 dark:border-zinc-800"
    >
      <h3 id={`update-${update.id}-title`} className="break-words font-semibold text-zinc-900 dark:text-zinc-100">
        {update.title}
      </h3>
      <p className="text-xs text-zinc-600 dark:text-zinc-400">
        <RelativeTime value={update.createdAt} />
        {update.editedAt ? ' · edited' : null}
      </p>
      {editing ? (
        <UpdateForm
          projectId={update.projectId}
          initial={draft}
          submitLabel="Save update"
          onCancel={() => setEditing(false)}
          onSubmit={async (next) => {
            await onEdit(next);
            setEditing(false);
          }}
        />
      ) : (
        <div
          className="break-words text-sm text-zinc-800 dark:text-zinc-200 [&_a]:text-accent-700 [&_a]:underline dark:[&_a]:text-accent-300 [&_blockquote]:border-l-2 [&_blockquote]:border-zinc-300 [&_blockquote]:pl-3 [&_code]:rounded [&_code]:bg-zinc-100 [&_code]:px-1 dark:[&_code]:bg-zinc-800 [&_ol]:list-decimal [&_ol]:pl-5 [&_p]:my-1 [&_pre]:overflow-x-auto [&_ul]:list-disc [&_ul]:pl-5"
          // The server renders it from markdown with raw HTML off and only http(s)/mailto links (api/src/markdown.ts).
          dangerouslySetInnerHTML={{ __html: update.html }}
        />
      )}
      <Credits update={update} />
      {update.canEdit && !editing ? (
        <div className="flex gap-2">
          <Button size="sm" variant="ghost" onClick={() => setEditing(true)} aria-label={`Edit "${update.title}"`}>
            Edit
          </Button>
          <Button size="sm" variant="ghost" onClick={onDelete} aria-label={`Delete "${update.title}"`}>
            Delete
          </Button>
        </div>
      ) : null}
    </article>
  );
}

/**
 * The Updates section of a project's page (its devlog): newest first, with a link to its Atom feed;
 * the owner posts, edits and deletes, naming the testers' feedback an update addresses.
 */
export function UpdateSection({
  projectId,
  updateCount,
  canWrite,
}: {
  projectId: number;
  updateCount: number;
  canWrite: boolean;
}) {
  const list = useUpdates(projectId);
  const updates = list.data ?? NO_UPDATES;
  const [count, setCount] = useState<number | null>(null);
  const shown = count ?? updateCount;
  // A posted update takes focus once the refreshed list shows it (newest first, so it is at the top).
  const focusResult = useFocusResult();
  const post = async (draft: UpdateDraft) => {
    const created = await callApi(endpoints.devlogs.create, { params: { id: projectId }, body: draft });
    setCount(shown + 1);
    await list.mutate();
    focusResult(`update-${created.id}`);
  };
  const edit = (update: ProjectUpdate) => async (draft: UpdateDraft) => {
    await callApi(endpoints.devlogs.edit, { params: { id: projectId, updateId: update.id }, body: draft });
    await list.mutate();
  };
  const remove = (update: ProjectUpdate) => () => {
    if (!window.confirm(`Delete the update "${update.title}"?`)) return;
    callApi(endpoints.devlogs.remove, { params: { id: projectId, updateId: update.id } })
      .then(() => {
        setCount(Math.max(shown - 1, 0));
        return list.mutate();
      })
      .catch((error: unknown) =>
        toast({
          title: 'Could not delete the update',
          description: errorMessage(error, 'Please try again.'),
          variant: 'destructive',
        }),
      );
  };
  if (!canWrite && shown === 0 && updates.length === 0) return null;

  return (
    <section aria-labelledby="updates-heading" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="updates-heading" className="text-lg font-semibold text-zinc-900 dark:text-zinc-100">
          Updates <span className="tabular text-zinc-500 dark:text-zinc-400">({shown})</span>
        </h2>
        <a
          href={sitePaths.projectFeed(projectId, 'atom')}
          className="text-sm text-accent-700 underline dark:text-accent-300"
        >
          Atom feed
        </a>
      </div>
      {canWrite ? <UpdateForm projectId={projectId} submitLabel="Post update" onSubmit={post} /> : null}
      {list.error && updates.length === 0 ? (
        <p role="alert" className="text-sm text-red-600 dark:text-red-400">
          Could not load the updates.
        </p>
      ) : null}
      {!list.isLoading && updates.length === 0 && !list.error ? (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">No updates yet.</p>
      ) : null}
      <div className="flex flex-col">
        {updates.map((update) => (
          <UpdateItem key={update.id} update={update} onEdit={edit(update)} onDelete={remove(update)} />
        ))}
      </div>
      {list.hasMore ? (
        <Button variant="outline" onClick={list.loadMore} disabled={list.isLoadingMore} className="self-center">
          Load more updates
        </Button>
      ) : null}
    </section>
  );
}
