-- The top contributors follow the votes incrementally. contributor_totals holds every
-- owner's visible project count and the votes on those projects created before the board's
-- votes_until (the safe watermark of db/src/queries/tallies.ts, taken before the recompute's
-- snapshot). After votes, a recompute adds the votes created since to their projects' owners' totals
-- and takes the best 100 into top_contributors, instead of aggregating every visible project. A
-- whole recompute (a project created, hidden, shown or deleted, a member deleted, the schedule)
-- rebuilds the totals. votes_until is null until a whole recompute has set it, and for the boards
-- that do not use it.
ALTER TABLE ranking_boards ADD COLUMN votes_until timestamptz;

CREATE TABLE contributor_totals (
  user_id       integer PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  project_count integer NOT NULL,
  total_votes   integer NOT NULL
);
CREATE INDEX contributor_totals_rank_idx ON contributor_totals (total_votes DESC, project_count DESC, user_id);
