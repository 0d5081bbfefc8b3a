import { createHash, randomBytes } from 'node:crypto';
import type { Sql } from '@vitrine/db/sql';
import { makeApiTokenQueries, type TokenCaller } from '@vitrine/db/queries/api-tokens';
import { HttpError } from './errors';

/**
 * Personal access tokens (docs/security.md "Access tokens"): `vtr_` and 32 random bytes in base64url.
 * The prefix lets a secret scanner (and a reader) tell one apart; the database keeps only its SHA-256.
 */
const TOKEN_PREFIX = 'vtr_';
/** Random bytes in a token: 256 bits, so a token cannot be guessed and a plain SHA-256 is a safe way to keep it. */
const TOKEN_BYTES = 32;
/** The shape of every token this API makes; anything else is refused without a query. */
const TOKEN_FORMAT = /^vtr_[A-Za-z0-9_-]{43}$/;

/** The 401 of a token that is malformed, unknown or revoked (or whose member is gone). */
export const INVALID_TOKEN = 'This access token is not valid. Check it, or make a new one in Settings.';

/** The SHA-256 a token is kept and found by. */
export function hashToken(token: string): Buffer {
  return createHash('sha256').update(token).digest();
}

/** A new token and its hash. */
export function newToken(): { token: string; hash: Buffer } {
  const token = TOKEN_PREFIX + randomBytes(TOKEN_BYTES).toString('base64url');
  return { token, hash: hashToken(token) };
}

/**
 * The credentials of an `Authorization: Bearer <credentials>` header (the scheme in any letter case,
 * RFC 9110), or undefined when the request carries no Bearer authorization. Only /api calls take one.
 */
export function bearerOf(path: string, authorization: string | undefined): string | undefined {
  if (!authorization || !path.startsWith('/api/')) return undefined;
  const match = /^bearer(?:\s+(.*))?$/i.exec(authorization.trim());
  return match ? (match[1] ?? '').trim() : undefined;
}

/**
 * The token and member a Bearer call is made as, or the 401 (with `WWW-Authenticate`, RFC 6750) for a
 * malformed, unknown or revoked token. A malformed one costs no query; a well-formed one costs one
 * indexed statement, which also records the token's use (at most once a minute).
 */
export async function authenticateToken(sql: Sql, token: string): Promise<TokenCaller> {
  const found = TOKEN_FORMAT.test(token) ? await makeApiTokenQueries(sql).authenticate(hashToken(token)) : undefined;
  if (!found) throw new HttpError(401, INVALID_TOKEN, { 'WWW-Authenticate': 'Bearer error="invalid_token"' });
  return found;
}
