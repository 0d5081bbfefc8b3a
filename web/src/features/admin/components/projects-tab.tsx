import { useState } from 'react';
import { Link } from 'wouter';
import { AlertTriangle, Eye, EyeOff, FolderOpen, Star, ThumbsUp, Trash2 } from 'lucide-react';
import type { Project } from '@vitrine/domain/answers';
import { LoadMore } from '../../../components/ui/load-more';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { EmptyState, ErrorState } from '../../../components/ui/empty-state';
import { SearchBox } from '../../../components/ui/search-box';
import { useToastedAction } from '../../../hooks/use-toasted-action';
import { formatDate } from '../../../lib/format';
import { useAdminProjectActions, useAdminProjects } from '../api/use-admin-projects';
import { failureReason } from '../../../lib/reason';
import { deleteProjectConfirmation, projectStats } from '../lib/rules';
import { ConfirmDialog, type Confirmation } from './confirm-dialog';
import { DataTable, TableSkeleton, type Column } from './data-table';
import { DANGER_OUTLINE, Section } from './section';

/** Average with its ratings count, votes and views, in tabular figures. */
function Stats({ project }: { project: Project }) {
  const s = projectStats(project);
  return (
    <span className="tabular flex flex-col gap-0.5 text-xs text-zinc-600 dark:text-zinc-400">
      <span className="inline-flex items-center gap-1.5 whitespace-nowrap">
        <Star className="size-3.5 text-amber-500" aria-hidden="true" />
        {s.rating}
      </span>
      <span className="inline-flex items-center gap-1.5 whitespace-nowrap">
        <ThumbsUp className="size-3.5" aria-hidden="true" />
        {s.votes}
      </span>
      <span className="inline-flex items-center gap-1.5 whitespace-nowrap">
        <Eye className="size-3.5" aria-hidden="true" />
        {s.views}
      </span>
    </span>
  );
}

/** The project's title linking to its page, with a Hidden badge. */
function TitleCell({ project }: { project: Project }) {
  return (
    <span className="inline-flex flex-wrap items-center gap-1.5">
      <Link href={`/projects/${project.id}`} className="font-medium text-zinc-900 hover:underline dark:text-zinc-100">
        {project.title}
      </Link>
      {project.isHidden ? <Badge color="yellow">Hidden</Badge> : null}
    </span>
  );
}

/** The owner's name linking to the profile, or 'Unknown User'. */
function OwnerCell({ project }: { project: Project }) {
  if (!project.username) return <span className="text-zinc-500 dark:text-zinc-400">Unknown User</span>;
  return (
    <Link href={`/users/${encodeURIComponent(project.username)}`} className="hover:underline">
      {project.username}
    </Link>
  );
}

const COLUMNS: Column<Project>[] = [
  {
    header: 'ID',
    cell: (p) => <span className="tabular text-zinc-500 dark:text-zinc-400">{p.id}</span>,
    className: 'w-14',
  },
  { header: 'Title', hideOnPhone: true, cell: (p) => <TitleCell project={p} />, className: 'min-w-48' },
  { header: 'User', cell: (p) => <OwnerCell project={p} /> },
  { header: 'Stats', cell: (p) => <Stats project={p} /> },
  { header: 'Created', cell: (p) => <span className="whitespace-nowrap">{formatDate(p.createdAt)}</span> },
];

/** Hide / Unhide and a confirmed Delete for one project, with the toasts. */
function useProjectRowActions(confirm: (c: Confirmation) => void) {
  const actions = useAdminProjectActions();
  const { busy, run } = useToastedAction();
  const toggleHidden = (project: Project, reason?: string) => {
    const hide = !project.isHidden;
    return run(String(project.id), () => actions.setHidden(project.id, hide, reason), {
      success: hide
        ? { title: 'Project hidden', description: `"${project.title}" is now hidden from public view.` }
        : { title: 'Project unhidden', description: `"${project.title}" is now visible to the public.` },
      failure: (err) => ({ title: 'Action failed', description: failureReason(err) }),
    });
  };
  const askHide = (project: Project) =>
    confirm({
      title: 'Hide project',
      message: `"${project.title}" will be hidden from public view.`,
      confirmLabel: 'Hide',
      withReason: true,
      onConfirm: (reason) => toggleHidden(project, reason),
    });
  const askDelete = (project: Project) =>
    confirm({
      title: 'Delete project',
      message: deleteProjectConfirmation(project.title),
      confirmLabel: 'Delete',
      withReason: true,
      onConfirm: (reason) =>
        run(`delete-${project.id}`, () => actions.remove(project.id, reason), {
          success: { title: 'Project deleted successfully' },
          failure: (err) => ({ title: 'Error', description: `Failed to delete project: ${failureReason(err)}` }),
        }),
    });

  return (p: Project) => (
    <>
      <Button
        size="sm"
        variant="outline"
        onClick={() => void toggleHidden(p)}
        loading={busy === String(p.id)}
        aria-label={`${p.isHidden ? 'Unhide' : 'Hide'} ${p.title}`}
      >
        {busy === String(p.id) ? null : p.isHidden ? <Eye aria-hidden="true" /> : <EyeOff aria-hidden="true" />}
        {p.isHidden ? 'Unhide' : 'Hide'}
      </Button>
      {p.isHidden ? null : (
        <Button size="sm" variant="outline" onClick={() => askHide(p)} aria-label={`Hide with reason: ${p.title}`}>
          Hide with reason
        </Button>
      )}
      <Button
        size="sm"
        variant="outline"
        className={DANGER_OUTLINE}
        onClick={() => askDelete(p)}
        aria-label={`Delete ${p.title}`}
      >
        <Trash2 aria-hidden="true" />
        Delete
      </Button>
    </>
  );
}

/**
 * The Projects tab ('Projects Management'): every project, hidden ones included, with
 * Stats, Created, Hide / Unhide and a confirmed Delete; loading, 'Error loading projects' and
 * 'No projects found' states.
 */
export function ProjectsTab() {
  const [q, setQ] = useState('');
  const list = useAdminProjects(q);
  const { data, error, isLoading, mutate } = list;
  const [confirmation, setConfirmation] = useState<Confirmation | null>(null);
  const rowActions = useProjectRowActions(setConfirmation);

  let body;
  if (isLoading && !data) body = <TableSkeleton label="Loading projects" />;
  else if (error && !data)
    body = (
      <ErrorState
        icon={AlertTriangle}
        title="Error loading projects"
        description={failureReason(error)}
        onRetry={() => void mutate()}
      />
    );
  else if (!Array.isArray(data)) body = <EmptyState icon={FolderOpen} title="No projects data available" />;
  else if (data.length === 0)
    body = (
      <EmptyState icon={FolderOpen} title="No projects found" description={q ? `Nothing matches "${q}".` : undefined} />
    );
  else
    body = (
      <DataTable
        caption="Projects"
        columns={COLUMNS}
        rows={data}
        rowKey={(p) => p.id}
        cardTitle={(p) => <TitleCell project={p} />}
        actions={rowActions}
      />
    );

  return (
    <Section
      title="Projects Management"
      description="Every project, including hidden ones. Hide a project from public view or delete it."
    >
      <SearchBox label="Search projects" value={q} onSearch={setQ} className="mb-4" />
      {body}
      <LoadMore list={list} label="Load more projects" />
      <ConfirmDialog confirmation={confirmation} onClose={() => setConfirmation(null)} />
    </Section>
  );
}
