import { Suspense, memo, useState, useSyncExternalStore } from 'react';
import { Link } from 'wouter';
import { ArrowLeft, CircleAlert } from 'lucide-react';
import { useSWRConfig } from 'swr';
import { unstable_serialize } from 'swr/infinite';
import type { Comment, ProjectDetail } from '@vitrine/domain/answers';
import { commentsKey } from '../features/comments/api/keys';
import { Button, buttonClasses } from '../components/ui/button';
import { Card } from '../components/ui/card';
import { DetailPage, NotFoundPanel } from '../components/page/detail-page';
import { Skeleton } from '../components/ui/skeleton';
import { DownBadge } from '../components/ui/down-badge';
import { useJsonLd } from '../lib/json-ld';
import { projectJsonLd } from '../features/projects/lib/json-ld';
import { pageOrigin, useDocumentTitle, useMetaDescription } from '../lib/site';
import { useProject, useRecordView } from '../features/projects/api/use-project';
import { ProjectPreview } from '../features/projects/components/detail/project-preview';
import { ProjectSidebar } from '../features/projects/components/detail/project-sidebar';
import { ProjectSummary } from '../features/projects/components/detail/project-summary';
import { RankDisclosure } from '../features/projects/components/detail/rank-disclosure';
import { ProjectRequestPanel } from '../features/test-requests/components/project-request-panel';
import { lazyNamed } from '../lib/lazy';
import { useWatchProjects } from '../hooks/use-watch-projects';
import { useSession } from '../stores/session';

// The edit and report dialogs (and their zod schemas) load on first open.
const EditProjectDialog = lazyNamed(
  () => import('../features/projects/components/edit-project-dialog'),
  'EditProjectDialog',
);
const ReportDialog = lazyNamed(() => import('../features/projects/components/report-dialog'), 'ReportDialog');
// The comment section is a chunk of its own (the server render preloads it: web/src/ssr/pages.ts).
const CommentSection = lazyNamed(() => import('../features/comments/components/comment-section'), 'CommentSection');
// So is the Updates section (the devlog), preloaded the same way.
const UpdateSection = lazyNamed(() => import('../features/devlogs/components/update-section'), 'UpdateSection');
// The gallery and its lightbox load with a project that has pictures; the owner's image tools for its owner.
const ProjectGallery = lazyNamed(
  () => import('../features/projects/components/detail/project-gallery'),
  'ProjectGallery',
);
const MediaManager = lazyNamed(() => import('../features/projects/components/detail/media-manager'), 'MediaManager');
// The live-or-down panel (uptime, sparkline, check now) loads after the page.
const HealthPanel = lazyNamed(() => import('../features/projects/components/detail/health-panel'), 'HealthPanel');
// The owner's badge snippets: a chunk only the owner's page loads.
const BadgePanel = lazyNamed(() => import('../features/projects/components/detail/badge-panel'), 'BadgePanel');

/** useSyncExternalStore's parts for "rendering in the browser, after hydration": false on the server and while hydrating. */
const neverChanges = () => () => {};
const clientSide = () => true;
const serverSide = () => false;

function BackLink() {
  return (
    <Link
      href="/"
      className="inline-flex items-center gap-1.5 rounded text-sm font-medium text-zinc-600 hover:text-zinc-900 dark:text-zinc-400 dark:hover:text-zinc-100"
    >
      <ArrowLeft className="size-4" aria-hidden="true" />
      Back to projects
    </Link>
  );
}

function ProjectSkeleton() {
  useDocumentTitle('Project');
  // Heights follow the loaded page (card, preview, ID line; About, Rate, link) so nothing jumps.
  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6" aria-busy="true">
      <span className="sr-only" role="status">
        Loading project
      </span>
      <Skeleton className="h-5 w-32" />
      <div className="mt-6 grid gap-6 lg:grid-cols-[1fr_20rem]">
        <div className="min-w-0 space-y-6">
          <Card className="h-[26rem] p-6 sm:h-[18.625rem]">
            <Skeleton className="h-8 w-2/3" />
            <div className="mt-4 flex flex-wrap gap-3">
              <Skeleton className="h-5 w-20 rounded-full" />
              <Skeleton className="h-5 w-36" />
              <Skeleton className="h-5 w-20" />
              <Skeleton className="h-5 w-20" />
            </div>
            <Skeleton className="mt-4 h-5 w-28" />
            <Skeleton className="mt-5 h-4 w-full" />
            <Skeleton className="mt-2 h-4 w-5/6" />
            <div className="mt-6 flex flex-wrap gap-2">
              <Skeleton className="h-10 w-36" />
              <Skeleton className="h-10 w-28" />
              <Skeleton className="size-10" />
              <Skeleton className="size-10" />
            </div>
          </Card>
          <div>
            <Skeleton className="mb-3 h-6 w-20" />
            <Skeleton className="aspect-video w-full rounded-xl" />
          </div>
          <Skeleton className="h-4 w-24" />
        </div>
        <div className="space-y-6">
          <Skeleton className="h-[15.75rem] w-full rounded-xl" />
          <Skeleton className="h-[25.125rem] w-full rounded-xl" />
          <Skeleton className="h-10 w-full" />
        </div>
      </div>
    </div>
  );
}

function ProjectNotFound() {
  return (
    <NotFoundPanel
      icon={CircleAlert}
      title="Project Not Found"
      description="The project you are looking for does not exist or has been removed."
      action={
        <div className="flex flex-col gap-2 sm:flex-row">
          <Button variant="outline" onClick={() => window.history.back()}>
            <ArrowLeft aria-hidden="true" />
            Go back
          </Button>
          <Link href="/" className={buttonClasses()}>
            Go to Homepage
          </Link>
        </div>
      }
    />
  );
}

/**
 * Under the page: the maker's updates (their devlog), then the comments; both lazily loaded chunks.
 * Memoized: the page re-renders as soon as it has hydrated (the Uptime panel appears), and a Suspense
 * boundary that receives an update before its chunk has hydrated it is thrown away and drawn anew,
 * losing what was typed into its forms before hydration (src/early-clicks.ts).
 */
const ProjectTalk = memo(function ProjectTalk({ project, canPost }: { project: ProjectDetail; canPost: boolean }) {
  return (
    <>
      <div className="mt-8 max-w-3xl">
        <Suspense fallback={null}>
          <UpdateSection projectId={project.id} updateCount={project.updates} canWrite={canPost} />
        </Suspense>
      </div>
      <div className="mt-8 max-w-3xl">
        <Suspense fallback={null}>
          <CommentSection projectId={project.id} commentCount={project.commentCount} closed={project.isHidden} />
        </Suspense>
      </div>
    </>
  );
});

/** The loaded project page; its counts stay live (the pushes land in the SWR data it shows). */
function ProjectView({ project }: { project: ProjectDetail }) {
  useWatchProjects([project.id]);
  const userId = useSession((s) => s.user?.id ?? null);
  const paused = useSession((s) => s.user?.isPaused ?? false);
  const isOwner = userId !== null && userId === project.userId;
  const [editOpen, setEditOpen] = useState(false);
  const [reportOpen, setReportOpen] = useState(false);
  // The Uptime panel loads once the page has hydrated (the server's page has the badge, not the panel).
  const healthShown = useSyncExternalStore(neverChanges, clientSide, serverSide);
  useDocumentTitle(project.title);
  useMetaDescription(project.description);
  // The server render's first comments, as its JSON-LD carried them (web/src/ssr/pages.ts).
  const { fallback } = useSWRConfig();
  const ssrComments = (
    fallback[unstable_serialize(() => commentsKey(project.id, 'oldest'))] as Comment[][] | undefined
  )?.[0];
  useJsonLd('project', projectJsonLd(project, pageOrigin(), ssrComments));

  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6">
      <BackLink />
      {project.isHidden ? (
        <p
          role="note"
          className="mt-4 rounded-lg border border-amber-300 bg-amber-50 px-4 py-2 text-sm text-amber-900 dark:border-amber-800 dark:bg-amber-950/40 dark:text-amber-200"
        >
          This project is hidden from public view.
        </p>
      ) : null}
      {project.downSince ? (
        <p role="status" className="mt-4 text-sm">
          <DownBadge since={project.downSince} />
        </p>
      ) : null}
      <div className="mt-6 grid gap-6 lg:grid-cols-[1fr_20rem]">
        <div className="min-w-0 space-y-6">
          <ProjectSummary project={project} onEdit={() => setEditOpen(true)} onReport={() => setReportOpen(true)} />
          {project.media.length > 0 ? (
            <Suspense fallback={<Skeleton className="aspect-video w-full rounded-xl" />}>
              <ProjectGallery media={project.media} />
            </Suspense>
          ) : null}
          {project.canEdit ? (
            <Suspense fallback={null}>
              <MediaManager project={project} />
            </Suspense>
          ) : null}
          <ProjectPreview project={project} />
          {project.isHidden ? null : <RankDisclosure projectId={project.id} />}
          <p className="text-xs text-zinc-500 dark:text-zinc-400">
            Project ID: <span className="tabular">{project.id}</span>
          </p>
        </div>
        <ProjectSidebar project={project}>
          <ProjectRequestPanel projectId={project.id} isOwner={isOwner} />
          {healthShown ? (
            <Suspense fallback={<Skeleton className="h-44 w-full rounded-xl" />}>
              <HealthPanel project={project} />
            </Suspense>
          ) : null}
          {healthShown && isOwner ? (
            <Suspense fallback={<Skeleton className="h-96 w-full rounded-xl" />}>
              <BadgePanel project={project} />
            </Suspense>
          ) : null}
        </ProjectSidebar>
      </div>
      <ProjectTalk project={project} canPost={isOwner && !paused && !project.isHidden} />
      <Suspense fallback={null}>
        {project.canEdit && editOpen ? <EditProjectDialog project={project} open onOpenChange={setEditOpen} /> : null}
        {reportOpen ? <ReportDialog projectId={project.id} open onOpenChange={setReportOpen} /> : null}
      </Suspense>
    </div>
  );
}

/** Project detail /projects/{id}: records a view on open (never a vote); 'Project Not Found' for 404. */
export function ProjectPage({ id }: { id: string }) {
  const numericId = /^\d{1,10}$/.test(id) ? Number(id) : null;
  const fetch = useProject(numericId);
  useRecordView(fetch.data ? numericId : null);

  if (numericId === null) return <ProjectNotFound />;
  return (
    <DetailPage
      fetch={fetch}
      skeleton={<ProjectSkeleton />}
      notFound={<ProjectNotFound />}
      errorTitle="Could not load this project"
      render={(project) => <ProjectView project={project} />}
    />
  );
}
