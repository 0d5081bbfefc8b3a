-- A trending board keeps each project's tally weight (its score at the tally's epoch, migration 0015)
-- instead of its score at the instant of the recompute. Scores at any instant are the weights times
-- one factor, 2^((epoch - now) / half-life), so the order is the same; but a weight changes only when
-- the project's votes do, so a recompute rewrites the rows that changed instead of the whole board
-- (every score changed each second). Scores at `now`: weight * that factor (db/src/queries/tallies.ts).
ALTER TABLE trending_scores RENAME COLUMN score TO weight;
