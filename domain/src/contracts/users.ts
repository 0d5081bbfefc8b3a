import { z } from '../zod';
import { answers, DataExport, named } from '../answers';
import { accountDeleteSchema, passwordChangeSchema } from '../schemas/auth';
import { contract } from './contract';
import { usernameParams } from './params';

/** /api/users: the recipient picker, profiles and the member's own account. */
export const userContracts = {
  options: contract({
    method: 'get',
    path: '/api/users',
    tag: 'users',
    summary: 'Users for the recipient picker (excludes the caller)',
    response: z.array(answers.UserOption),
  }),
  profile: contract({
    method: 'get',
    path: '/api/users/:username',
    tag: 'users',
    summary: 'A public profile with its visible projects',
    params: usernameParams,
    response: answers.UserProfile,
    errors: { 404: 'User not found' },
  }),
  changePassword: contract({
    method: 'post',
    path: '/api/users/me/password',
    tag: 'users',
    summary: 'Change the password (current one required); ends every other session of the user and keeps this one',
    // Allowed while paused, like logout: locking out an intruder must not wait for an admin.
    body: named('PasswordChangeInput', passwordChangeSchema),
    response: answers.Notice,
    errors: { 400: 'A wrong current password, a common one, or invalid input', 429: 'Too many attempts' },
  }),
  resendConfirmation: contract({
    method: 'post',
    path: '/api/users/me/email-confirmation',
    tag: 'users',
    summary: 'Mail a new confirmation link for the unconfirmed profile email',
    status: 202,
    response: answers.Notice,
    errors: {
      400: 'No email to confirm',
      409: 'The email is already confirmed',
      429: 'Too many confirmation mails for this user or address',
    },
  }),
  exportData: contract({
    method: 'get',
    path: '/api/users/me/export',
    tag: 'users',
    summary:
      'Download everything stored about the caller as one JSON file (profile without the password hash, projects, votes, ratings, reports, messages, test requests, feedback, peer ratings)',
    // Allowed while paused: a member may always take their data with them.
    response: DataExport,
    errors: { 429: 'Too many exports in the last hour' },
  }),
  deleteAccount: contract({
    method: 'delete',
    path: '/api/users/me',
    tag: 'users',
    summary:
      "Delete the caller's account for good (password required), as an admin's delete does: their projects and everything they own go, every session of theirs ends and their sockets are disconnected",
    // Allowed while paused, like the export: leaving must not wait for an admin.
    body: named('AccountDeleteInput', accountDeleteSchema),
    status: 204,
    response: null,
    errors: { 400: 'A wrong password, the last admin, or invalid input', 429: 'Too many attempts' },
  }),
};
