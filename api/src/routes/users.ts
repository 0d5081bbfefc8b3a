import Router from '@koa/router';
import { makeProfileQueries } from '@vitrine/db/queries/profiles';
import { makeTestRequestQueries } from '@vitrine/db/queries/testRequests';
import type { AppState, AppContextExtras } from '../context';
import { notFound } from '../errors';
import { requireUser } from '../middleware/guards';
import { can } from '../policies';
import { presentProfile, presentUserOption } from '../presenters/profile';

/** The answer for an unknown username. */
export const USER_NOT_FOUND = 'User not found';
/** The profile lists at most this many test requests the user ran or tested in. */
const PROFILE_REQUESTS = 20;

/** /api/users: the recipient picker (signed in) and public profiles. */
export function usersRoutes() {
  const router = new Router<AppState, AppContextExtras>({ prefix: '/api/users' });

  router.get('/', requireUser, async (ctx) => {
    const rows = await makeProfileQueries(ctx.deps.sql).listUserOptions(ctx.state.user!.id);
    ctx.body = rows.map(presentUserOption);
  });

  router.get('/:username', async (ctx) => {
    const profiles = makeProfileQueries(ctx.deps.sql);
    const user = await profiles.findProfileUser(ctx.params.username ?? '');
    if (!user) throw notFound(USER_NOT_FOUND);
    const projects = await profiles.listUserProjects(user.id, can(ctx.state.user, 'profile.seeHidden', user));
    const requests = await makeTestRequestQueries(ctx.deps.sql).listUserRequests(user.id, PROFILE_REQUESTS);
    ctx.body = presentProfile(user, projects, requests);
  });

  return router;
}
