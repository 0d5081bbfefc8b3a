import {
  DEFAULT_TOP_CONTRIBUTORS,
  LEADERBOARD_RANGES,
  TRENDING_PERIODS,
  type LeaderboardRange,
  type TrendingPeriod,
} from '@vitrine/domain/constants';
import { RATING_PRIOR_MEAN, RATING_PRIOR_WEIGHT } from '@vitrine/domain/rankings';
import type postgres from 'postgres';
import { retryTransaction } from '../retry';
import type { Sql, Tx } from '../sql';
import { projectColumns, type ProjectRow, type Viewer } from './projects';
import {
  makeTallyQueries,
  restartTallies,
  safeWatermark,
  countedVote,
  tallySpec,
  tallyWeight,
  type TalliedBoard,
  type TallyWindow,
} from './tallies';

/** The query of a board's rows before they are ranked (project_id, value), as a fragment of the fill. */
type Counted = (tx: Tx) => postgres.PendingQuery<postgres.Row[]>;

/** A board's name in ranking_boards (migration 0002). */
export type BoardName = `trending:${TrendingPeriod}` | `leaderboard:${LeaderboardRange}` | 'top-contributors';

/**
 * A trending weight at or below this is no vote at all: what float arithmetic leaves of a project's
 * weights after they were taken back (a held ring). One vote weighs at least VOTE_WEIGHTS.visitor
 * times a factor of 1 or more (its tally's epoch is never after it).
 */
const MIN_TRENDING_WEIGHT = 1e-9;
/** Rows kept per trending period and per leaderboard range (deeper pages are not worth a swap). */
export const BOARD_SIZE = 1000;
/**
 * Makes the next recompute of every board that keeps running totals (the tallied boards, the top
 * contributors) start again from the votes themselves. For votes written with past dates (a seed, a
 * test): totals already past those dates would never count them.
 */
export async function restartRunningTotals(tx: Tx): Promise<void> {
  await restartTallies(tx);
  await tx`UPDATE ranking_boards SET votes_until = NULL WHERE board = 'top-contributors'`;
}

/** Rows kept on the top-contributors board. */
export const TOP_CONTRIBUTORS_BOARD_SIZE = 100;
/** Entries the top-contributors panel shows by default (the API's default query, domain/src/constants.ts). */
export { DEFAULT_TOP_CONTRIBUTORS };
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
 * the board rows: in that order the two deadlocked (SQLSTATE 40P01). Holding the board locks
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

/** What a board's recompute did: the rows the board now has, and whether any row changed. */
export interface BoardSwap {
  rows: number;
  changed: boolean;
}

/** The answer when another process had just recomputed the board (the read-side safety net). */
const UNCHANGED: BoardSwap = { rows: 0, changed: false };

/**
 * Where a kind of board keeps its rows: the table, the column naming the board when the table holds
 * several (null: one board), the column of the ranked thing, and the columns of a row besides those.
 */
interface BoardRows {
  table: string;
  keyColumn: string | null;
  idColumn: string;
  columns: readonly string[];
}

/** The tables of the boards (migration 0001; trending weights: 0016; every owner's totals: 0017). */
const BOARD_ROWS = {
  trending: {
    table: 'trending_scores',
    keyColumn: 'period',
    idColumn: 'project_id',
    columns: ['weight', 'created_at'],
  },
  leaderboard: {
    table: 'leaderboard_entries',
    keyColumn: 'time_range',
    idColumn: 'project_id',
    columns: ['votes', 'weight', 'rating_bound', 'created_at'],
  },
  topContributors: {
    table: 'top_contributors',
    keyColumn: null,
    idColumn: 'user_id',
    columns: ['project_count', 'total_votes'],
  },
  contributorTotals: {
    table: 'contributor_totals',
    keyColumn: null,
    idColumn: 'user_id',
    columns: ['project_count', 'total_votes'],
  },
} as const satisfies Record<string, BoardRows>;

/** The leaderboard tie-break (domain bayesianRating) over a projects row `p`, as SQL. */
function ratingBound(sql: Tx) {
  return sql`((${RATING_PRIOR_MEAN}::float8 * ${RATING_PRIOR_WEIGHT}::float8 + p.average_rating::float8 * p.total_ratings)
              / (${RATING_PRIOR_WEIGHT}::float8 + p.total_ratings))`;
}

/**
 * The ranking boards: set-based recomputes that swap a board's rows in one
 * short transaction, and one-indexed-query reads. Takes the pool (recomputes open their own transaction).
 */
export function makeRankingQueries(sql: Sql) {
  /**
   * Swaps a board's rows in `tx`, which holds the board's advisory lock: `fill` writes the new rows
   * straight from their query (the rows never travel to this process; syncBoard writes only the rows
   * that changed), then computed_at is stamped. With `onlyIfOlderThanMs` (the read-side safety net)
   * nothing happens if another process recomputed the board meanwhile; the answer is then null.
   * `votesUntil` (the top contributors) is stamped too: every vote created before it is counted.
   */
  async function swapIn(
    tx: Tx,
    board: BoardName,
    fill: (tx: Tx) => Promise<BoardSwap>,
    onlyIfOlderThanMs?: number,
    votesUntil: Date | null = null,
  ): Promise<BoardSwap | null> {
    if (onlyIfOlderThanMs !== undefined) {
      const [row] = await tx<{ fresh: boolean }[]>`
        SELECT computed_at > now() - make_interval(secs => ${onlyIfOlderThanMs / 1000}) AS fresh
        FROM ranking_boards WHERE board = ${board}`;
      if (row?.fresh) return null;
    }
    const swap = await fill(tx);
    await tx`
      INSERT INTO ranking_boards (board, computed_at, votes_until) VALUES (${board}, clock_timestamp(), ${votesUntil})
      ON CONFLICT (board) DO UPDATE SET computed_at = EXCLUDED.computed_at, votes_until = EXCLUDED.votes_until`;
    return swap;
  }

  /**
   * Recomputes a board that is not tallied in one transaction under its lock. It can deadlock with a
   * deletion's cascade: the loser, either side, runs again (retryTransaction).
   */
  function recomputeAlone(
    board: BoardName,
    fill: (tx: Tx) => Promise<BoardSwap>,
    onlyIfOlderThanMs?: number,
    votesUntil?: Date,
  ): Promise<BoardSwap | null> {
    return retryTransaction(
      () =>
        sql.begin(async (tx) => {
          await lockBoard(tx, board);
          return swapIn(tx, board, fill, onlyIfOlderThanMs, votesUntil);
        }) as Promise<BoardSwap | null>,
    );
  }

  const tallies = makeTallyQueries(sql, lockBoard);

  /**
   * The candidates for the best BOARD_SIZE visible projects of a tallied board at `now`, each with its
   * tally weight (trending: its score at the tally's epoch, so its score at `now` times one factor
   * common to every project; a leaderboard range: its votes): the tally's rows from the BOARD_SIZE-th
   * best visible one up (ties included; ranking_tallies_rank_idx finds them) plus every project with
   * votes in the tail (created since the tally's `until`), each with its tally weight and its tail's
   * added. No other project can rank: its weight is its tally's, at most the BOARD_SIZE-th best. The
   * three parts are summed per project: the head's weights, the tail's, and the tally weights of tail
   * projects below the head.
   */
  function tallied(tx: Tx, board: TalliedBoard, window: TallyWindow, now: Date) {
    const spec = tallySpec(board);
    const weight = tallyWeight(tx, spec, window.epoch);
    return tx`
      WITH tail AS (
        SELECT v.project_id, sum(${weight}) AS weight, count(*)::int AS votes
        FROM votes v JOIN projects p ON p.id = v.project_id
        WHERE v.created_at >= ${window.until}::timestamptz AND v.created_at <= ${now}::timestamptz AND ${countedVote(tx, spec)}
        GROUP BY v.project_id
      ), threshold AS (
        SELECT coalesce((
          SELECT t.weight FROM ranking_tallies t JOIN projects p ON p.id = t.project_id
          WHERE t.board = ${board} AND NOT p.is_hidden
          ORDER BY t.weight DESC OFFSET ${BOARD_SIZE - 1} LIMIT 1), '-infinity'::float8) AS weight
      )
      SELECT project_id, sum(weight) AS value, sum(votes)::int AS votes
      FROM (
        SELECT t.project_id, t.weight, t.votes FROM ranking_tallies t
        WHERE t.board = ${board} AND t.weight >= (SELECT weight FROM threshold)
        UNION ALL
        SELECT project_id, weight, votes FROM tail
        UNION ALL
        SELECT t.project_id, t.weight, t.votes FROM tail JOIN ranking_tallies t ON t.board = ${board} AND t.project_id = tail.project_id
        WHERE t.weight < (SELECT weight FROM threshold)
      ) parts
      GROUP BY project_id`;
  }

  /**
   * Brings one board's rows (`board.table`'s rows whose `keyColumn` is `key`, or all of them) to `fresh`,
   * a query of the board's rows (`idColumn` and `board.columns`), writing only what differs: rows that
   * left the board are deleted, new ones inserted, changed ones updated. Under a stream of votes a
   * recompute changes a few rows of a board; rewriting all BOARD_SIZE of them every second was most of
   * its cost. One statement, so every part sees the board as it was. Answers the board's
   * row count and whether any row changed.
   */
  async function syncBoard(
    tx: Tx,
    board: BoardRows,
    key: string | null,
    fresh: postgres.PendingQuery<postgres.Row[]>,
  ): Promise<BoardSwap> {
    // Names from BOARD_ROWS, never from input, written into the statement as they are.
    const table = tx.unsafe(board.table);
    const id = tx.unsafe(board.idColumn);
    const columns = (alias?: string) => tx.unsafe(board.columns.map((c) => (alias ? `${alias}.${c}` : c)).join(', '));
    // A table of several boards: their key column leads the columns and the conflict target.
    const keyColumn = board.keyColumn === null ? null : tx.unsafe(board.keyColumn);
    const ofBoard = keyColumn ? tx`b.${keyColumn} = ${key}` : tx`true`;
    const keyFirst = keyColumn ? tx`${keyColumn}, ` : tx``;
    const keyValueFirst = keyColumn ? tx`${key}, ` : tx``;
    const [row] = await tx<BoardSwap[]>`
      WITH fresh AS MATERIALIZED (${fresh}), gone AS (
        DELETE FROM ${table} b
        WHERE ${ofBoard} AND NOT EXISTS (SELECT 1 FROM fresh f WHERE f.${id} = b.${id})
        RETURNING 1
      ), changed AS (
        INSERT INTO ${table} (${keyFirst}${id}, ${columns()})
        SELECT ${keyValueFirst}f.${id}, ${columns('f')} FROM fresh f
        WHERE NOT EXISTS (
          SELECT 1 FROM ${table} b
          WHERE ${ofBoard} AND b.${id} = f.${id} AND ROW(${columns('b')}) IS NOT DISTINCT FROM ROW(${columns('f')}))
        ON CONFLICT (${keyFirst}${id}) DO UPDATE SET (${columns()}) = ROW(${columns('excluded')})
        RETURNING 1
      )
      SELECT (SELECT count(*) FROM fresh)::int AS rows, EXISTS (SELECT 1 FROM gone) OR EXISTS (SELECT 1 FROM changed) AS changed`;
    return row!;
  }

  /** Fills the trending board of `period` from `counted` (project_id, value: the tally weight). */
  function fillTrending(period: TrendingPeriod, counted: Counted) {
    return (tx: Tx) =>
      syncBoard(
        tx,
        BOARD_ROWS.trending,
        period,
        tx`
        SELECT s.project_id, s.value AS weight, p.created_at
        FROM (${counted(tx)}) s JOIN projects p ON p.id = s.project_id
        WHERE NOT p.is_hidden AND s.value > ${MIN_TRENDING_WEIGHT}
        ORDER BY s.value DESC, p.created_at DESC, s.project_id DESC
        LIMIT ${BOARD_SIZE}`,
      );
  }

  /** Fills the leaderboard of `range` from `counted` (project_id, value: the weighted votes in range, votes: their count). */
  function fillLeaderboard(range: LeaderboardRange, counted: Counted) {
    return (tx: Tx) =>
      syncBoard(
        tx,
        BOARD_ROWS.leaderboard,
        range,
        tx`
        SELECT p.id AS project_id, c.votes::int AS votes, c.value::float8 AS weight, ${ratingBound(tx)} AS rating_bound, p.created_at
        FROM (${counted(tx)}) c JOIN projects p ON p.id = c.project_id
        WHERE NOT p.is_hidden
        ORDER BY c.value DESC, c.votes DESC, 4 DESC, p.created_at ASC, p.id
        LIMIT ${BOARD_SIZE}`,
      );
  }

  /**
   * Recomputes a tallied board: its tally advances to `now` and, in the transaction of the last step
   * (one in the steady state), the board is filled from it under the board's lock.
   */
  function recomputeTallied(
    board: TalliedBoard,
    now: Date,
    fill: (counted: Counted) => (tx: Tx) => Promise<BoardSwap>,
    onlyIfOlderThanMs?: number,
  ) {
    return tallies.advance(board, now, (tx, window) =>
      swapIn(
        tx,
        board,
        fill((t) => tallied(t, board, window, now)),
        onlyIfOlderThanMs,
      ),
    );
  }

  async function recomputeTrendingBoard(period: TrendingPeriod, now: Date, onlyIfOlderThanMs?: number) {
    return recomputeTallied(`trending:${period}`, now, (counted) => fillTrending(period, counted), onlyIfOlderThanMs);
  }

  async function recomputeLeaderboardBoard(range: LeaderboardRange, now: Date, onlyIfOlderThanMs?: number) {
    if (range !== 'all')
      return recomputeTallied(
        `leaderboard:${range}`,
        now,
        (counted) => fillLeaderboard(range, counted),
        onlyIfOlderThanMs,
      );
    // All time: every visible project by its weighted counter, from the BOARD_SIZE-th heaviest one up
    // (ties included; projects_weighted_votes_idx finds it).
    const counted = (tx: Tx) => tx`
      SELECT p.id AS project_id, p.weighted_votes AS value, p.votes FROM projects p
      WHERE NOT p.is_hidden AND p.weighted_votes >= coalesce((
        SELECT weighted_votes FROM projects WHERE NOT is_hidden ORDER BY weighted_votes DESC, id DESC OFFSET ${BOARD_SIZE - 1} LIMIT 1), 0)`;
    return recomputeAlone('leaderboard:all', fillLeaderboard('all', counted), onlyIfOlderThanMs);
  }

  /** Brings the top contributors to the best TOP_CONTRIBUTORS_BOARD_SIZE owners of contributor_totals (its rank index). */
  function fillTopContributors(tx: Tx) {
    return syncBoard(
      tx,
      BOARD_ROWS.topContributors,
      null,
      tx`
      SELECT user_id, project_count, total_votes FROM contributor_totals
      ORDER BY total_votes DESC, project_count DESC, user_id
      LIMIT ${TOP_CONTRIBUTORS_BOARD_SIZE}`,
    );
  }

  /**
   * Recomputes the top contributors whole: contributor_totals is rebuilt from every visible project
   * (an aggregate over all of them) to count the votes created before `votesUntil`, a watermark taken
   * before the transaction, so every such vote is in its snapshot: a project's counter holds every vote
   * of the snapshot (it moves in the vote's statement), less those created since the watermark.
   */
  async function recomputeTopContributorsBoard(onlyIfOlderThanMs?: number) {
    const votesUntil = await safeWatermark(sql);
    const fill = async (tx: Tx) => {
      await syncBoard(
        tx,
        BOARD_ROWS.contributorTotals,
        null,
        tx`
        WITH late AS (
          SELECT project_id, count(*)::int AS n FROM votes WHERE created_at >= ${votesUntil}::timestamptz GROUP BY project_id
        )
        SELECT p.user_id, count(*)::int AS project_count, coalesce(sum(p.votes - coalesce(l.n, 0)), 0)::int AS total_votes
        FROM projects p LEFT JOIN late l ON l.project_id = p.id
        WHERE NOT p.is_hidden AND p.user_id IS NOT NULL
        GROUP BY p.user_id`,
      );
      return fillTopContributors(tx);
    };
    return recomputeAlone('top-contributors', fill, onlyIfOlderThanMs, votesUntil);
  }

  /**
   * Brings the top contributors up to the votes cast since their last recompute: the votes created
   * from the board's votes_until to a new watermark are added to their projects' owners' totals, and
   * the best owners taken again, so the cost follows the votes since, not the number of projects. A
   * vote only adds to its project's owner's total, so this is exact when votes are all that changed;
   * whatever else changes a total (a project created, hidden, shown or deleted, a member deleted) needs
   * the whole recompute, which its event brings. Without a whole recompute yet, it does one.
   */
  async function addVotesToTopContributorsBoard(): Promise<BoardSwap> {
    const board = 'top-contributors';
    const votesUntil = await safeWatermark(sql);
    const swap = await retryTransaction(
      () =>
        sql.begin(async (tx) => {
          await lockBoard(tx, board);
          const [row] = await tx<
            { votesUntil: Date | null }[]
          >`SELECT votes_until FROM ranking_boards WHERE board = ${board}`;
          const since = row?.votesUntil ?? null;
          if (since === null) return null;
          if (votesUntil <= since) return UNCHANGED;
          await tx`
        UPDATE contributor_totals c SET total_votes = c.total_votes + d.n
        FROM (
          SELECT p.user_id, count(*)::int AS n
          FROM votes v JOIN projects p ON p.id = v.project_id
          WHERE v.created_at >= ${since}::timestamptz AND v.created_at < ${votesUntil}::timestamptz AND NOT p.is_hidden
          GROUP BY p.user_id
        ) d
        WHERE c.user_id = d.user_id`;
          return swapIn(tx, board, fillTopContributors, undefined, votesUntil);
        }) as Promise<BoardSwap | null>,
    );
    // Never recomputed whole yet: whole now.
    return swap ?? (await recomputeTopContributorsBoard()) ?? UNCHANGED;
  }

  /** Recomputes running in the background of this process, one per board (a stale board's refresh). */
  const refreshing = new Map<BoardName, Promise<unknown>>();

  /**
   * The read-side safety net for when no worker keeps the boards fresh: a board never computed is
   * computed before the read answers; one older than BOARD_MAX_AGE_MS is served as it is while this
   * process recomputes it in the background (once per board), so a read never waits for an
   * aggregate over every vote.
   */
  async function ensureFresh(
    board: BoardName,
    recompute: (onlyIfOlderThanMs: number) => Promise<BoardSwap | null>,
  ): Promise<void> {
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
     * scoring 0 are left off. Swaps the rows in one transaction; answers the row count and whether any changed.
     */
    async recomputeTrending(period: TrendingPeriod, now: Date = new Date()): Promise<BoardSwap> {
      return (await recomputeTrendingBoard(period, now)) ?? UNCHANGED;
    },

    /**
     * Recomputes the leaderboard of `range` as of `now`: votes cast in the range (all time: every
     * visible project with its total votes), ties by the Bayesian rating bound, then earlier
     * submission. Swaps the rows in one transaction; answers the row count and whether any changed.
     */
    async recomputeLeaderboard(range: LeaderboardRange, now: Date = new Date()): Promise<BoardSwap> {
      return (await recomputeLeaderboardBoard(range, now)) ?? UNCHANGED;
    },

    /** Recomputes the top contributors: users by total votes on their visible projects, with project count. */
    async recomputeTopContributors(): Promise<BoardSwap> {
      return (await recomputeTopContributorsBoard()) ?? UNCHANGED;
    },

    /**
     * Brings the top contributors up to the votes cast since their last recompute (only the voted
     * projects' owners are summed again); exact when votes are all that changed since.
     */
    addVotesToTopContributors(): Promise<BoardSwap> {
      return addVotesToTopContributorsBoard();
    },

    /** When `board` was last recomputed, or null if never. */
    async boardComputedAt(board: BoardName): Promise<Date | null> {
      const [row] = await sql<{ computedAt: Date }[]>`SELECT computed_at FROM ranking_boards WHERE board = ${board}`;
      return row?.computedAt ?? null;
    },

    /**
     * One page of the trending board of `period` (hidden projects and those down left out, migration
     * 0024: a down project comes back once it answers again), best first. With `after`
     * (the last project of the previous page) the page starts right after it on the board (keyset, an
     * index range scan of trending_scores_rank_idx); a project that has left the board since ends the
     * list. Else at `offset`.
     */
    async listTrending(opts: {
      period: TrendingPeriod;
      offset: number;
      limit: number;
      viewer: Viewer | null;
      after?: number;
    }): Promise<ProjectRow[]> {
      await ensureFresh(`trending:${opts.period}`, (age) => recomputeTrendingBoard(opts.period, new Date(), age));
      const keyset =
        opts.after === undefined
          ? sql``
          : sql`AND (ts.weight, ts.created_at, ts.project_id) <
                (SELECT c.weight, c.created_at, c.project_id FROM trending_scores c WHERE c.period = ${opts.period} AND c.project_id = ${opts.after})`;
      return sql<ProjectRow[]>`
        SELECT ${projectColumns(sql, opts.viewer)}
        FROM trending_scores ts
        JOIN projects p ON p.id = ts.project_id
        LEFT JOIN users u ON u.id = p.user_id
        WHERE ts.period = ${opts.period} AND NOT p.is_hidden ${keyset}
          AND NOT EXISTS (SELECT 1 FROM project_health h WHERE h.project_id = p.id AND h.status = 'down')
        ORDER BY ts.weight DESC, ts.created_at DESC, ts.project_id DESC
        LIMIT ${opts.limit} OFFSET ${opts.after === undefined ? opts.offset : 0}`;
    },

    /** One page of the leaderboard of `range` (hidden projects left out), first place first. */
    async listLeaderboard(opts: {
      range: LeaderboardRange;
      offset: number;
      limit: number;
      viewer: Viewer | null;
    }): Promise<LeaderboardRow[]> {
      await ensureFresh(`leaderboard:${opts.range}`, (age) => recomputeLeaderboardBoard(opts.range, new Date(), age));
      return sql<LeaderboardRow[]>`
        SELECT ${projectColumns(sql, opts.viewer)}, le.votes AS range_votes
        FROM leaderboard_entries le
        JOIN projects p ON p.id = le.project_id
        LEFT JOIN users u ON u.id = p.user_id
        WHERE le.time_range = ${opts.range} AND NOT p.is_hidden
        ORDER BY le.weight DESC, le.votes DESC, le.rating_bound DESC, le.created_at ASC, le.project_id
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
