-- Test requests, testers, structured feedback and mutual user
-- ratings. The rules live in the database too: one active request per project, tester_count never
-- above max_testers, feedback only from a joined tester, one rating per pair per request, 1..10,
-- nobody rates themselves. Independent of 0006.

-- Requests: skills as a list, the counters the lists show, a hidden flag for admins; is_active follows
-- the status (open and in_progress are active) instead of being kept in step by hand.
ALTER TABLE project_requests
  ALTER COLUMN skills_needed TYPE text[]
    USING CASE WHEN coalesce(skills_needed, '') = '' THEN '{}'::text[] ELSE string_to_array(skills_needed, ',') END;
UPDATE project_requests SET max_testers = 5 WHERE max_testers IS NULL;
ALTER TABLE project_requests
  ALTER COLUMN skills_needed SET DEFAULT '{}',
  ALTER COLUMN skills_needed SET NOT NULL,
  ALTER COLUMN max_testers SET NOT NULL,
  DROP COLUMN is_active,
  ADD COLUMN is_active boolean GENERATED ALWAYS AS (status IN ('open', 'in_progress')) STORED,
  ADD COLUMN is_hidden boolean NOT NULL DEFAULT false,
  ADD COLUMN tester_count integer NOT NULL DEFAULT 0,
  ADD COLUMN feedback_count integer NOT NULL DEFAULT 0,
  ADD CONSTRAINT project_requests_title_check CHECK (char_length(title) BETWEEN 3 AND 100),
  ADD CONSTRAINT project_requests_description_check CHECK (char_length(description) BETWEEN 10 AND 1000),
  ADD CONSTRAINT project_requests_max_testers_check CHECK (max_testers BETWEEN 1 AND 50),
  ADD CONSTRAINT project_requests_tester_count_check CHECK (tester_count BETWEEN 0 AND max_testers),
  ADD CONSTRAINT project_requests_feedback_count_check CHECK (feedback_count >= 0);
-- At most one active request per project.
CREATE UNIQUE INDEX project_requests_active_key ON project_requests (project_id) WHERE status IN ('open', 'in_progress');
-- The public list (open, not hidden) by either sort; a user's requests; the admin list.
CREATE INDEX project_requests_open_newest_idx ON project_requests (created_at DESC, id DESC) WHERE status = 'open' AND NOT is_hidden;
CREATE INDEX project_requests_open_deadline_idx ON project_requests (deadline ASC NULLS LAST, id) WHERE status = 'open' AND NOT is_hidden;
CREATE INDEX project_requests_user_idx ON project_requests (user_id, created_at DESC);
CREATE INDEX project_requests_all_idx ON project_requests (created_at DESC, id DESC);

-- Who joined which request.
CREATE TABLE test_request_testers (
  request_id integer NOT NULL REFERENCES project_requests (id) ON DELETE CASCADE,
  user_id    integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  joined_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (request_id, user_id)
);
CREATE INDEX test_request_testers_user_idx ON test_request_testers (user_id, joined_at DESC);

-- A joined tester's structured feedback, one per tester per request; leaving takes it along.
CREATE TABLE test_feedback (
  id            integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  request_id    integer NOT NULL,
  tester_id     integer NOT NULL,
  worked        text NOT NULL DEFAULT '' CHECK (char_length(worked) <= 2000),
  problems      text NOT NULL DEFAULT '' CHECK (char_length(problems) <= 2000),
  suggestions   text NOT NULL DEFAULT '' CHECK (char_length(suggestions) <= 2000),
  score         smallint NOT NULL CHECK (score BETWEEN 1 AND 10),
  is_helpful    boolean NOT NULL DEFAULT false,
  helpful_count integer NOT NULL DEFAULT 0 CHECK (helpful_count >= 0),
  created_at    timestamptz NOT NULL DEFAULT now(),
  updated_at    timestamptz NOT NULL DEFAULT now(),
  UNIQUE (request_id, tester_id),
  FOREIGN KEY (request_id, tester_id) REFERENCES test_request_testers (request_id, user_id) ON DELETE CASCADE
);

-- User ratings belong to the request they were given in: one per (request, rater, rated), no self-rating.
ALTER TABLE user_ratings
  ADD COLUMN request_id integer REFERENCES project_requests (id) ON DELETE CASCADE,
  ADD CONSTRAINT user_ratings_not_self_check CHECK (rated_user_id <> rater_user_id),
  ADD CONSTRAINT user_ratings_given_type_check CHECK (rating_type IN ('developer', 'tester'));
CREATE UNIQUE INDEX user_ratings_pair_key ON user_ratings (request_id, rater_user_id, rated_user_id);
CREATE INDEX user_ratings_rated_type_idx ON user_ratings (rated_user_id, rating_type, created_at DESC);
CREATE INDEX user_ratings_rater_idx ON user_ratings (rater_user_id);

-- Email copies of test-request notices can be turned off in settings; aggregates never go negative.
ALTER TABLE users
  ADD COLUMN email_notices boolean NOT NULL DEFAULT true,
  ADD CONSTRAINT users_rating_counts_check CHECK (developer_rating_count >= 0 AND tester_rating_count >= 0 AND activity_points >= 0);
