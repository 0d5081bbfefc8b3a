-- Live-or-down checks of each project's hosted address (docs/architecture.md "Liveness").
-- project_health: one row per checked project, the state the badge and the boards read.
--   status: up (last check answered), down (LIVENESS_FAILURES_TO_DOWN failures in a row), unknown (not
--   checked yet, or failing fewer times than that), blocked (the address is refused, never contacted).
--   since: when the status began (for down: the first failure of the streak).
CREATE TABLE project_health (
  project_id         integer PRIMARY KEY REFERENCES projects (id) ON DELETE CASCADE,
  status             text NOT NULL DEFAULT 'unknown' CHECK (status IN ('up', 'down', 'unknown', 'blocked')),
  since              timestamptz NOT NULL DEFAULT now(),
  failures           integer NOT NULL DEFAULT 0 CHECK (failures >= 0),
  failing_since      timestamptz,
  checked_at         timestamptz,
  latency_ms         integer,
  check_requested_at timestamptz
);
-- The boards leave out down projects (trending): a probe per listed row through the primary key, and
-- this partial index for the few that are down.
CREATE INDEX project_health_down_idx ON project_health (project_id) WHERE status = 'down';

-- Every check's result, kept 30 days (the worker prunes older rows by checked_at).
CREATE TABLE project_checks (
  id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  project_id  integer NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
  checked_at  timestamptz NOT NULL DEFAULT now(),
  outcome     text NOT NULL CHECK (outcome IN ('up', 'fail', 'blocked')),
  http_status integer,
  latency_ms  integer,
  error       text
);
CREATE INDEX project_checks_project_idx ON project_checks (project_id, checked_at DESC);
CREATE INDEX project_checks_checked_idx ON project_checks (checked_at);
