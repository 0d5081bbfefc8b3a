import { Suspense, memo, useEffect, useState, useSyncExternalStore } from 'react';
import { Link } from 'wouter';
import { ArrowLeft, CircleAlert } from 'lucide-react';
import { useSWRConfig } from 'swr';
import { unstable_serialize } from 'swr/infinite';
import type { ListPage } from '../hooks/use-list';
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
import { RANK_DISCLOSURE_ID, RankDisclosure } from '../features/projects/components/detail/rank-disclosure';
import { stripTabId, TabStrip } from '../components/ui/tab-strip';
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
// The Stats tab with its charts: a chunk only an owner's or admin's page loads, when the tab opens.
const StatsTab = lazyNamed(() => import('../features/stats/components/stats-tab'), 'StatsTab');
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

/** The ids of the owner's two tab panels (the page's own content, and the Stats tab). */
const OVERVIEW_PANEL = 'project-overview';
const STATS_PANEL = 'project-stats';
type ProjectTab = 'overview' | 'stats';
const PROJECT_TABS = [
  { value: 'overview' as const, label: 'Overview', panelId: OVERVIEW_PANEL },
  { value: 'stats' as const, label: 'Stats', panelId: STATS_PANEL },
];

/** The selected owner's tab, kept in the address's hash (`#stats`) so a reload or a link to it opens it. */
function useProjectTab(): [ProjectTab, (tab: ProjectTab) => void] {
  const [tab, setTab] = useState<ProjectTab>(() =>
    typeof window !== 'undefined' && window.location.hash === '#stats' ? 'stats' : 'overview',
  );
  useEffect(() => {
    const follow = () => setTab(window.location.hash === '#stats' ? 'stats' : 'overview');
    window.addEventListener('hashchange', follow);
    return () => window.removeEventListener('hashchange', follow);
  }, []);
  const select = (next: ProjectTab) => {
    setTab(next);
    const { pathname, search } = window.location;
    window.history.replaceState(window.history.state, '', `${pathname}${search}${next === 'stats' ? '#stats' : ''}`);
  };
  return [tab, select];
}

/** Opens the explained score ("How this rank is computed") and moves focus to it. */
function openRankDisclosure(): void {
  requestAnimationFrame(() => {
    const details = document.getElementById(RANK_DISCLOSURE_ID);
    if (!(details instanceof HTMLDetailsElement)) return;
    details.open = true;
    details.scrollIntoView({ block: 'start' });
    details.querySelector('summary')?.focus();
  });
}

/** The project's card, pictures, preview and score, and its sidebar: the page's main grid. */
function ProjectMain({
  project,
  isOwner,
  hydrated,
  onEdit,
  onReport,
}: {
  project: ProjectDetail;
  isOwner: boolean;
  /** Rendering after hydration: the Uptime and badge panels show. */
  hydrated: boolean;
  onEdit: () => void;
  onReport: () => void;
}) {
  return (
    <div className="mt-6 grid gap-6 lg:grid-cols-[1fr_20rem]">
      <div className="min-w-0 space-y-6">
        <ProjectSummary project={project} onEdit={onEdit} onReport={onReport} />
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
        {hydrated ? (
          <Suspense fallback={<Skeleton className="h-44 w-full rounded-xl" />}>
            <HealthPanel project={project} />
          </Suspense>
        ) : null}
        {hydrated && isOwner ? (
          <Suspense fallback={<Skeleton className="h-96 w-full rounded-xl" />}>
            <BadgePanel project={project} />
          </Suspense>
        ) : null}
      </ProjectSidebar>
    </div>
  );
}

/** The owner's Stats tab panel: its chunk loads when the tab is first opened. */
function StatsPanel({
  project,
  open,
  onShowScore,
}: {
  project: ProjectDetail;
  open: boolean;
  onShowScore: () => void;
}) {
  return (
    <div id={STATS_PANEL} role="tabpanel" aria-labelledby={stripTabId(STATS_PANEL)} hidden={!open} className="mt-6">
      {open ? (
        <Suspense fallback={<Skeleton className="h-96 w-full rounded-xl" />}>
          {/* A hidden project has no explained score to link to. */}
          <StatsTab projectId={project.id} onShowScore={project.isHidden ? undefined : onShowScore} />
        </Suspense>
      ) : null}
    </div>
  );
}

/** The loaded project page; its counts stay live (the pushes land in the SWR data it shows). */
function ProjectView({ project }: { project: ProjectDetail }) {
  useWatchProjects([project.id]);
  const userId = useSession((s) => s.user?.id ?? null);
  const isAdmin = useSession((s) => s.user?.isAdmin ?? false);
  const paused = useSession((s) => s.user?.isPaused ?? false);
  const isOwner = userId !== null && userId === project.userId;
  const [editOpen, setEditOpen] = useState(false);
  const [reportOpen, setReportOpen] = useState(false);
  // The Uptime panel loads once the page has hydrated (the server's page has the badge, not the panel).
  const healthShown = useSyncExternalStore(neverChanges, clientSide, serverSide);
  // The owner's tabs appear after hydration too: the server's page is every visitor's. The page's
  // content stays where it is (a panel by its role only), so nothing of it is drawn anew.
  const tabsShown = healthShown && (isOwner || isAdmin);
  const [tab, setTab] = useProjectTab();
  const statsOpen = tabsShown && tab === 'stats';
  useDocumentTitle(project.title);
  useMetaDescription(project.description);
  // The server render's first comments, as its JSON-LD carried them (web/src/ssr/pages.ts).
  const { fallback } = useSWRConfig();
  const ssrComments = (
    fallback[unstable_serialize(() => commentsKey(project.id, 'oldest'))] as ListPage<Comment>[] | undefined
  )?.[0]?.rows;
  useJsonLd('project', projectJsonLd(project, pageOrigin(), ssrComments));

  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <BackLink />
        {tabsShown ? <TabStrip tabs={PROJECT_TABS} value={tab} onValueChange={setTab} label="Project views" /> : null}
      </div>
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
      <div
        id={OVERVIEW_PANEL}
        hidden={statsOpen}
        {...(tabsShown ? { role: 'tabpanel', 'aria-labelledby': stripTabId(OVERVIEW_PANEL) } : {})}
      >
        <ProjectMain
          project={project}
          isOwner={isOwner}
          hydrated={healthShown}
          onEdit={() => setEditOpen(true)}
          onReport={() => setReportOpen(true)}
        />
        <ProjectTalk project={project} canPost={isOwner && !paused && !project.isHidden} />
      </div>
      {tabsShown ? (
        <StatsPanel
          project={project}
          open={statsOpen}
          onShowScore={() => {
            setTab('overview');
            openRankDisclosure();
          }}
        />
      ) : null}
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
