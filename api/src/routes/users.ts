import { z } from 'zod';
import { makeProfileQueries } from '@vitrine/db/queries/profiles';
import { makeTestRequestQueries } from '@vitrine/db/queries/testRequests';
import { answers, usernameParams } from '../contracts/answers';
import { route, type Route } from '../contracts/route';
import { notFound } from '../errors';
import { can } from '../policies';
import { presentProfile, presentUserOption } from '../presenters/profile';

/** The answer for an unknown username. */
export const USER_NOT_FOUND = 'User not found';
/** The profile lists at most this many test requests the user ran or tested in. */
const PROFILE_REQUESTS = 20;

/** /api/users: the recipient picker (signed in) and public profiles. */
export const userRoutes: Route[] = [
  route(
    { method: 'get', path: '/api/users', tag: 'users', summary: 'Users for the recipient picker (excludes the caller)', access: 'member', response: z.array(answers.UserOption) },
    async (call) => (await makeProfileQueries(call.deps.sql).listUserOptions(call.user.id)).map(presentUserOption),
  ),
  route(
    { method: 'get', path: '/api/users/:username', tag: 'users', summary: 'A public profile with its visible projects', access: 'anyone', params: usernameParams, response: answers.UserProfile, errors: { 404: USER_NOT_FOUND } },
    async (call) => {
      const profiles = makeProfileQueries(call.deps.sql);
      const user = await profiles.findProfileUser(call.params.username);
      if (!user) throw notFound(USER_NOT_FOUND);
      const projects = await profiles.listUserProjects(user.id, can(call.user, 'profile.seeHidden', user));
      const requests = await makeTestRequestQueries(call.deps.sql).listUserRequests(user.id, PROFILE_REQUESTS);
      return presentProfile(user, projects, requests);
    },
  ),
];
