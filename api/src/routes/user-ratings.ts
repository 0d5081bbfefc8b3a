import { userRatingContracts } from '@vitrine/domain/contracts/user-ratings';
import { makeProfileQueries } from '@vitrine/db/queries/profiles';
import { makeUserQueries } from '@vitrine/db/queries/users';
import { makeUserRatingQueries } from '@vitrine/db/queries/user-ratings';
import { route, type Route } from '../contracts/route';
import { notFound } from '../errors';
import { presentPeerRatings } from '../presenters/peer-ratings';
import { presentUserRating } from '../presenters/test-request';
import { presentCurrentUser } from '../presenters/user';
import { settingsSaver } from '../commands/settings-saver';
import { USER_NOT_FOUND } from './users';

/** A profile lists at most this many received ratings, newest first. */
const RATINGS_LIMIT = 50;

/** /api/users/me (profile settings) and /api/users/{username}/ratings. */
export const userRatingRoutes: Route[] = [
  route(
    userRatingContracts.updateSettings,
    {
      access: 'active',
      limit: 'settings',
    },
    async (call) => {
      await settingsSaver(call, call.body);
      return presentCurrentUser((await makeUserQueries(call.deps.sql).findUserById(call.user.id))!);
    },
  ),
  route(userRatingContracts.ofUser, { access: 'anyone' }, async (call) => {
    const user = await makeProfileQueries(call.deps.sql).findProfileUser(call.params.username);
    if (!user) throw notFound(USER_NOT_FOUND);
    const rows = await makeUserRatingQueries(call.deps.sql).listReceived(user.id, RATINGS_LIMIT);
    return { ...presentPeerRatings(user), ratings: rows.map(presentUserRating) };
  }),
];
