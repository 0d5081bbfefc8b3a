import { userContracts } from '@vitrine/domain/contracts/users';
import { makeProfileQueries } from '@vitrine/db/queries/profiles';
import { makeFollowQueries } from '@vitrine/db/queries/follows';
import { makeTestRequestQueries } from '@vitrine/db/queries/test-requests';
import { route, type Route } from '../contracts/route';
import { notFound } from '../errors';
import { can } from '../policies';
import { presentProfile, presentUserOption } from '../presenters/profile';
import {
  CONFIRMATION_SENT,
  confirmationResender,
  EMAIL_ALREADY_CONFIRMED,
  NO_EMAIL_TO_CONFIRM,
} from '../commands/confirmation-resender';
import { PASSWORD_CHANGED, passwordChanger, WRONG_CURRENT_PASSWORD } from '../commands/password-changer';
import { COMMON_PASSWORD } from '../password-policy';
import { SESSION_COOKIE } from '../middleware/session';
import { consume, ensureNotLimited } from '../middleware/rate-limit';
import { accountDeleter, LAST_ADMIN, WRONG_PASSWORD } from '../commands/account-deleter';
import { loadDataExport } from '../data-export-loader';
import { presentDataExport } from '../presenters/data-export';

/** The answer for an unknown username. */
export const USER_NOT_FOUND = 'User not found';
/** The profile lists at most this many test requests the user ran or tested in. */
const PROFILE_REQUESTS = 20;

/**
 * /api/users: the recipient picker (signed in), public profiles, the member's password
 * change and confirmation-link resend, and the member's own data: its export and the account's deletion.
 */
export const userRoutes: Route[] = [
  route(userContracts.options, { access: 'member' }, async (call) =>
    (await makeProfileQueries(call.deps.sql).listUserOptions(call.user.id)).map(presentUserOption),
  ),
  route(userContracts.profile, { access: 'anyone' }, async (call) => {
    const profiles = makeProfileQueries(call.deps.sql);
    const user = await profiles.findProfileUser(call.params.username);
    if (!user) throw notFound(USER_NOT_FOUND);
    const projects = await profiles.listUserProjects(user.id, can(call.user, 'profile.seeHidden', user));
    const requests = await makeTestRequestQueries(call.deps.sql).listUserRequests(user.id, PROFILE_REQUESTS);
    const viewerFollows =
      call.user !== null && (await makeFollowQueries(call.deps.sql).isFollowing(call.user.id, user.id));
    return presentProfile(user, projects, requests, viewerFollows);
  }),
  route(
    userContracts.changePassword,
    {
      access: 'member',
      limit: 'passwordChange',
      limitCounts: 'attempts',
      errors: { 400: `${WRONG_CURRENT_PASSWORD}; ${COMMON_PASSWORD}; or invalid input` },
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
    userContracts.resendConfirmation,
    {
      access: 'active',
      limit: 'confirmResend',
      errors: { 400: NO_EMAIL_TO_CONFIRM, 409: EMAIL_ALREADY_CONFIRMED },
    },
    async (call) => {
      await confirmationResender(call);
      return { message: CONFIRMATION_SENT };
    },
  ),
  // The whole export is a session's: a leaked read token must not hand out every row about the member.
  route(userContracts.exportData, { access: 'member', tokenScope: null }, async (call) => {
    // A quota of exports made: checked first, spent once this one is built.
    const key = `u:${call.user.id}`;
    await ensureNotLimited(call, 'dataExport', key);
    const exportedAt = new Date();
    const answer = presentDataExport(await loadDataExport(call), exportedAt);
    await consume(call, 'dataExport', key);
    call.koa.set(
      'Content-Disposition',
      `attachment; filename="vitrine-${call.user.username}-${exportedAt.toISOString().slice(0, 10)}.json"`,
    );
    call.koa.set('Cache-Control', 'no-store');
    return answer;
  }),
  route(
    userContracts.deleteAccount,
    {
      access: 'member',
      limit: 'accountDelete',
      errors: { 400: `${WRONG_PASSWORD}; ${LAST_ADMIN}; or invalid input` },
    },
    async (call) => {
      await accountDeleter(call, call.body);
      // This cookie's session goes now; any other session finds no user on its next request (loadUser).
      call.koa.session = null;
    },
  ),
];
