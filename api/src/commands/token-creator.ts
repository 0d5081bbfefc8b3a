import { makeApiTokenQueries } from '@vitrine/db/queries/api-tokens';
import { MAX_TOKENS, TOO_MANY_TOKENS, type TokenScope } from '@vitrine/domain/tokens';
import type { ApiTokenRow } from '@vitrine/db/queries/api-tokens';
import type { MemberCaller } from '../context';
import { conflict } from '../errors';
import { newToken } from '../access-tokens';
import { commit } from './commit';

/**
 * Makes a personal access token for the member: its secret is answered this once and only its SHA-256
 * is stored (api/src/access-tokens.ts). The member's row is locked while their tokens are counted, so
 * two creations at once never pass MAX_TOKENS (409).
 */
export async function tokenCreator(
  caller: MemberCaller,
  input: { name: string; scopes: TokenScope[] },
): Promise<{ row: ApiTokenRow; token: string }> {
  const { token, hash } = newToken();
  const row = await commit(caller, async (tx) => {
    const tokens = makeApiTokenQueries(tx);
    if ((await tokens.lockAndCount(caller.user.id)) >= MAX_TOKENS) throw conflict(TOO_MANY_TOKENS);
    return tokens.insertToken({ userId: caller.user.id, name: input.name, scopes: input.scopes, hash });
  });
  return { row, token };
}
