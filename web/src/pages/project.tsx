import { Suspense, useState } from 'react';
import { Link } from 'wouter';
import { ArrowLeft, Calendar, CircleAlert, Copy, ExternalLink, Eye, Flag, Pencil, Star, ThumbsUp, User } from 'lucide-react';
import { TOOLTIP_DELAY_PROJECT_MS } from '@vitrine/domain/constants';
import { tagList } from '../lib/tags';
import type { ProjectDetail } from '@vitrine/domain/types';
import { Button, buttonClasses } from '../components/ui/button';
import { Card } from '../components/ui/card';
import { CategoryBadge } from '../components/ui/badge';
import { DetailPage, NotFoundPanel } from '../components/page/detail-page';
import { Skeleton } from '../components/ui/skeleton';
import { Tooltip } from '../components/ui/tooltip';
import { toast } from '../components/ui/toast';
import { useSession } from '../stores/session';
import { copyText } from '../lib/clipboard';
import { formatCount, formatDate, formatRelative } from '../lib/format';
import { useJsonLd, type JsonLd } from '../lib/json-ld';
import { useDocumentTitle, useMetaDescription } from '../lib/site';
import { useProject, useRecordView } from '../features/projects/api/use-project';
import { RatingBadge } from '../features/projects/components/rating-badge';
import { TagList } from '../features/projects/components/tag-list';
import { VoteButton } from '../features/projects/components/vote-button';
import { RateControl } from '../features/projects/components/rate-control';
import { RatingDistribution } from '../features/projects/components/rating-distribution';
import { ProjectRequestPanel } from '../features/test-requests/components/project-request-panel';
import { lazyNamed } from '../lib/lazy';
import { embedUrl, externalLinkLabel } from '../features/projects/lib/links';
import { useLiveProject } from '../hooks/use-live-project-counts';
import { useFlash } from '../hooks/use-flash';
import { cn } from '../lib/cn';

// The edit and report dialogs (and their zod schemas) load on first open.
const EditProjectDialog = lazyNamed(() => import('../features/projects/components/edit-project-dialog'), 'EditProjectDialog');
const ReportDialog = lazyNamed(() => import('../features/projects/components/report-dialog'), 'ReportDialog');

/** SoftwareApplication JSON-LD (§1): free software with an aggregate rating on a 1-10 scale. */
export function projectJsonLd(project: ProjectDetail, pageUrl: string): JsonLd {
  const data: JsonLd = {
    '@context': 'https://schema.org',
    '@type': 'SoftwareApplication',
    name: project.title,
    description: project.description,
    url: pageUrl,
    sameAs: project.replitUrl,
    applicationCategory: project.category,
    operatingSystem: 'Web',
    datePublished: project.createdAt,
    keywords: tagList(project.tags).join(', ') || undefined,
    offers: { '@type': 'Offer', price: '0', priceCurrency: 'USD' },
    author: project.username ? { '@type': 'Person', name: project.username } : undefined,
  };
  if (project.totalRatings > 0) {
    data.aggregateRating = {
      '@type': 'AggregateRating',
      ratingValue: Number(project.averageRating).toFixed(1),
      ratingCount: project.totalRatings,
      bestRating: 10,
      worstRating: 1,
    };
  }
  return data;
}

/** Copies the page address with the §8 toasts. */
async function copyLink() {
  const ok = await copyText(window.location.href);
  if (ok) toast({ title: 'Link copied', description: 'The project link is on your clipboard.' });
  else toast({ title: 'Copy failed', description: 'Please copy the URL manually.', variant: 'destructive' });
}

function Stat({ icon: Icon, label, children }: { icon: typeof Eye; label: string; children: React.ReactNode }) {
  return (
    <div className="flex items-center gap-1.5 text-sm text-zinc-600 dark:text-zinc-400">
      <Icon className="size-4 shrink-0" aria-hidden="true" />
      <span className="sr-only">{label}: </span>
      {children}
    </div>
  );
}

function BackLink() {
  return (
    <Link href="/" className="inline-flex items-center gap-1.5 rounded text-sm font-medium text-zinc-600 hover:text-zinc-900 dark:text-zinc-400 dark:hover:text-zinc-100">
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

function ProjectView({ project: fetched }: { project: ProjectDetail }) {
  // Live vote and rating counts pushed over Socket.IO replace the fetched ones.
  const project = useLiveProject(fetched);
  const votesFlash = useFlash(project.votes);
  const ratingFlash = useFlash(project.totalRatings);
  const user = useSession((s) => s.user);
  const [editOpen, setEditOpen] = useState(false);
  const [reportOpen, setReportOpen] = useState(false);
  const tags = tagList(project.tags);
  const preview = embedUrl(project.replitUrl);
  const average = Number(project.averageRating);
  useDocumentTitle(project.title);
  useMetaDescription(project.description);
  useJsonLd('project', projectJsonLd(project, `${window.location.origin}/projects/${project.id}`));

  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6">
      <BackLink />
      {project.isHidden ? (
        <p role="note" className="mt-4 rounded-lg border border-amber-300 bg-amber-50 px-4 py-2 text-sm text-amber-900 dark:border-amber-800 dark:bg-amber-950/40 dark:text-amber-200">
          This project is hidden from public view.
        </p>
      ) : null}
      <div className="mt-6 grid gap-6 lg:grid-cols-[1fr_20rem]">
        <div className="min-w-0 space-y-6">
          <Card className="p-6">
            <div className="flex flex-wrap items-start justify-between gap-3">
              <h1 className="min-w-0 break-words text-2xl font-bold tracking-tight text-zinc-900 sm:text-3xl dark:text-zinc-50">{project.title}</h1>
              <RatingBadge average={project.averageRating} count={project.totalRatings} className="mt-1.5" />
            </div>
            <div className="mt-4 flex flex-wrap items-center gap-x-4 gap-y-2">
              <CategoryBadge category={project.category} />
              <Stat icon={Calendar} label="Posted">
                <time dateTime={project.createdAt}>Posted {formatRelative(project.createdAt)}</time>
              </Stat>
              <Stat icon={Eye} label="Views">
                <span className="tabular">{formatCount(project.views)} views</span>
              </Stat>
              <Stat icon={ThumbsUp} label="Votes">
                <span className={cn('tabular rounded px-0.5', votesFlash && 'animate-flash')}>{formatCount(project.votes)} votes</span>
              </Stat>
              <Stat icon={Star} label="Average rating">
                <span className={cn('tabular rounded px-0.5', ratingFlash && 'animate-flash')}>{average ? average.toFixed(1) : '0.0'}/10</span>
              </Stat>
            </div>
            <div className="mt-3">
              <Stat icon={User} label="Author">
                {project.username ? (
                  <Link href={`/users/${encodeURIComponent(project.username)}`} className="font-medium text-accent-700 hover:underline dark:text-accent-300">
                    {project.username}
                  </Link>
                ) : (
                  <span>Unknown User</span>
                )}
              </Stat>
            </div>
            <p className="mt-5 whitespace-pre-line break-words text-zinc-700 dark:text-zinc-300">{project.description}</p>
            {tags.length > 0 ? <TagList tags={tags} className="mt-4" /> : null}
            <div className="mt-6 flex flex-wrap gap-2">
              <a href={project.replitUrl} target="_blank" rel="noopener noreferrer" className={buttonClasses()}>
                <ExternalLink aria-hidden="true" />
                {externalLinkLabel(project.replitUrl)}
                <span className="sr-only"> (opens in a new tab)</span>
              </a>
              <VoteButton project={project} surface="page" size="md" />
              {user && project.canEdit ? (
                <Button variant="outline" onClick={() => setEditOpen(true)}>
                  <Pencil aria-hidden="true" />
                  Edit
                </Button>
              ) : null}
              <Tooltip content="Copy link" openDelay={TOOLTIP_DELAY_PROJECT_MS}>
                <Button variant="outline" size="icon" aria-label="Copy link" onClick={() => void copyLink()}>
                  <Copy aria-hidden="true" />
                </Button>
              </Tooltip>
              <Tooltip content="Report this project" openDelay={TOOLTIP_DELAY_PROJECT_MS}>
                <Button variant="outline" size="icon" aria-label="Report" onClick={() => setReportOpen(true)}>
                  <Flag aria-hidden="true" />
                </Button>
              </Tooltip>
            </div>
          </Card>

          <section aria-labelledby="preview-heading">
            <h2 id="preview-heading" className="mb-3 text-base font-semibold text-zinc-900 dark:text-zinc-50">
              Preview
            </h2>
            {preview ? (
              <div className="overflow-hidden rounded-xl border border-zinc-200 bg-zinc-50 dark:border-zinc-800 dark:bg-zinc-900">
                <iframe
                  src={preview}
                  title={`Preview of ${project.title}`}
                  className="aspect-video w-full"
                  sandbox="allow-scripts allow-same-origin allow-forms allow-popups"
                  referrerPolicy="no-referrer"
                  loading="lazy"
                  allow="fullscreen"
                />
              </div>
            ) : (
              <p className="text-sm text-zinc-600 dark:text-zinc-400">No preview available.</p>
            )}
          </section>

          <p className="text-xs text-zinc-500 dark:text-zinc-400">
            Project ID: <span className="tabular">{project.id}</span>
          </p>
        </div>

        <aside className="space-y-6">
          <Card className="p-5">
            <h2 className="text-base font-semibold text-zinc-900 dark:text-zinc-50">About This Project</h2>
            <dl className="mt-4 space-y-2.5 text-sm">
              {[
                ['Category', project.category],
                ['Author', project.username ?? 'Unknown User'],
                ['Submitted', formatDate(project.createdAt)],
                ['Votes', formatCount(project.votes)],
                ['Views', formatCount(project.views)],
                ['Ratings', `${average ? average.toFixed(1) : '0.0'}/10 (${project.totalRatings})`],
              ].map(([term, value]) => (
                <div key={term} className="flex justify-between gap-4">
                  <dt className="text-zinc-500 dark:text-zinc-400">{term}</dt>
                  <dd className="tabular truncate text-right font-medium text-zinc-900 dark:text-zinc-100">{value}</dd>
                </div>
              ))}
            </dl>
          </Card>
          <Card className="p-5">
            <h2 className="text-base font-semibold text-zinc-900 dark:text-zinc-50">Rate this project</h2>
            <div className="mt-3">
              <RateControl project={project} variant="page" tooltipDelay={TOOLTIP_DELAY_PROJECT_MS} />
            </div>
            <h3 className="mt-6 text-sm font-semibold text-zinc-900 dark:text-zinc-50">Rating distribution</h3>
            <div className="mt-3">
              <RatingDistribution distribution={project.ratingDistribution} total={project.totalRatings} />
            </div>
          </Card>
          <ProjectRequestPanel projectId={project.id} isOwner={user !== null && user.id === project.userId} />
          <Link href="/#projects" className={buttonClasses({ variant: 'ghost', className: 'w-full' })}>
            Browse more projects
          </Link>
        </aside>
      </div>
      <Suspense fallback={null}>
        {project.canEdit && editOpen ? <EditProjectDialog project={fetched} open onOpenChange={setEditOpen} /> : null}
        {reportOpen ? <ReportDialog projectId={project.id} open onOpenChange={setReportOpen} /> : null}
      </Suspense>
    </div>
  );
}

/** Project detail /projects/{id} (§2): records a view on open (never a vote); 'Project Not Found' for 404. */
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
