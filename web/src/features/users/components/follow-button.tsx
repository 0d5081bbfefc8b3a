import { useState } from 'react';
import { mutate } from 'swr';
import { UserCheck, UserPlus } from 'lucide-react';
import type { FollowState, UserProfile } from '@vitrine/domain/answers';
import { Button } from '../../../components/ui/button';
import { useLiveEvent } from '../../../hooks/use-live-event';
import { useToastedAction } from '../../../hooks/use-toasted-action';
import { callApi, endpoints, errorMessage } from '../../../lib/api';
import { formatCount } from '../../../lib/format';
import { useDialogs } from '../../../stores/dialogs';
import { useSession } from '../../../stores/session';
import { userKey } from '../keys';

/**
 * A profile's follower counts and its Follow / Following button (a visitor's opens the sign-in
 * dialog; a member's own profile shows the counts only, and its follower count moves as a new
 * follower's notification arrives).
 */
export function FollowBar({ user }: { user: UserProfile['user'] }) {
  const viewer = useSession((s) => s.user);
  const show = useDialogs((s) => s.show);
  const { busy, run } = useToastedAction();
  // The follow call's answer, shown until the profile it was made on is read again.
  const [answer, setAnswer] = useState<{ of: typeof user; state: FollowState } | null>(null);
  const state = answer?.of === user ? answer.state : { following: user.viewerFollows, followers: user.followers };
  const own = viewer?.username.toLowerCase() === user.username.toLowerCase();
  useLiveEvent('notification:new', ({ notification }) => {
    if (own && notification.kind === 'newFollower') void mutate(userKey(user.username));
  });
  const toggle = () => {
    if (!viewer) return show('auth');
    const endpoint = state.following ? endpoints.notifications.unfollow : endpoints.notifications.follow;
    void run(
      'follow',
      async () => {
        setAnswer({ of: user, state: await callApi(endpoint, { params: { username: user.username } }) });
        await mutate(userKey(user.username));
      },
      { failure: (error) => ({ title: 'Follow failed', description: errorMessage(error, 'Please try again.') }) },
    );
  };
  return (
    <div className="mt-3 flex flex-wrap items-center gap-3 text-sm text-zinc-600 dark:text-zinc-400">
      <span className="tabular">
        <span className="font-semibold text-zinc-900 dark:text-zinc-100">{formatCount(state.followers)}</span>{' '}
        {state.followers === 1 ? 'follower' : 'followers'}
      </span>
      <span className="tabular">
        <span className="font-semibold text-zinc-900 dark:text-zinc-100">{formatCount(user.following)}</span> following
      </span>
      {own ? null : (
        <Button
          size="sm"
          variant={state.following ? 'outline' : 'primary'}
          onClick={toggle}
          loading={busy === 'follow'}
          aria-pressed={state.following}
        >
          {state.following ? <UserCheck aria-hidden="true" /> : <UserPlus aria-hidden="true" />}
          {state.following ? 'Following' : 'Follow'}
        </Button>
      )}
    </div>
  );
}
