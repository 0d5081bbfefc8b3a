-- Running tallies of the boards that count the votes of a window (trending per period, the week's and
-- the month's leaderboards), so a recompute reads only the votes that entered or left the window since
-- the last one, never every vote of the window (At 1M projects / 10M votes the month's
-- trending board aggregated 10M votes on every recompute). db/src/queries/tallies.ts keeps them.

-- Which votes a board's tally holds: those created in [since, until). Trending weights are stored as
-- weight * 2^((created_at - epoch) / half-life), so a project's score at any `now` is its tally's weight
-- times 2^((epoch - now) / half-life), and one index orders every project by score.
CREATE TABLE ranking_tally_windows (
  board        text PRIMARY KEY,
  epoch        timestamptz NOT NULL,
  since        timestamptz NOT NULL,
  until        timestamptz NOT NULL CHECK (until >= since)
);

-- Per board and project: the weight of its votes in the window and how many votes with a weight it
-- counts (a row whose count falls to 0 is deleted, so a board never lists a project with no vote).
CREATE TABLE ranking_tallies (
  board      text NOT NULL REFERENCES ranking_tally_windows (board) ON DELETE CASCADE,
  project_id integer NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
  weight     double precision NOT NULL,
  votes      integer NOT NULL,
  PRIMARY KEY (board, project_id)
);
CREATE INDEX ranking_tallies_rank_idx ON ranking_tallies (board, weight DESC);
