import { emailConfirmSchema } from '@vitrine/domain/schemas/auth';
import { answers, named } from '../contracts/answers';
import { route, type Route } from '../contracts/route';
import { CONFIRMATION_INVALID, emailConfirmer } from '../commands/email-confirmer';

/** /api/email: following a confirmation link; the web page /confirm-email calls it. */
export const emailRoutes: Route[] = [
  route(
    {
      method: 'post',
      path: '/api/email/confirm',
      tag: 'users',
      summary: "Follow a confirmation link: confirms a member's email, or releases a visitor's contact copy",
      access: 'anyone',
      limit: 'emailConfirm',
      limitCounts: 'attempts',
      body: named('EmailConfirmInput', emailConfirmSchema),
      response: answers.EmailConfirmed,
      errors: { 400: `${CONFIRMATION_INVALID} (unknown, used or expired), or the account's address changed since` },
    },
    async (call) => emailConfirmer(call, call.body),
  ),
];
