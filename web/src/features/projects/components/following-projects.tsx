import { LogIn, UserPlus, Users } from 'lucide-react';
import { useShallow } from 'zustand/react/shallow';
import { PAGE_SIZE } from '@vitrine/domain/constants';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { useDialogs } from '../../../stores/dialogs';
import { useSession } from '../../../stores/session';
import { useFollowingProjects } from '../api/use-project-lists';
import { PagedProjects } from './listing-parts';
import { ProjectGrid } from './project-card';

/** The heading row of Following. */
function FollowingHeader() {
  return (
    <div className="mb-4 sm:mb-5">
      <h2 className="text-xl font-semibold tracking-tight text-zinc-900 dark:text-zinc-50">Following</h2>
      <p className="mt-1 hidden text-sm text-zinc-600 sm:block dark:text-zinc-400">
        New projects from the makers you follow
      </p>
    </div>
  );
}

/** A visitor's Following: what the tab is for, and Log in. */
function SignedOut() {
  const show = useDialogs((s) => s.show);
  return (
    <EmptyState
      icon={Users}
      title="Log in to see the makers you follow"
      description="Members follow makers from their profiles; the makers' new projects are listed here."
      action={
        <Button onClick={() => show('auth')}>
          <LogIn aria-hidden="true" />
          Log in
        </Button>
      }
    />
  );
}

/** The member's list of followed makers' projects, newest first, with Load More. */
function FollowedProjects({ onBrowse }: { onBrowse: () => void }) {
  const list = useFollowingProjects(true);
  return (
    <PagedProjects
      list={list}
      errorTitle="Failed to fetch projects"
      empty={{
        icon: UserPlus,
        title: 'You are not following any makers yet',
        description:
          "Open a maker's profile (their name on a project) and choose Follow: their new projects will show up here.",
        action: (
          <Button variant="outline" onClick={onBrowse}>
            Browse Latest Projects
          </Button>
        ),
      }}
    />
  );
}

/**
 * Following: the projects of the makers the signed-in member follows (GET /api/feed/following), or
 * for a visitor what it is and Log in. `onBrowse` switches to the Latest tab from the empty state.
 */
export function FollowingProjects({ onBrowse }: { onBrowse: () => void }) {
  const { user, isLoading } = useSession(useShallow((s) => ({ user: s.user, isLoading: s.isLoading })));
  return (
    <section aria-label="Following">
      <FollowingHeader />
      {isLoading ? (
        <ProjectGrid projects={[]} loadingCount={PAGE_SIZE} />
      ) : user ? (
        <FollowedProjects onBrowse={onBrowse} />
      ) : (
        <SignedOut />
      )}
    </section>
  );
}
