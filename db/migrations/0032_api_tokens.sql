-- Personal access tokens (db/src/queries/api-tokens.ts owns the table; docs/security.md "Access tokens").
-- Only the SHA-256 of a token is kept: the secret is shown once, when it is made, and cannot be read
-- back. A token goes with its member (ON DELETE CASCADE); revoking one deletes its row.
CREATE TABLE api_tokens (
  id           integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id      integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  name         text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 50),
  scopes       text[] NOT NULL CHECK (
                 cardinality(scopes) >= 1
                 AND scopes <@ ARRAY['read', 'write:votes', 'write:comments', 'webhooks']::text[]
               ),
  token_hash   bytea NOT NULL CHECK (octet_length(token_hash) = 32),
  created_at   timestamptz NOT NULL DEFAULT now(),
  -- The last call made with the token, written at most once a minute (api-tokens.ts authenticate).
  last_used_at timestamptz
);
-- Every authenticated call finds its token by the hash.
CREATE UNIQUE INDEX api_tokens_hash_idx ON api_tokens (token_hash);
-- The member's list (newest first) and the count bounded by MAX_TOKENS.
CREATE INDEX api_tokens_user_idx ON api_tokens (user_id, id DESC);
