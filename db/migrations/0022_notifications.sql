-- Follows, the notification centre and its mail settings (docs/architecture.md "Notifications").

-- A member follows a maker. The counts shown on profiles are kept on users (users.ts), changed in
-- the statement's transaction.
CREATE TABLE follows (
  follower_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  followee_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (follower_id, followee_id),
  CHECK (follower_id <> followee_id)
);
-- The fan-out of a maker's new project walks their followers by id, a batch at a time.
CREATE INDEX follows_followee_idx ON follows (followee_id, follower_id);

ALTER TABLE users
  ADD COLUMN follower_count integer NOT NULL DEFAULT 0 CHECK (follower_count >= 0),
  ADD COLUMN following_count integer NOT NULL DEFAULT 0 CHECK (following_count >= 0),
  -- Mail of notifications: off, each at once, or a daily or weekly digest; per-kind switches
  -- (a kind missing from the object is on).
  ADD COLUMN notify_email text NOT NULL DEFAULT 'off' CHECK (notify_email IN ('off', 'instant', 'daily', 'weekly')),
  ADD COLUMN notify_kinds jsonb NOT NULL DEFAULT '{}'::jsonb;

-- One row per recipient and group: unread ones of the same kind and place group (count, latest
-- actors first), a read one stays as it was and the next news starts a new row.
CREATE TABLE notifications (
  id         integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id    integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  kind       text NOT NULL,
  group_key  text NOT NULL,
  project_id integer REFERENCES projects (id) ON DELETE CASCADE,
  url        text NOT NULL,
  subject    text NOT NULL,
  -- A second text part some kinds show (a test request's new status).
  detail     text,
  actor_ids  integer[] NOT NULL DEFAULT '{}',
  count      integer NOT NULL DEFAULT 1 CHECK (count >= 1),
  -- Distinct actors of the group (actor_ids keeps the latest few).
  actor_count integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now(),
  read_at    timestamptz,
  -- Set once the row's news went out by mail (instantly or in a digest).
  emailed_at timestamptz
);
CREATE UNIQUE INDEX notifications_unread_group_key ON notifications (user_id, kind, group_key) WHERE read_at IS NULL;
CREATE INDEX notifications_user_idx ON notifications (user_id, created_at DESC, id DESC);
CREATE INDEX notifications_unmailed_idx ON notifications (user_id, created_at) WHERE read_at IS NULL AND emailed_at IS NULL;
CREATE INDEX notifications_read_idx ON notifications (read_at) WHERE read_at IS NOT NULL;

-- Which news reached which recipient (`key`: the event, or a day's trending place): a job run twice
-- adds nothing the second time. Pruned with the read notifications.
CREATE TABLE notification_deliveries (
  key        text NOT NULL,
  user_id    integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (key, user_id)
);
CREATE INDEX notification_deliveries_created_idx ON notification_deliveries (created_at);
-- The digest runs walk the members of each digest mode by id.
CREATE INDEX users_notify_digest_idx ON users (notify_email, id) WHERE notify_email IN ('daily', 'weekly');
