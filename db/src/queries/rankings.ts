import { LEADERBOARD_RANGES, TRENDING_PERIODS, type LeaderboardRange, type TrendingPeriod } from '@vitrine/domain/constants';
import { RATING_PRIOR_MEAN, RATING_PRIOR_WEIGHT } from '@vitrine/domain/rankings';
import { retryTransaction } from '../retry';
import type { Sql, Tx } from '../sql';
import { projectColumns, type ProjectRow, type Viewer } from './projects';
import { makeTallyQueries, tallyScoreFactor, tallySpec, tallyWeight, type TalliedBoard, type TallyWindow } from './tallies';

/** A board's name in ranking_boards (migration 0002). */
export type BoardName = `trending:${TrendingPeriod}` | `leaderboard:${LeaderboardRange}` | 'top-contributors';

/** Rows kept per trending period and per leaderboard range (deeper pages are not worth a swap). */
export const BOARD_SIZE = 1000;
/** Rows kept on the top-contributors board. */
export const TOP_CONTRIBUTORS_BOARD_SIZE = 100;
/** Entries the top-contributors panel shows by default. */
export const DEFAULT_TOP_CONTRIBUTORS = 5;
/**
 * Safety net while no worker keeps the boards fresh: a read computes a board that was never
 * computed, and refreshes in the background one whose last recompute is older than this. The worker
 * recomputes on events and on a schedule, well inside this age, so with a worker running reads never
 * recompute.
 */
export const BOARD_MAX_AGE_MS = 10 * 60_000;
/** First key of the advisory locks that serialise the swaps of one board (second key: hashtext(board)). */
const BOARD_LOCK_NAMESPACE = 7_320_002;

/** Every board, in the one order a deletion takes their swap locks. */
const ALL_BOARDS: readonly BoardName[] = [
  ...TRENDING_PERIODS.map((p) => `trending:${p}` as const),
  ...LEADERBOARD_RANGES.map((r) => `leaderboard:${r}` as const),
  'top-contributors',
];

/**
 * Takes every board's swap lock for the rest of `tx`, a transaction that deletes projects or users; call
 * it before the transaction touches any row. A swap locks its board, deletes the board's rows, then its
 * insert checks each project (and user) row; a deletion locks the project row, then its cascade deletes
 * the board rows: in that order the two deadlocked (SQLSTATE 40P01, issue 14). Holding the board locks
 * first makes every swap wait for the deletion, or the deletion for the swap, before either has a row.
 */
export async function lockBoardsForDeletion(tx: Tx): Promise<void> {
  for (const board of ALL_BOARDS) await lockBoard(tx, board);
}

/** Takes `board`'s swap lock for the rest of `tx` (a swap, a tally's advance, a deletion). */
async function lockBoard(tx: Tx, board: BoardName): Promise<void> {
  await tx`SELECT pg_advisory_xact_lock(${BOARD_LOCK_NAMESPACE}, hashtext(${board}))`;
}

/** A leaderboard row: the project plus the votes cast in the board's range. */
export interface LeaderboardRow extends ProjectRow {
  rangeVotes: number;
}

/** A top-contributors row. */
export interface TopContributorRow {
  userId: number;
  username: string;
  projectCount: number;
  totalVotes: number;
}

/** The leaderboard tie-break (domain bayesianRating) over a projects row `p`, as SQL. */
function ratingBound(sql: Tx) {
  return sql`((${RATING_PRIOR_MEAN}::float8 * ${RATING_PRIOR_WEIGHT}::float8 + p.average_rating::float8 * p.total_ratings)
              / (${RATING_PRIOR_WEIGHT}::float8 + p.total_ratings))`;
}

/**
 * The ranking boards (design.md "Rankings"): set-based recomputes that swap a board's rows in one
 * short transaction, and one-indexed-query reads. Takes the pool (recomputes open their own transaction).
 */
export function makeRankingQueries(sql: Sql) {
  /**
   * Recomputes one board: `compute` reads its rows (at most a board's size) with no lock held, then
   * one short transaction swaps them in under the board's advisory lock (delete, insert those rows,
   * stamp computed_at). However long the read takes on a large database, the locks are held only for
   * the swap, so a deletion (lockBoardsForDeletion) or another swap never waits for a whole
   * aggregate. Rows whose project was deleted meanwhile are left out. The swap can still deadlock with
   * a deletion's cascade: the loser, either side, runs again (retryTransaction).
   */
  async function swap<R>(
    board: BoardName,
    compute: () => Promise<R[]>,
    insert: (tx: Tx, rows: R[]) => Promise<number>,
    onlyIfOlderThanMs?: number,
  ): Promise<number | null> {
    const rows = await compute();
    return retryTransaction(() => sql.begin(async (tx) => {
      await lockBoard(tx, board);
      if (onlyIfOlderThanMs !== undefined) {
        // Another request may have recomputed while we read.
        const [row] = await tx<{ fresh: boolean }[]>`
          SELECT computed_at > now() - make_interval(secs => ${onlyIfOlderThanMs / 1000}) AS fresh
          FROM ranking_boards WHERE board = ${board}`;
        if (row?.fresh) return null;
      }
      const count = await insert(tx, rows);
      await tx`
        INSERT INTO ranking_boards (board, computed_at) VALUES (${board}, clock_timestamp())
        ON CONFLICT (board) DO UPDATE SET computed_at = EXCLUDED.computed_at`;
      return count;
    }) as Promise<number | null>);
  }

  const tallies = makeTallyQueries(sql, lockBoard);

  /**
   * The best BOARD_SIZE visible projects of a tallied board at `now`, with their score (trending) or
   * vote count (a leaderboard range): the tally's rows from the BOARD_SIZE-th best visible one up (ties
   * included; ranking_tallies_rank_idx finds them) plus every project with votes in the tail (created
   * since the tally's `until`), each with its tally weight and its tail's added, times the decay to
   * `now`. No other project can rank: its score is its tally weight, at most the BOARD_SIZE-th best.
   * The three parts are summed per project: the head's weights, the tail's, and the tally weights of
   * tail projects below the head.
   */
  function tallied(board: TalliedBoard, window: TallyWindow, now: Date) {
    const spec = tallySpec(board);
    const weight = tallyWeight(sql, spec, window.epoch);
    return sql`
      WITH tail AS (
        SELECT v.project_id, sum(${weight}) AS weight
        FROM votes v JOIN projects p ON p.id = v.project_id
        WHERE v.created_at >= ${window.until}::timestamptz AND v.created_at <= ${now}::timestamptz AND ${weight} > 0
        GROUP BY v.project_id
      ), threshold AS (
        SELECT coalesce((
          SELECT t.weight FROM ranking_tallies t JOIN projects p ON p.id = t.project_id
          WHERE t.board = ${board} AND NOT p.is_hidden
          ORDER BY t.weight DESC OFFSET ${BOARD_SIZE - 1} LIMIT 1), '-infinity'::float8) AS weight
      )
      SELECT project_id, sum(weight) * ${tallyScoreFactor(sql, spec, window.epoch, now)} AS value
      FROM (
        SELECT t.project_id, t.weight FROM ranking_tallies t
        WHERE t.board = ${board} AND t.weight >= (SELECT weight FROM threshold)
        UNION ALL
        SELECT project_id, weight FROM tail
        UNION ALL
        SELECT t.project_id, t.weight FROM tail JOIN ranking_tallies t ON t.board = ${board} AND t.project_id = tail.project_id
        WHERE t.weight < (SELECT weight FROM threshold)
      ) parts
      GROUP BY project_id`;
  }

  async function recomputeTrendingBoard(period: TrendingPeriod, now: Date, onlyIfOlderThanMs?: number) {
    const board = `trending:${period}` as const;
    return swap(
      board,
      async () => {
        const window = await tallies.advance(board, now);
        return sql<Array<{ projectId: number; score: number; createdAt: Date }>>`
          SELECT s.project_id, s.value AS score, p.created_at
          FROM (${tallied(board, window, now)}) s JOIN projects p ON p.id = s.project_id
          WHERE NOT p.is_hidden AND s.value > 0
          ORDER BY s.value DESC, p.created_at DESC, s.project_id DESC
          LIMIT ${BOARD_SIZE}`;
      },
      async (tx, rows) => {
        await tx`DELETE FROM trending_scores WHERE period = ${period}`;
        const inserted = await tx`
          INSERT INTO trending_scores (period, project_id, score, created_at)
          SELECT ${period}, r.project_id, r.score, r.created_at
          FROM jsonb_to_recordset(${tx.json(rows.map((r) => ({ project_id: r.projectId, score: r.score, created_at: r.createdAt })) as never)})
               AS r(project_id int, score float8, created_at timestamptz)
          JOIN projects p ON p.id = r.project_id`;
        return inserted.count;
      },
      onlyIfOlderThanMs,
    );
  }

  async function recomputeLeaderboardBoard(range: LeaderboardRange, now: Date, onlyIfOlderThanMs?: number) {
    const board = `leaderboard:${range}` as const;
    return swap(
      board,
      async () => {
        // All time: every visible project by its vote counter, from the BOARD_SIZE-th most voted one up
        // (ties included; projects_votes_idx finds it). A range: the projects of its tally.
        const counted =
          range === 'all'
            ? sql`
              SELECT p.id AS project_id, p.votes AS value FROM projects p
              WHERE NOT p.is_hidden AND p.votes >= coalesce((
                SELECT votes FROM projects WHERE NOT is_hidden ORDER BY votes DESC, id DESC OFFSET ${BOARD_SIZE - 1} LIMIT 1), 0)`
            : tallied(`leaderboard:${range}`, await tallies.advance(`leaderboard:${range}`, now), now);
        return sql<Array<{ projectId: number; votes: number; ratingBound: number; createdAt: Date }>>`
          SELECT p.id AS project_id, c.value::int AS votes, ${ratingBound(sql)} AS rating_bound, p.created_at
          FROM (${counted}) c JOIN projects p ON p.id = c.project_id
          WHERE NOT p.is_hidden
          ORDER BY c.value DESC, 3 DESC, p.created_at ASC, p.id
          LIMIT ${BOARD_SIZE}`;
      },
      async (tx, rows) => {
        await tx`DELETE FROM leaderboard_entries WHERE time_range = ${range}`;
        const inserted = await tx`
          INSERT INTO leaderboard_entries (time_range, project_id, votes, rating_bound, created_at)
          SELECT ${range}, r.project_id, r.votes, r.rating_bound, r.created_at
          FROM jsonb_to_recordset(${tx.json(rows.map((r) => ({ project_id: r.projectId, votes: r.votes, rating_bound: r.ratingBound, created_at: r.createdAt })) as never)})
               AS r(project_id int, votes int, rating_bound float8, created_at timestamptz)
          JOIN projects p ON p.id = r.project_id`;
        return inserted.count;
      },
      onlyIfOlderThanMs,
    );
  }

  async function recomputeTopContributorsBoard(onlyIfOlderThanMs?: number) {
    return swap(
      'top-contributors',
      () => sql<Array<{ userId: number; projectCount: number; totalVotes: number }>>`
        SELECT user_id, count(*)::int AS project_count, coalesce(sum(votes), 0)::int AS total_votes
        FROM projects
        WHERE NOT is_hidden AND user_id IS NOT NULL
        GROUP BY user_id
        ORDER BY 3 DESC, 2 DESC, 1
        LIMIT ${TOP_CONTRIBUTORS_BOARD_SIZE}`,
      async (tx, rows) => {
        await tx`DELETE FROM top_contributors`;
        const inserted = await tx`
          INSERT INTO top_contributors (user_id, project_count, total_votes)
          SELECT r.user_id, r.project_count, r.total_votes
          FROM jsonb_to_recordset(${tx.json(rows.map((r) => ({ user_id: r.userId, project_count: r.projectCount, total_votes: r.totalVotes })) as never)})
               AS r(user_id int, project_count int, total_votes int)
          JOIN users u ON u.id = r.user_id`;
        return inserted.count;
      },
      onlyIfOlderThanMs,
    );
  }

  /** Recomputes running in the background of this process, one per board (a stale board's refresh). */
  const refreshing = new Map<BoardName, Promise<unknown>>();

  /**
   * The read-side safety net for when no worker keeps the boards fresh: a board never computed is
   * computed before the read answers; one older than BOARD_MAX_AGE_MS is served as it is while this
   * process recomputes it in the background (once per board), so a read never waits for an
   * aggregate over every vote.
   */
  async function ensureFresh(board: BoardName, recompute: (onlyIfOlderThanMs: number) => Promise<number | null>): Promise<void> {
    const [row] = await sql<{ fresh: boolean }[]>`
      SELECT computed_at > now() - make_interval(secs => ${BOARD_MAX_AGE_MS / 1000}) AS fresh
      FROM ranking_boards WHERE board = ${board}`;
    if (!row) {
      await recompute(BOARD_MAX_AGE_MS);
      return;
    }
    if (row.fresh || refreshing.has(board)) return;
    const refresh = recompute(BOARD_MAX_AGE_MS)
      .catch((err: unknown) => console.error(`[rankings] background refresh of ${board} failed`, err))
      .finally(() => refreshing.delete(board));
    refreshing.set(board, refresh);
  }

  return {
    /**
     * Recomputes the trending board of `period` as of `now`: per visible project, the sum over the
     * period's votes of weight * 0.5^(age / halfLife) (domain/src/rankings.ts trendingScore); projects
     * scoring 0 are left off. Swaps the rows in one transaction; answers the row count.
     */
    async recomputeTrending(period: TrendingPeriod, now: Date = new Date()): Promise<number> {
      return (await recomputeTrendingBoard(period, now)) ?? 0;
    },

    /**
     * Recomputes the leaderboard of `range` as of `now`: votes cast in the range (all time: every
     * visible project with its total votes), ties by the Bayesian rating bound, then earlier
     * submission. Swaps the rows in one transaction; answers the row count.
     */
    async recomputeLeaderboard(range: LeaderboardRange, now: Date = new Date()): Promise<number> {
      return (await recomputeLeaderboardBoard(range, now)) ?? 0;
    },

    /** Recomputes the top contributors: users by total votes on their visible projects, with project count. */
    async recomputeTopContributors(): Promise<number> {
      return (await recomputeTopContributorsBoard()) ?? 0;
    },

    /** When `board` was last recomputed, or null if never. */
    async boardComputedAt(board: BoardName): Promise<Date | null> {
      const [row] = await sql<{ computedAt: Date }[]>`SELECT computed_at FROM ranking_boards WHERE board = ${board}`;
      return row?.computedAt ?? null;
    },

    /** One page of the trending board of `period` (hidden projects left out), best first. */
    async listTrending(opts: { period: TrendingPeriod; offset: number; limit: number; viewer: Viewer | null }): Promise<ProjectRow[]> {
      await ensureFresh(`trending:${opts.period}`, (age) => recomputeTrendingBoard(opts.period, new Date(), age));
      return sql<ProjectRow[]>`
        SELECT ${projectColumns(sql, opts.viewer)}
        FROM trending_scores ts
        JOIN projects p ON p.id = ts.project_id
        LEFT JOIN users u ON u.id = p.user_id
        WHERE ts.period = ${opts.period} AND NOT p.is_hidden
        ORDER BY ts.score DESC, ts.created_at DESC, ts.project_id DESC
        LIMIT ${opts.limit} OFFSET ${opts.offset}`;
    },

    /** One page of the leaderboard of `range` (hidden projects left out), first place first. */
    async listLeaderboard(opts: { range: LeaderboardRange; offset: number; limit: number; viewer: Viewer | null }): Promise<LeaderboardRow[]> {
      await ensureFresh(`leaderboard:${opts.range}`, (age) => recomputeLeaderboardBoard(opts.range, new Date(), age));
      return sql<LeaderboardRow[]>`
        SELECT ${projectColumns(sql, opts.viewer)}, le.votes AS range_votes
        FROM leaderboard_entries le
        JOIN projects p ON p.id = le.project_id
        LEFT JOIN users u ON u.id = p.user_id
        WHERE le.time_range = ${opts.range} AND NOT p.is_hidden
        ORDER BY le.votes DESC, le.rating_bound DESC, le.created_at ASC, le.project_id
        LIMIT ${opts.limit} OFFSET ${opts.offset}`;
    },

    /** The first `limit` top contributors. */
    async listTopContributors(limit: number = DEFAULT_TOP_CONTRIBUTORS): Promise<TopContributorRow[]> {
      await ensureFresh('top-contributors', (age) => recomputeTopContributorsBoard(age));
      return sql<TopContributorRow[]>`
        SELECT tc.user_id, u.username, tc.project_count, tc.total_votes
        FROM top_contributors tc JOIN users u ON u.id = tc.user_id
        ORDER BY tc.total_votes DESC, tc.project_count DESC, tc.user_id
        LIMIT ${limit}`;
    },
  };
}
