-- The top contributors follow the votes incrementally (issue 11): after a vote, only the owners of the
-- projects voted since the last recompute are summed again, instead of every visible project. A
-- board's votes_until is the instant before which every vote is counted in it (the safe watermark of
-- db/src/queries/tallies.ts, taken before the recompute's snapshot); null until a whole recompute
-- has set it, and for the boards that do not use it.
ALTER TABLE ranking_boards ADD COLUMN votes_until timestamptz;
