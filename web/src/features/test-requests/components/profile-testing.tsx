import { mutate } from 'swr';
import { Link } from 'wouter';
import { Trash2 } from 'lucide-react';
import type { UserProfile, UserRatingView } from '@vitrine/domain/answers';
import { REQUEST_STATUS_LABELS } from '@vitrine/domain/test-requests';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { TierBadge } from '../../../components/ui/tier-badge';
import { useToastedAction } from '../../../hooks/use-toasted-action';
import { keysOf } from '../../../lib/live-keys';
import { callApi, endpoints, errorMessage } from '../../../lib/api';
import { formatRelative } from '../../../lib/format';
import { useSession } from '../../../stores/session';
import { useUserRatings } from '../api/use-test-requests';

/**
 * One peer rating: its average of every rating, how many of them count toward the tier (raters with
 * standing, one per network: docs/security.md), and the tier they earn.
 */
function RatingStat({
  label,
  average,
  count,
  tierCount,
  tier,
  role,
}: {
  label: string;
  average: number;
  count: number;
  tierCount: number;
  tier: UserProfile['user']['developerTier'];
  role: 'Developer' | 'Tester';
}) {
  return (
    <div className="rounded-lg border border-zinc-200 p-4 dark:border-zinc-800">
      <p className="text-sm text-zinc-600 dark:text-zinc-400">{label}</p>
      <div className="tabular mt-1 text-xl font-semibold text-zinc-900 dark:text-zinc-50">
        {count > 0 ? `${average.toFixed(1)}/10` : 'No ratings'}
        <span className="ml-1 text-sm font-normal text-zinc-600 dark:text-zinc-400">({count})</span>
      </div>
      {count > 0 ? (
        <p className="mt-1 text-xs text-zinc-600 dark:text-zinc-400">
          {tierCount} of {count} {count === 1 ? 'rating counts' : 'ratings count'} toward the tier
        </p>
      ) : null}
      <TierBadge tier={tier} role={role} className="mt-2" />
    </div>
  );
}

function ReceivedRating({ rating, onRemove }: { rating: UserRatingView; onRemove?: () => void }) {
  return (
    <li className="flex items-start justify-between gap-3 py-3">
      <div className="min-w-0 text-sm">
        <p>
          <span className="tabular font-semibold text-zinc-900 dark:text-zinc-50">{rating.rating}/10</span>{' '}
          <span className="text-zinc-600 dark:text-zinc-400">
            as a {rating.ratingType} · from {rating.raterUsername} · {formatRelative(rating.createdAt)}
          </span>
        </p>
        {rating.requestId ? (
          <Link
            href={`/test-requests/${rating.requestId}`}
            className="text-xs text-accent-700 hover:underline dark:text-accent-300"
          >
            {rating.requestTitle}
          </Link>
        ) : null}
        {rating.feedback ? (
          <p className="mt-1 whitespace-pre-line text-zinc-700 dark:text-zinc-300">{rating.feedback}</p>
        ) : null}
      </div>
      {onRemove ? (
        <Button
          size="sm"
          variant="ghost"
          onClick={onRemove}
          aria-label={`Remove the rating from ${rating.raterUsername}`}
        >
          <Trash2 aria-hidden="true" />
        </Button>
      ) : null}
    </li>
  );
}

/** Both peer ratings with their counts and tiers, and the activity points. */
function RatingsSummary({ user }: { user: UserProfile['user'] }) {
  return (
    <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
      <RatingStat
        label="Developer rating"
        average={user.developerRating}
        count={user.developerRatingCount}
        tierCount={user.developerTierCount}
        tier={user.developerTier}
        role="Developer"
      />
      <RatingStat
        label="Tester rating"
        average={user.testerRating}
        count={user.testerRatingCount}
        tierCount={user.testerTierCount}
        tier={user.testerTier}
        role="Tester"
      />
      <div className="rounded-lg border border-zinc-200 p-4 dark:border-zinc-800">
        <p className="text-sm text-zinc-600 dark:text-zinc-400">Activity points</p>
        <div className="tabular mt-1 text-xl font-semibold text-zinc-900 dark:text-zinc-50">{user.activityPoints}</div>
      </div>
      <div className="rounded-lg border border-zinc-200 p-4 dark:border-zinc-800">
        <p className="text-sm text-zinc-600 dark:text-zinc-400">Feedback addressed</p>
        <div className="tabular mt-1 text-xl font-semibold text-zinc-900 dark:text-zinc-50">
          {user.feedbackAddressed}
        </div>
      </div>
    </div>
  );
}

/** The test requests the user ran or tested in, each with its project and status. */
function ProfileRequests({ requests }: { requests: UserProfile['requests'] }) {
  return (
    <Card className="p-5">
      <h3 className="text-sm font-semibold text-zinc-900 dark:text-zinc-50">Test requests</h3>
      {requests.length === 0 ? (
        <p className="mt-2 text-sm text-zinc-600 dark:text-zinc-400">No test requests yet.</p>
      ) : (
        <ul className="mt-2 divide-y divide-zinc-100 dark:divide-zinc-800">
          {requests.map((r) => (
            <li key={r.id} className="flex flex-wrap items-center justify-between gap-2 py-2.5 text-sm">
              <Link
                href={`/test-requests/${r.id}`}
                className="font-medium text-accent-700 hover:underline dark:text-accent-300"
              >
                {r.title}
              </Link>
              <span className="text-xs text-zinc-600 dark:text-zinc-400">
                {r.as === 'owner' ? 'Ran' : 'Tested'} · {r.projectTitle} · {REQUEST_STATUS_LABELS[r.status]}
              </span>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

/**
 * An admin's removal of a received rating, once confirmed; the profiles refresh with the recomputed
 * ratings. `removing` is the rating being removed, null when none is.
 */
function useRemoveRating() {
  const { busy, run } = useToastedAction();
  const removing = busy === null ? null : Number(busy);
  const remove = async (id: number) => {
    if (!window.confirm('Remove this rating? The user’s ratings are recomputed.')) return;
    await run(String(id), () => callApi(endpoints.adminTestRequests.removeUserRating, { params: { id }, body: {} }), {
      success: { title: 'Rating removed', description: 'The ratings have been recomputed.' },
      failure: (error) => ({ title: 'Action failed', description: errorMessage(error, 'Please try again.') }),
      onSuccess: () => void mutate(keysOf('profiles')),
    });
  };
  return { removing, remove };
}

/** The ratings the user received; an admin may remove one at a time. */
function RatingsReceived({ username }: { username: string }) {
  const ratings = useUserRatings(username);
  const isAdmin = useSession((s) => s.user?.isAdmin ?? false);
  const { removing, remove } = useRemoveRating();
  return (
    <Card className="p-5">
      <h3 className="text-sm font-semibold text-zinc-900 dark:text-zinc-50">Ratings received</h3>
      {!ratings.data || ratings.data.ratings.length === 0 ? (
        <p className="mt-2 text-sm text-zinc-600 dark:text-zinc-400">
          {ratings.isLoading ? 'Loading' : 'No ratings yet.'}
        </p>
      ) : (
        <ul className="mt-1 divide-y divide-zinc-100 dark:divide-zinc-800">
          {ratings.data.ratings.map((r) => (
            <ReceivedRating
              key={r.id}
              rating={r}
              onRemove={isAdmin && removing === null ? () => void remove(r.id) : undefined}
            />
          ))}
        </ul>
      )}
    </Card>
  );
}

/** A profile's testing side: both ratings with counts and tiers, activity points, requests ran or tested in, ratings received (admins may remove one). */
export function ProfileTesting({ profile }: { profile: UserProfile }) {
  return (
    <div className="space-y-6">
      <RatingsSummary user={profile.user} />
      <ProfileRequests requests={profile.requests} />
      <RatingsReceived username={profile.user.username} />
    </div>
  );
}
