import { answers, named } from '../answers';
import { loginSchema, registerSchema } from '../schemas/auth';
import { contract } from './contract';

/** /api/auth: the current user, register, sign in and out. */
export const authContracts = {
  me: contract({
    method: 'get',
    path: '/api/auth/me',
    tag: 'auth',
    summary: 'The signed-in user',
    response: answers.CurrentUser,
  }),
  register: contract({
    method: 'post',
    path: '/api/auth/register',
    tag: 'auth',
    summary: 'Create an account and sign in (an email starts unconfirmed and gets a confirmation link)',
    body: named('RegisterInput', registerSchema),
    status: 201,
    response: answers.CurrentUser,
    errors: {
      400: 'Invalid input, or a common or breached password',
      409: 'Username already exists',
      429: 'Too many sign-ups from this address, or confirmation mails to the email',
    },
  }),
  login: contract({
    method: 'post',
    path: '/api/auth/login',
    tag: 'auth',
    summary: 'Sign in (rememberMe keeps the session 30 days)',
    body: named('LoginInput', loginSchema),
    response: answers.CurrentUser,
    errors: {
      401: 'Wrong username or password',
      429: 'Too many failed sign-ins from this address, or for this username from this address',
    },
  }),
  logout: contract({
    method: 'post',
    path: '/api/auth/logout',
    tag: 'auth',
    summary: 'Sign out (allowed while paused)',
    status: 204,
    response: null,
  }),
};
