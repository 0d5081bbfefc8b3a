import Router from '@koa/router';
import { makeProfileQueries } from '@vitrine/db/queries/profiles';
import { makeUserQueries } from '@vitrine/db/queries/users';
import { makeUserRatingQueries } from '@vitrine/db/queries/userRatings';
import { settingsSchema } from '@vitrine/domain/schemas/testRequest';
import type { UserRatingsAnswer } from '@vitrine/domain/types';
import type { AppState, AppContextExtras } from '../context';
import { notFound } from '../errors';
import { requireActiveUser } from '../middleware/guards';
import { consume } from '../middleware/rate-limit';
import { presentPeerRatings } from '../presenters/peerRatings';
import { presentUserRating } from '../presenters/testRequest';
import { presentCurrentUser } from '../presenters/user';
import { parse } from '../validate';
import { settingsSaver } from '../commands/settingsSaver';
import { USER_NOT_FOUND } from './users';

/** A profile lists at most this many received ratings, newest first. */
const RATINGS_LIMIT = 50;

/** /api/users/me (settings) and /api/users/{username}/ratings (issue 13). */
export function userRatingsRoutes() {
  const router = new Router<AppState, AppContextExtras>({ prefix: '/api/users' });

  router.patch('/me', requireActiveUser, async (ctx) => {
    const input = parse(settingsSchema, ctx.request.body);
    await consume(ctx, 'settings', `u:${ctx.state.user!.id}`);
    await settingsSaver(ctx, input);
    ctx.body = presentCurrentUser((await makeUserQueries(ctx.deps.sql).findUserById(ctx.state.user!.id))!);
  });

  router.get('/:username/ratings', async (ctx) => {
    const user = await makeProfileQueries(ctx.deps.sql).findProfileUser(ctx.params.username ?? '');
    if (!user) throw notFound(USER_NOT_FOUND);
    const rows = await makeUserRatingQueries(ctx.deps.sql).listReceived(user.id, RATINGS_LIMIT);
    ctx.body = { ...presentPeerRatings(user), ratings: rows.map(presentUserRating) } satisfies UserRatingsAnswer;
  });

  return router;
}
