import { makeFollowQueries } from '@vitrine/db/queries/follows';
import { makeProfileQueries } from '@vitrine/db/queries/profiles';
import type { FollowState } from '@vitrine/domain/answers';
import { MAX_FOLLOWS } from '@vitrine/domain/notifications';
import type { MemberCaller } from '../context';
import { badRequest, conflict, notFound } from '../errors';
import { USER_NOT_FOUND } from './admin-status-setter';
import { commit } from './commit';

/** The refusal of following oneself. */
export const FOLLOW_SELF = 'You cannot follow yourself';
/** The refusal past MAX_FOLLOWS. */
export const TOO_MANY_FOLLOWS = `You can follow at most ${MAX_FOLLOWS.toLocaleString('en-US')} makers`;

/**
 * The member follows (`follow` true) or stops following the maker `username`. Repeating either is no
 * change; the counters move with the follow row in one transaction (db/src/queries/follows.ts). A new
 * follow (`user.followed`, which tells the maker) or an undone one (`user.unfollowed`) carries the
 * maker's follower count to the sockets watching their profile.
 */
export async function followSetter(
  caller: MemberCaller,
  input: { username: string; follow: boolean },
): Promise<FollowState> {
  const maker = await makeProfileQueries(caller.deps.sql).findProfileUser(input.username);
  if (!maker) throw notFound(USER_NOT_FOUND);
  if (maker.id === caller.user.id && input.follow) throw badRequest(FOLLOW_SELF);
  return commit(caller, async (tx, emit) => {
    const follows = makeFollowQueries(tx);
    const ref = { followerId: caller.user.id, makerId: maker.id };
    if (!input.follow) {
      const { followers, removed } = await follows.unfollow(caller.user.id, maker.id);
      if (removed) emit({ name: 'user.unfollowed', ...ref, followers });
      return { following: false, followers };
    }
    if (!(await follows.isFollowing(caller.user.id, maker.id)) && caller.user.followingCount >= MAX_FOLLOWS)
      throw conflict(TOO_MANY_FOLLOWS);
    const { followers, added } = await follows.follow(caller.user.id, maker.id);
    if (added) emit({ name: 'user.followed', ...ref, followers });
    return { following: true, followers };
  });
}
