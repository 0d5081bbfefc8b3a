import { makeProfileQueries } from '@vitrine/db/queries/profiles';
import { makeUserQueries } from '@vitrine/db/queries/users';
import { makeUserRatingQueries } from '@vitrine/db/queries/user-ratings';
import { answers, usernameParams } from '../contracts/answers';
import { testRequestAnswers, testRequestInputs } from '../contracts/test-request-answers';
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
    {
      method: 'patch',
      path: '/api/users/me',
      tag: 'users',
      summary: 'Profile settings: role, bio, email, email notices',
      access: 'active',
      limit: 'settings',
      body: testRequestInputs.SettingsInput,
      response: answers.CurrentUser,
    },
    async (call) => {
      await settingsSaver(call, call.body);
      return presentCurrentUser((await makeUserQueries(call.deps.sql).findUserById(call.user.id))!);
    },
  ),
  route(
    {
      method: 'get',
      path: '/api/users/:username/ratings',
      tag: 'users',
      summary: "A user's developer and tester ratings with counts and tiers, and the ratings received",
      access: 'anyone',
      params: usernameParams,
      response: testRequestAnswers.UserRatingsAnswer,
      errors: { 404: USER_NOT_FOUND },
    },
    async (call) => {
      const user = await makeProfileQueries(call.deps.sql).findProfileUser(call.params.username);
      if (!user) throw notFound(USER_NOT_FOUND);
      const rows = await makeUserRatingQueries(call.deps.sql).listReceived(user.id, RATINGS_LIMIT);
      return { ...presentPeerRatings(user), ratings: rows.map(presentUserRating) };
    },
  ),
];
