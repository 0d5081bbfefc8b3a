-- Vitrine schema: users, projects, votes, ratings, reports, messages, plus the outbox and ranking tables.
-- Rules live here as well as in code: unique usernames in any case, one vote / rating per voter,
-- ratings 1..10, cascading deletes user -> projects -> votes, ratings, reports.

CREATE TABLE users (
  id                     integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  username               text NOT NULL CHECK (char_length(username) BETWEEN 3 AND 30),
  password_hash          text NOT NULL,
  email                  text,
  is_admin               boolean NOT NULL DEFAULT false,
  is_paused              boolean NOT NULL DEFAULT false,
  role                   text NOT NULL DEFAULT 'both' CHECK (role IN ('developer', 'tester', 'both')),
  developer_rating       numeric(5,2) NOT NULL DEFAULT 0,
  tester_rating          numeric(5,2) NOT NULL DEFAULT 0,
  developer_rating_count integer NOT NULL DEFAULT 0,
  tester_rating_count    integer NOT NULL DEFAULT 0,
  is_verified            boolean NOT NULL DEFAULT false,
  bio                    text CHECK (char_length(bio) <= 500),
  profile_completed      boolean NOT NULL DEFAULT false,
  activity_points        integer NOT NULL DEFAULT 0,
  created_at             timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX users_username_lower_key ON users (lower(username));
CREATE INDEX users_created_at_idx ON users (created_at DESC, id DESC);

CREATE TABLE projects (
  id             integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  title          text NOT NULL CHECK (char_length(title) BETWEEN 3 AND 100),
  description    text NOT NULL CHECK (char_length(description) BETWEEN 10 AND 500),
  replit_url     text NOT NULL CHECK (replit_url ~* '^https?://'),
  category       text NOT NULL,
  tags           text NOT NULL DEFAULT '',
  user_id        integer REFERENCES users (id) ON DELETE CASCADE,
  votes          integer NOT NULL DEFAULT 0 CHECK (votes >= 0),
  views          integer NOT NULL DEFAULT 0 CHECK (views >= 0),
  total_ratings  integer NOT NULL DEFAULT 0 CHECK (total_ratings >= 0),
  average_rating numeric(3,1) NOT NULL DEFAULT 0,
  report_count   integer NOT NULL DEFAULT 0 CHECK (report_count >= 0),
  is_hidden      boolean NOT NULL DEFAULT false,
  created_at     timestamptz NOT NULL DEFAULT now()
);
-- One index per public ORDER BY (hidden projects never listed), plus the owner's list.
CREATE INDEX projects_latest_idx ON projects (created_at DESC, id DESC) WHERE NOT is_hidden;
CREATE INDEX projects_votes_idx ON projects (votes DESC, id DESC) WHERE NOT is_hidden;
CREATE INDEX projects_views_idx ON projects (views DESC, id DESC) WHERE NOT is_hidden;
CREATE INDEX projects_all_idx ON projects (created_at DESC, id DESC);
CREATE INDEX projects_user_idx ON projects (user_id, created_at DESC);

CREATE TABLE votes (
  id         integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  project_id integer NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
  user_id    integer REFERENCES users (id) ON DELETE CASCADE,
  ip_address text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
-- One vote per (project, member); one per (project, IP) for visitors.
CREATE UNIQUE INDEX votes_project_user_key ON votes (project_id, user_id) WHERE user_id IS NOT NULL;
CREATE UNIQUE INDEX votes_project_ip_key ON votes (project_id, ip_address) WHERE user_id IS NULL;
CREATE INDEX votes_created_at_idx ON votes (created_at DESC, project_id);
CREATE INDEX votes_user_idx ON votes (user_id);

-- One view per viewer (user, else IP) per project per day.
CREATE TABLE project_views (
  project_id integer NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
  viewer     text NOT NULL,
  day        date NOT NULL DEFAULT current_date,
  PRIMARY KEY (project_id, viewer, day)
);

CREATE TABLE submissions (
  id         integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  ip_address text NOT NULL,
  user_id    integer REFERENCES users (id) ON DELETE SET NULL,
  project_id integer REFERENCES projects (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX submissions_created_at_idx ON submissions (created_at DESC);

CREATE TABLE ratings (
  id         integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  project_id integer NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
  user_id    integer REFERENCES users (id) ON DELETE CASCADE,
  ip_address text NOT NULL,
  rating     smallint NOT NULL CHECK (rating BETWEEN 1 AND 10),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX ratings_project_user_key ON ratings (project_id, user_id);
CREATE INDEX ratings_user_idx ON ratings (user_id);

CREATE TABLE contact_messages (
  id                integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  sender_user_id    integer REFERENCES users (id) ON DELETE SET NULL,
  sender_email      text,
  sender_name       text,
  -- NULL: addressed to the administrators.
  recipient_user_id integer REFERENCES users (id) ON DELETE CASCADE,
  subject           text NOT NULL,
  message           text NOT NULL,
  is_read           boolean NOT NULL DEFAULT false,
  -- A sender or recipient deleting a message hides it from their own box only.
  sender_deleted    boolean NOT NULL DEFAULT false,
  recipient_deleted boolean NOT NULL DEFAULT false,
  created_at        timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX contact_messages_recipient_idx ON contact_messages (recipient_user_id, created_at DESC, id DESC);
CREATE INDEX contact_messages_sender_idx ON contact_messages (sender_user_id, created_at DESC, id DESC);
CREATE INDEX contact_messages_created_idx ON contact_messages (created_at DESC, id DESC);

CREATE TABLE reports (
  id                 integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  project_id         integer NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
  reporter_user_id   integer REFERENCES users (id) ON DELETE SET NULL,
  reporter_ip        text,
  reason             text NOT NULL CHECK (reason IN ('spam', 'offensive', 'copyright', 'inappropriate', 'other')),
  additional_details text CHECK (char_length(additional_details) <= 500),
  status             text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'reviewed', 'dismissed', 'removed')),
  admin_notes        text,
  is_hidden          boolean NOT NULL DEFAULT false,
  created_at         timestamptz NOT NULL DEFAULT now(),
  updated_at         timestamptz NOT NULL DEFAULT now()
);
-- One open report per user per project.
CREATE UNIQUE INDEX reports_open_key ON reports (project_id, reporter_user_id) WHERE status = 'pending';
CREATE INDEX reports_status_idx ON reports (status, created_at DESC, id DESC);
CREATE INDEX reports_project_idx ON reports (project_id);

CREATE TABLE user_ratings (
  id             integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  rated_user_id  integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  rater_user_id  integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  rating         smallint NOT NULL CHECK (rating BETWEEN 1 AND 10),
  rating_type    text NOT NULL CHECK (rating_type IN ('developer', 'tester', 'both')),
  project_id     integer REFERENCES projects (id) ON DELETE CASCADE,
  feedback       text CHECK (char_length(feedback) <= 500),
  is_helpful     boolean NOT NULL DEFAULT false,
  helpful_count  integer NOT NULL DEFAULT 0,
  created_at     timestamptz NOT NULL DEFAULT now(),
  updated_at     timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX user_ratings_rated_idx ON user_ratings (rated_user_id);

CREATE TABLE project_requests (
  id            integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  project_id    integer NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
  user_id       integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  title         text NOT NULL,
  description   text NOT NULL,
  status        text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'in_progress', 'completed', 'cancelled')),
  skills_needed text,
  deadline      timestamptz,
  max_testers   integer,
  is_active     boolean NOT NULL DEFAULT true,
  created_at    timestamptz NOT NULL DEFAULT now(),
  updated_at    timestamptz NOT NULL DEFAULT now()
);

-- The outbox: each event row commits with the change it describes; published_at is set once enqueued.
CREATE TABLE events (
  id           bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  name         text NOT NULL,
  payload      jsonb NOT NULL,
  created_at   timestamptz NOT NULL DEFAULT now(),
  published_at timestamptz
);
CREATE INDEX events_unpublished_idx ON events (created_at) WHERE published_at IS NULL;

-- Ranking boards, recomputed by the worker and swapped in one short transaction.
CREATE TABLE trending_scores (
  period     text NOT NULL CHECK (period IN ('today', 'week', 'month')),
  project_id integer NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
  score      double precision NOT NULL,
  created_at timestamptz NOT NULL,
  PRIMARY KEY (period, project_id)
);
CREATE INDEX trending_scores_rank_idx ON trending_scores (period, score DESC, created_at DESC, project_id DESC);

CREATE TABLE leaderboard_entries (
  time_range   text NOT NULL CHECK (time_range IN ('all', 'month', 'week')),
  project_id   integer NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
  votes        integer NOT NULL,
  rating_bound double precision NOT NULL,
  created_at   timestamptz NOT NULL,
  PRIMARY KEY (time_range, project_id)
);
CREATE INDEX leaderboard_entries_rank_idx ON leaderboard_entries (time_range, votes DESC, rating_bound DESC, created_at ASC, project_id);

CREATE TABLE top_contributors (
  user_id       integer PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  project_count integer NOT NULL,
  total_votes   integer NOT NULL
);
CREATE INDEX top_contributors_rank_idx ON top_contributors (total_votes DESC, project_count DESC, user_id);
