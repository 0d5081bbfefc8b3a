-- New & rising: one row per visitor (signed-in user, else address) per project per UTC day that the
-- project's card was on that visitor's screen. A project leaves the strip at 72 hours or at 50 rows
-- (domain/src/constants.ts RISING_*); counting reads at most 50 rows of one project (the primary key's
-- prefix), so no counter column is kept.
CREATE TABLE project_impressions (
  project_id integer NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
  day        date NOT NULL,
  visitor    text NOT NULL CHECK (char_length(visitor) <= 80),
  PRIMARY KEY (project_id, day, visitor)
);

-- The public moderation log: every moderation action with its public reason. The subject's title is
-- kept as it was (a deleted project keeps its entry); a username is never stored, it is read from
-- users through subject_user_id, so a deleted user's name disappears from every entry (redacted).
-- actor_id (the admin) is private: no answer shows it.
CREATE TABLE moderation_log (
  id              integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  action          text NOT NULL CHECK (char_length(action) <= 40),
  subject_type    text NOT NULL CHECK (subject_type IN ('project', 'user', 'comment', 'report', 'ring', 'rating')),
  subject_id      integer NOT NULL,
  subject_title   text CHECK (char_length(subject_title) <= 200),
  subject_user_id integer REFERENCES users (id) ON DELETE SET NULL,
  reason          text NOT NULL CHECK (char_length(reason) BETWEEN 1 AND 500),
  actor_id        integer REFERENCES users (id) ON DELETE SET NULL,
  created_at      timestamptz NOT NULL DEFAULT now()
);
-- The feed and the page read newest first by id (the primary key); these serve the ON DELETE SET NULL
-- of a deleted user, which would otherwise scan the log.
CREATE INDEX moderation_log_subject_user_idx ON moderation_log (subject_user_id) WHERE subject_user_id IS NOT NULL;
CREATE INDEX moderation_log_actor_idx ON moderation_log (actor_id) WHERE actor_id IS NOT NULL;
