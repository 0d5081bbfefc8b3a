import { tokenContracts } from '@vitrine/domain/contracts/tokens';
import { makeApiTokenQueries } from '@vitrine/db/queries/api-tokens';
import { TOO_MANY_TOKENS } from '@vitrine/domain/tokens';
import { route, type Route } from '../contracts/route';
import { notFound } from '../errors';
import { presentApiToken } from '../presenters/api-token';
import { tokenCreator } from '../commands/token-creator';

/** The answer for a token the caller does not hold (someone else's included). */
export const TOKEN_NOT_FOUND = 'Token not found';

/**
 * /api/tokens: a member's personal access tokens, managed from /settings with the session only (no
 * token opens these routes, so a token cannot make or list tokens). Making one needs an active account;
 * listing and revoking stay open while paused, so a member can always cut a token off.
 */
export const tokenRoutes: Route[] = [
  route(tokenContracts.list, { access: 'member', tokenScope: null }, async (call) =>
    (await makeApiTokenQueries(call.deps.sql).listTokens(call.user.id)).map(presentApiToken),
  ),
  route(
    tokenContracts.create,
    { access: 'active', limit: 'tokenWrite', tokenScope: null, errors: { 409: TOO_MANY_TOKENS } },
    async (call) => {
      const { row, token } = await tokenCreator(call, call.body);
      call.koa.set('Cache-Control', 'no-store');
      return { ...presentApiToken(row), token };
    },
  ),
  route(
    tokenContracts.remove,
    { access: 'member', limit: 'tokenWrite', tokenScope: null, errors: { 404: TOKEN_NOT_FOUND } },
    async (call) => {
      if (!(await makeApiTokenQueries(call.deps.sql).deleteToken(call.user.id, call.params.id)))
        throw notFound(TOKEN_NOT_FOUND);
    },
  ),
];
