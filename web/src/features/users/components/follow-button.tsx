import { useSWRConfig } from 'swr';
import { UserCheck, UserPlus } from 'lucide-react';
import type { UserProfile } from '@vitrine/domain/answers';
import { Button } from '../../../components/ui/button';
import { useToastedAction } from '../../../hooks/use-toasted-action';
import { callApi, endpoints, errorMessage } from '../../../lib/api';
import { formatCount } from '../../../lib/format';
import { useDialogs } from '../../../stores/dialogs';
import { useSession } from '../../../stores/session';
import { patchCachedProfile } from '../profile-cache';

/**
 * A profile's follower counts and its Follow / Following button (a visitor's opens the sign-in
 * dialog; a member's own profile shows the counts only). Both come from the profile's answer: the
 * follow call's answer is written into it, and so is every later `user:followers` push
 * (hooks/use-live-followers.ts), which may raise or lower the count.
 */
export function FollowBar({ user }: { user: UserProfile['user'] }) {
  const viewer = useSession((s) => s.user);
  const show = useDialogs((s) => s.show);
  const { cache, mutate, fallback } = useSWRConfig();
  const { busy, run } = useToastedAction();
  const own = viewer?.username.toLowerCase() === user.username.toLowerCase();
  const toggle = () => {
    if (!viewer) return show('auth');
    const endpoint = user.viewerFollows ? endpoints.notifications.unfollow : endpoints.notifications.follow;
    void run(
      'follow',
      async () => {
        const state = await callApi(endpoint, { params: { username: user.username } });
        const patch = { viewerFollows: state.following, followers: state.followers };
        await patchCachedProfile({ cache, mutate, fallback }, user.username, patch);
      },
      { failure: (error) => ({ title: 'Follow failed', description: errorMessage(error, 'Please try again.') }) },
    );
  };
  return (
    <div className="mt-3 flex flex-wrap items-center gap-3 text-sm text-zinc-600 dark:text-zinc-400">
      <span className="tabular">
        <span className="font-semibold text-zinc-900 dark:text-zinc-100">{formatCount(user.followers)}</span>{' '}
        {user.followers === 1 ? 'follower' : 'followers'}
      </span>
      <span className="tabular">
        <span className="font-semibold text-zinc-900 dark:text-zinc-100">{formatCount(user.following)}</span> following
      </span>
      {own ? null : (
        <Button
          size="sm"
          variant={user.viewerFollows ? 'outline' : 'primary'}
          onClick={toggle}
          loading={busy === 'follow'}
          aria-pressed={user.viewerFollows}
        >
          {user.viewerFollows ? <UserCheck aria-hidden="true" /> : <UserPlus aria-hidden="true" />}
          {user.viewerFollows ? 'Following' : 'Follow'}
        </Button>
      )}
    </div>
  );
}
