-- The owner's Stats tab (GET /api/projects/{id}/stats): one row per project and UTC day, written only by
-- the worker's fold-stats job (db/src/queries/project-stats.ts). Views, visitors, referrers and clicks
-- come from the day's Redis counters (runtime/src/page-stats.ts); impressions and votes from
-- project_impressions and votes. No address and no visitor hash is kept: `visitors` is the count of a
-- HyperLogLog fed with hashes salted by a key that lives one day. A year of one project is at most 366
-- rows read through the primary key.
CREATE TABLE project_daily_stats (
  project_id    integer NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
  day           date NOT NULL,
  views         integer NOT NULL DEFAULT 0 CHECK (views >= 0),
  visitors      integer NOT NULL DEFAULT 0 CHECK (visitors >= 0),
  clicks        integer NOT NULL DEFAULT 0 CHECK (clicks >= 0),
  -- New & rising impressions, and the weight they carried (the exposure the strip gave; a ring's count 0).
  impressions   integer NOT NULL DEFAULT 0 CHECK (impressions >= 0),
  exposure      double precision NOT NULL DEFAULT 0 CHECK (exposure >= 0),
  -- Votes cast that day, their weights summed, and both by reason: {"visitor": {"raw": 3, "counted": 0.75}}.
  votes         integer NOT NULL DEFAULT 0 CHECK (votes >= 0),
  counted_votes double precision NOT NULL DEFAULT 0 CHECK (counted_votes >= 0),
  vote_sources  jsonb NOT NULL DEFAULT '{}',
  -- The day's top sources (a referrer's host or a utm_source) and their visits: {"news.example": 12, "(other)": 3}.
  referrers     jsonb NOT NULL DEFAULT '{}',
  PRIMARY KEY (project_id, day)
);
-- A fold of one day zeroes the vote and impression columns of the rows it no longer finds.
CREATE INDEX project_daily_stats_day_idx ON project_daily_stats (day);
