import { answers, named } from '../answers';
import { emailConfirmSchema } from '../schemas/auth';
import { contract } from './contract';

/** Confirmation links followed from a mail. */
export const emailContracts = {
  confirm: contract({
    method: 'post',
    path: '/api/email/confirm',
    tag: 'users',
    summary: "Follow a confirmation link: confirms a member's email, or releases a visitor's contact copy",
    body: named('EmailConfirmInput', emailConfirmSchema),
    response: answers.EmailConfirmed,
    errors: { 400: "The link is unknown, used or expired, or the account's address changed since" },
  }),
};
