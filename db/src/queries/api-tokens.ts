import type { TokenScope } from '@vitrine/domain/tokens';
import type { Tx } from '../sql';
import type { UserRow } from './users';

/** A personal access token as its owner sees it (never the hash). */
export interface ApiTokenRow {
  id: number;
  name: string;
  scopes: TokenScope[];
  createdAt: Date;
  lastUsedAt: Date | null;
}

/** What a call made with a token is: the token's id and scopes, and its member. */
export interface TokenCaller {
  token: { id: number; scopes: TokenScope[] };
  user: UserRow;
}

/**
 * A token's last use is written at most this often (seconds): the owner's list shows it to the minute,
 * and a busy token writes its row once a minute instead of on every call.
 */
export const LAST_USED_EVERY_SECONDS = 60;

/** Queries on api_tokens (migration 0032): personal access tokens, kept by their SHA-256. Pass the pool or a transaction. */
export function makeApiTokenQueries(sql: Tx) {
  return {
    /** The member's tokens, newest first. */
    async listTokens(userId: number): Promise<ApiTokenRow[]> {
      return sql<ApiTokenRow[]>`
        SELECT id, name, scopes, created_at, last_used_at FROM api_tokens WHERE user_id = ${userId} ORDER BY id DESC`;
    },

    /**
     * Locks the member's row against another token being made at once (so two creations cannot both
     * pass the count), then answers how many tokens they hold. Run it in a transaction. FOR NO KEY
     * UPDATE: it does not wait on, nor hold up, rows that refer to the member (a vote, a comment).
     */
    async lockAndCount(userId: number): Promise<number> {
      await sql`SELECT 1 FROM users WHERE id = ${userId} FOR NO KEY UPDATE`;
      const [row] = await sql<Array<{ count: number }>>`
        SELECT count(*)::int AS count FROM api_tokens WHERE user_id = ${userId}`;
      return row?.count ?? 0;
    },

    /** Stores a token by its hash. */
    async insertToken(input: {
      userId: number;
      name: string;
      scopes: TokenScope[];
      hash: Buffer;
    }): Promise<ApiTokenRow> {
      const [row] = await sql<ApiTokenRow[]>`
        INSERT INTO api_tokens (user_id, name, scopes, token_hash)
        VALUES (${input.userId}, ${input.name}, ${input.scopes}::text[], ${input.hash})
        RETURNING id, name, scopes, created_at, last_used_at`;
      return row!;
    },

    /** Revokes the member's token `id`: false when they hold none of that id (someone else's included). */
    async deleteToken(userId: number, id: number): Promise<boolean> {
      const rows = await sql`DELETE FROM api_tokens WHERE id = ${id} AND user_id = ${userId} RETURNING id`;
      return rows.length > 0;
    },

    /**
     * The token whose SHA-256 is `hash`, with its member, in one statement, which also records its use
     * when the last one recorded is older than LAST_USED_EVERY_SECONDS. Undefined for no such token (never
     * made, revoked, or its member deleted).
     */
    async authenticate(hash: Buffer): Promise<TokenCaller | undefined> {
      const [row] = await sql<Array<UserRow & { tokenId: number; tokenScopes: TokenScope[] }>>`
        WITH found AS (
          SELECT id, user_id, scopes FROM api_tokens WHERE token_hash = ${hash}
        ), touched AS (
          UPDATE api_tokens SET last_used_at = now()
          WHERE id = (SELECT id FROM found)
            AND (last_used_at IS NULL OR last_used_at < now() - make_interval(secs => ${LAST_USED_EVERY_SECONDS}))
          RETURNING id
        )
        SELECT f.id AS token_id, f.scopes AS token_scopes, u.*
        FROM found f JOIN users u ON u.id = f.user_id`;
      if (!row) return undefined;
      const { tokenId, tokenScopes, ...user } = row;
      return { token: { id: tokenId, scopes: tokenScopes }, user: user as UserRow };
    },
  };
}
