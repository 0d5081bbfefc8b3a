import { emailContracts } from '@vitrine/domain/contracts/email';
import { route, type Route } from '../contracts/route';
import { CONFIRMATION_INVALID, emailConfirmer } from '../commands/email-confirmer';

/** /api/email: following a confirmation link; the web page /confirm-email calls it. */
export const emailRoutes: Route[] = [
  route(
    emailContracts.confirm,
    {
      access: 'anyone',
      limit: 'emailConfirm',
      limitCounts: 'attempts',
      errors: { 400: `${CONFIRMATION_INVALID} (unknown, used or expired), or the account's address changed since` },
    },
    async (call) => emailConfirmer(call, call.body),
  ),
];
