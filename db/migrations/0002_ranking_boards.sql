-- When each ranking board (trending per period, leaderboard per range, top contributors) was last
-- recomputed. The recompute functions of db/src/queries/rankings.ts set it in the transaction that
-- swaps the board's rows, so a reader can tell "never computed" (no row) from "computed, empty".
CREATE TABLE ranking_boards (
  board       text PRIMARY KEY,
  computed_at timestamptz NOT NULL
);
