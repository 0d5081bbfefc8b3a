import { z } from '../zod';
import { named, tokenAnswers } from '../answers';
import { tokenCreateSchema } from '../tokens';
import { contract } from './contract';
import { idParams } from './params';

const tag = 'users' as const;

/** A member's personal access tokens (docs/api.md "Access tokens"): managed with the session only, never with a token. */
export const tokenContracts = {
  list: contract({
    method: 'get',
    path: '/api/tokens',
    tag,
    summary: "The caller's personal access tokens, newest first (never their secrets)",
    response: z.array(tokenAnswers.ApiToken),
  }),
  create: contract({
    method: 'post',
    path: '/api/tokens',
    tag,
    summary: 'Make a personal access token; its secret is in this answer only',
    body: named('TokenInput', tokenCreateSchema),
    status: 201,
    response: tokenAnswers.CreatedApiToken,
    errors: { 409: 'Holding the most tokens a member may' },
  }),
  remove: contract({
    method: 'delete',
    path: '/api/tokens/:id',
    tag,
    summary: 'Revoke a token: the next call made with it is 401',
    params: idParams,
    status: 204,
    response: null,
    errors: { 404: 'Token not found' },
  }),
};
