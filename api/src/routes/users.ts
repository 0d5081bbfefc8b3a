import { z } from 'zod';
import { passwordChangeSchema } from '@vitrine/domain/schemas/auth';
import { makeProfileQueries } from '@vitrine/db/queries/profiles';
import { makeTestRequestQueries } from '@vitrine/db/queries/testRequests';
import { answers, named, usernameParams } from '../contracts/answers';
import { route, type Route } from '../contracts/route';
import { notFound } from '../errors';
import { can } from '../policies';
import { presentProfile, presentUserOption } from '../presenters/profile';
import { CONFIRMATION_SENT, confirmationResender, EMAIL_ALREADY_CONFIRMED, NO_EMAIL_TO_CONFIRM } from '../commands/confirmationResender';
import { PASSWORD_CHANGED, passwordChanger, WRONG_CURRENT_PASSWORD } from '../commands/passwordChanger';
import { COMMON_PASSWORD } from '../passwordPolicy';
import { SESSION_COOKIE } from '../middleware/session';

/** The answer for an unknown username. */
export const USER_NOT_FOUND = 'User not found';
/** The profile lists at most this many test requests the user ran or tested in. */
const PROFILE_REQUESTS = 20;

/**
 * /api/users: the recipient picker (signed in), public profiles, and (issue 14) the member's password
 * change and confirmation-link resend.
 */
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
  route(
    {
      method: 'post', path: '/api/users/me/password', tag: 'users', summary: 'Change the password (current one required); ends every other session of the user and keeps this one',
      // Allowed while paused, like logout: locking out an intruder must not wait for an admin.
      access: 'member', limit: 'passwordChange', limitCounts: 'attempts', body: named('PasswordChangeInput', passwordChangeSchema), response: answers.Notice,
      errors: { 400: `${WRONG_CURRENT_PASSWORD}; ${COMMON_PASSWORD}; or invalid input`, 429: 'Too many attempts' },
    },
    async (call) => {
      const cutoff = await passwordChanger(call, call.body);
      call.koa.session!.signedInAt = cutoff.getTime();
      call.koa.session!.passwordStamp = cutoff.getTime();
      const sessionId = call.koa.cookies.get(SESSION_COOKIE, { signed: true });
      if (sessionId) call.deps.publisher.otherSessionsEnded(call.user.id, sessionId);
      return { message: PASSWORD_CHANGED };
    },
  ),
  route(
    {
      method: 'post', path: '/api/users/me/email-confirmation', tag: 'users', summary: 'Mail a new confirmation link for the unconfirmed profile email',
      access: 'active', limit: 'confirmResend', status: 202, response: answers.Notice,
      errors: { 400: NO_EMAIL_TO_CONFIRM, 409: EMAIL_ALREADY_CONFIRMED, 429: 'Too many confirmation mails for this user or address' },
    },
    async (call) => {
      await confirmationResender(call);
      return { message: CONFIRMATION_SENT };
    },
  ),
];
