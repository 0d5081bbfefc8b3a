import { useState } from 'react';
import { Link } from 'wouter';
import { BadgeCheck, Clock, Eye, FolderOpen, ThumbsUp, UserX } from 'lucide-react';
import { tagList } from '../lib/tags';
import type { UserProfile } from '@vitrine/domain/answers';
import { buttonClasses } from '../components/ui/button';
import { Badge, CategoryBadge } from '../components/ui/badge';
import { Card } from '../components/ui/card';
import { EmptyState } from '../components/ui/empty-state';
import { DetailPage, NotFoundPanel } from '../components/page/detail-page';
import { Skeleton, Skeletons } from '../components/ui/skeleton';
import { TabPanel, Tabs } from '../components/ui/tabs';
import { formatCount, formatCountOf, formatDate } from '../lib/format';
import { RelativeTime } from '../components/ui/relative-time';
import { useDocumentTitle } from '../lib/site';
import { mostPopular, profileTotals, useUserProfile } from '../features/users/use-user-profile';
import { DownBadge } from '../features/projects/components/down-badge';
import { TagList } from '../features/projects/components/tag-list';
import { TierBadge } from '../components/ui/tier-badge';
import { ProfileTesting } from '../features/test-requests/components/profile-testing';
import { FollowBar } from '../features/users/components/follow-button';
import { useLiveFollowers } from '../features/users/hooks/use-live-followers';

type ProfileProject = UserProfile['projects'][number];
type ProfileTab = 'projects' | 'testing' | 'about';

/** Role labels on a profile. */
const ROLE_TEXT: Record<UserProfile['user']['role'], string> = {
  developer: 'Developer',
  tester: 'Tester',
  both: 'Developer & Tester',
};

function ProfileProjectCard({ project }: { project: ProfileProject }) {
  const tags = tagList(project.tags);
  return (
    <article className="relative flex h-full min-h-48 flex-col rounded-xl border border-zinc-200 bg-white p-5 transition-shadow duration-200 hover:shadow-md dark:border-zinc-800 dark:bg-zinc-900">
      <div className="flex items-start justify-between gap-2">
        <h3 className="line-clamp-1 font-semibold text-zinc-900 dark:text-zinc-50">
          <Link
            href={`/projects/${project.id}`}
            className="outline-none after:absolute after:inset-0 after:rounded-xl after:content-[''] hover:text-accent-700 focus-visible:after:outline-2 focus-visible:after:outline-offset-2 focus-visible:after:outline-accent-500 dark:hover:text-accent-300"
          >
            {project.title}
          </Link>
        </h3>
        <CategoryBadge category={project.category} />
      </div>
      <p className="mt-1 text-xs text-zinc-500 dark:text-zinc-400">
        <RelativeTime value={project.createdAt} />
      </p>
      <p className="mt-2 line-clamp-2 text-sm text-zinc-600 dark:text-zinc-400">{project.description}</p>
      {tags.length > 0 ? <TagList tags={tags} className="mt-3" /> : null}
      {project.downSince ? (
        <p className="mt-3">
          <DownBadge since={project.downSince} />
        </p>
      ) : null}
      <div className="tabular mt-auto flex items-center gap-4 pt-4 text-sm text-zinc-600 dark:text-zinc-400">
        <span className="inline-flex items-center gap-1">
          <ThumbsUp className="size-4" aria-hidden="true" />
          {formatCount(project.votes)} <span className="sr-only">votes</span>
        </span>
        <span className="inline-flex items-center gap-1">
          <Eye className="size-4" aria-hidden="true" />
          {formatCount(project.views)} <span className="sr-only">views</span>
        </span>
      </div>
    </article>
  );
}

function StatBox({ label, value }: { label: string; value: number }) {
  return (
    <div className="rounded-lg border border-zinc-200 px-2 py-3 text-center sm:px-4 dark:border-zinc-800">
      <div className="tabular text-xl font-semibold text-zinc-900 dark:text-zinc-50">{formatCount(value)}</div>
      <p className="whitespace-nowrap text-xs text-zinc-500 dark:text-zinc-400">{label}</p>
    </div>
  );
}

function ProfileSkeleton() {
  return (
    <div className="mx-auto max-w-5xl px-4 py-10 sm:px-6" aria-busy="true">
      <span className="sr-only" role="status">
        Loading profile
      </span>
      <Card className="p-6">
        <div className="flex flex-col gap-6 sm:flex-row sm:items-center">
          <div className="flex flex-1 items-center gap-4">
            <Skeleton className="size-16 rounded-full sm:size-20" />
            <div className="flex-1 space-y-2">
              <Skeleton className="h-7 w-40" />
              <Skeleton className="h-4 w-32" />
            </div>
          </div>
          <div className="grid grid-cols-3 gap-3">
            <Skeleton className="h-[4.375rem] sm:w-24" />
            <Skeleton className="h-[4.375rem] sm:w-24" />
            <Skeleton className="h-[4.375rem] sm:w-24" />
          </div>
        </div>
      </Card>
      <Skeleton className="mt-8 h-10 w-48" />
      <Skeletons className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3" itemClassName="h-48 rounded-xl" />
    </div>
  );
}

function UserNotFound() {
  return (
    <NotFoundPanel
      icon={UserX}
      title="User Not Found"
      description="The user you are looking for does not exist."
      action={
        <Link href="/" className={buttonClasses()}>
          Go to Homepage
        </Link>
      }
    />
  );
}

/** The profile card: avatar letter, name with the Verified badge, joined, and the three totals. */
function ProfileHeader({ user, totals }: { user: UserProfile['user']; totals: ReturnType<typeof profileTotals> }) {
  return (
    <Card className="p-6">
      <div className="flex flex-col gap-6 sm:flex-row sm:items-center">
        <div className="flex min-w-0 flex-1 items-center gap-4">
          <div
            aria-hidden="true"
            className="flex size-16 shrink-0 items-center justify-center rounded-full bg-accent-100 text-2xl font-semibold uppercase text-accent-700 sm:size-20 sm:text-3xl dark:bg-accent-950 dark:text-accent-300"
          >
            {user.username.charAt(0)}
          </div>
          <div className="min-w-0 flex-1">
            <h1 className="flex flex-wrap items-center gap-2 text-2xl font-bold tracking-tight text-zinc-900 dark:text-zinc-50">
              <span className="break-all">{user.username}</span>
              <TierBadge tier={user.developerTier} role="Developer" />
              <TierBadge tier={user.testerTier} role="Tester" />
              {user.isVerified ? (
                <Badge color="accent">
                  <BadgeCheck aria-hidden="true" />
                  Verified
                </Badge>
              ) : null}
            </h1>
            <p className="mt-1 flex flex-wrap items-center gap-1.5 text-sm text-zinc-600 dark:text-zinc-400">
              <Clock className="size-4" aria-hidden="true" />
              <RelativeTime value={user.createdAt} prefix="Joined " />
              <span aria-hidden="true">·</span>
              <span>{ROLE_TEXT[user.role]}</span>
            </p>
            <FollowBar user={user} />
          </div>
        </div>
        <div className="grid grid-cols-3 gap-3">
          <StatBox label="Projects" value={totals.projects} />
          <StatBox label="Total votes" value={totals.votes} />
          <StatBox label="Total views" value={totals.views} />
        </div>
      </div>
    </Card>
  );
}

/** 'Most Popular Projects' of the About tab: the top 3 with their votes and views. */
function MostPopularList({ projects }: { projects: UserProfile['projects'] }) {
  if (projects.length === 0) return <p className="mt-2 text-sm text-zinc-600 dark:text-zinc-400">No projects yet</p>;
  return (
    <ol className="mt-2 divide-y divide-zinc-100 dark:divide-zinc-800">
      {mostPopular(projects).map((project) => (
        <li key={project.id} className="flex items-center justify-between gap-3 py-2.5">
          <Link
            href={`/projects/${project.id}`}
            className="truncate text-sm font-medium text-accent-700 hover:underline dark:text-accent-300"
          >
            {project.title}
          </Link>
          <span className="tabular shrink-0 text-xs text-zinc-500 dark:text-zinc-400">
            {formatCountOf(project.votes, 'vote', 'votes')} · {formatCountOf(project.views, 'view', 'views')}
          </span>
        </li>
      ))}
    </ol>
  );
}

/** The About tab: member since, project count, role, bio and the most popular projects. */
function ProfileAbout({ profile }: { profile: UserProfile }) {
  const { user, projects } = profile;
  return (
    <Card className="p-6">
      <h2 className="text-base font-semibold text-zinc-900 dark:text-zinc-50">About {user.username}</h2>
      <dl className="mt-4 grid gap-3 text-sm sm:grid-cols-3">
        <div>
          <dt className="text-zinc-500 dark:text-zinc-400">Member since</dt>
          <dd className="font-medium text-zinc-900 dark:text-zinc-100">
            <RelativeTime value={user.createdAt} prefix="Joined " />{' '}
            <span className="text-zinc-500 dark:text-zinc-400">({formatDate(user.createdAt)})</span>
          </dd>
        </div>
        <div>
          <dt className="text-zinc-500 dark:text-zinc-400">Projects</dt>
          <dd className="tabular font-medium text-zinc-900 dark:text-zinc-100">
            {projects.length} {projects.length === 1 ? 'project' : 'projects'}
          </dd>
        </div>
        <div>
          <dt className="text-zinc-500 dark:text-zinc-400">Role</dt>
          <dd className="font-medium text-zinc-900 dark:text-zinc-100">{ROLE_TEXT[user.role]}</dd>
        </div>
      </dl>
      {user.bio ? (
        <p className="mt-4 whitespace-pre-line text-sm text-zinc-700 dark:text-zinc-300">{user.bio}</p>
      ) : null}
      <h3 className="mt-6 text-sm font-semibold text-zinc-900 dark:text-zinc-50">Most Popular Projects</h3>
      <MostPopularList projects={projects} />
    </Card>
  );
}

function Profile({ profile }: { profile: UserProfile }) {
  const [tab, setTab] = useState<ProfileTab>('projects');
  const { user, projects } = profile;
  useDocumentTitle(user.username);
  return (
    <div className="mx-auto max-w-5xl px-4 py-10 sm:px-6">
      <ProfileHeader user={user} totals={profileTotals(projects)} />
      <Tabs<ProfileTab>
        className="mt-8"
        label="Profile sections"
        items={[
          { value: 'projects', label: 'Projects' },
          { value: 'testing', label: 'Testing' },
          { value: 'about', label: 'About' },
        ]}
        value={tab}
        onValueChange={setTab}
      >
        <TabPanel value="projects">
          <h2 className="sr-only">Projects</h2>
          {projects.length === 0 ? (
            <EmptyState
              icon={FolderOpen}
              title="No projects yet"
              description="This user hasn't published any projects."
            />
          ) : (
            <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
              {projects.map((project) => (
                <li key={project.id}>
                  <ProfileProjectCard project={project} />
                </li>
              ))}
            </ul>
          )}
        </TabPanel>
        <TabPanel value="testing">
          <h2 className="sr-only">Testing</h2>
          <ProfileTesting profile={profile} />
        </TabPanel>
        <TabPanel value="about">
          <ProfileAbout profile={profile} />
        </TabPanel>
      </Tabs>
    </div>
  );
}

/** User profile /users/{username}: skeleton, 'User Not Found', tabs Projects / About; its follower count is live. */
export function UserPage({ username }: { username: string }) {
  const fetch = useUserProfile(username);
  useLiveFollowers(username);
  return (
    <DetailPage
      fetch={fetch}
      skeleton={<ProfileSkeleton />}
      notFound={<UserNotFound />}
      errorTitle="Could not load this profile"
      render={(profile) => <Profile profile={profile} />}
    />
  );
}
