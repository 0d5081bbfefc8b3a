import { LEADERBOARD_WINDOW_MS, TRENDING_HALF_LIFE_MS, TRENDING_WINDOW_MS } from '@vitrine/domain/rankings';
import type { LeaderboardRange, TrendingPeriod } from '@vitrine/domain/constants';
import { retryTransaction } from '../retry';
import type { Fragment, Sql, Tx } from '../sql';

/**
 * Running tallies of the boards that count a window of votes (migration 0015), so a recompute reads the
 * votes that entered or left the window since the last one instead of every vote in it: at 1M projects
 * and 10M votes the month's trending board aggregated 10M votes per recompute and held a core for half
 * a minute. A board is then built from its tally's best rows plus the few votes too recent to
 * be tallied yet (db/src/queries/rankings.ts).
 *
 * A tally holds the votes created in its window's [since, until). Advancing it to `now` drops the
 * votes that left the window (created before now - window) and adds those created since `until`, up to
 * the safe watermark: no open transaction of the database may still commit a vote created before it
 * (a vote's created_at is its transaction's start), so a vote is never skipped because it committed
 * after a later one was tallied. Each step is a transaction of its own, moving an edge over at most
 * TALLY_BATCH_VOTES votes, so a catch-up after downtime is a series of bounded batches (Lemmy's single
 * ranking UPDATE froze its API for minutes); only a first build reads its window in one aggregate.
 * No step holds a row lock that a vote or a read waits for: only the board's advisory lock.
 */

/** A board whose rows count the votes of a window. */
export type TalliedBoard = `trending:${TrendingPeriod}` | `leaderboard:${Exclude<LeaderboardRange, 'all'>}`;

/** How a tally weighs a vote: its stored weight decayed by a half-life (trending), or as it is (a leaderboard range). */
export interface TallySpec {
  windowMs: number;
  /** null: every vote in the window counts its weight, undecayed (the leaderboard sums weighted votes). */
  halfLifeMs: number | null;
}

/** The window and weighing of a tallied board. */
export function tallySpec(board: TalliedBoard): TallySpec {
  const [kind, key] = board.split(':') as ['trending', TrendingPeriod] | ['leaderboard', 'week' | 'month'];
  if (kind === 'trending') return { windowMs: TRENDING_WINDOW_MS[key], halfLifeMs: TRENDING_HALF_LIFE_MS[key] };
  return { windowMs: LEADERBOARD_WINDOW_MS[key]!, halfLifeMs: null };
}

/** Votes one step moves an edge of a window over, at most (more only if that many share one instant). */
const TALLY_BATCH_VOTES = 50_000;
/**
 * Half-lives after which a trending tally's epoch moves up to its window: weights grow as 2^(age of the
 * epoch / half-life) and stay far inside float8 below 2^64 (a rebase multiplies every row once).
 */
const REBASE_AFTER_HALF_LIVES = 64;
/**
 * Margin under the clock for the safe watermark: a transaction's start time is taken a moment before
 * pg_stat_activity shows it.
 */
const WATERMARK_MARGIN_MS = 1000;

/** A tally's window, as ranking_tally_windows holds it. */
export interface TallyWindow {
  epoch: Date;
  since: Date;
  until: Date;
}

/**
 * The weight one vote `v` (of project `p`) adds to a tally of `spec` whose epoch is `epoch`, as SQL:
 * trending: the vote's stored weight (domain voteWeight) * 2^((created_at - epoch) / half-life); a
 * leaderboard range: its stored weight. Only votes `countedVote` admits are tallied.
 */
export function tallyWeight(sql: Tx, spec: TallySpec, epoch: Date) {
  return weighed(sql, spec, epoch, sql`v.weight`);
}

/** `weight` (an SQL value of the vote `v`) decayed as a tally of `spec` with `epoch` counts it. */
function weighed(sql: Tx, spec: TallySpec, epoch: Date, weight: Fragment) {
  if (spec.halfLifeMs === null) return sql`${weight}::float8`;
  return sql`(${weight}::float8
              * power(2::float8, extract(epoch FROM (v.created_at - ${epoch}::timestamptz))::float8 * 1000 / ${spec.halfLifeMs}::float8))`;
}

/**
 * The SQL condition "vote `v` counts on project `p`'s board of `spec`": weight 0 ones too, so a restored
 * weight finds its row; trending leaves the author's own vote out, a leaderboard range counts it.
 */
export function countedVote(sql: Tx, spec: TallySpec) {
  return spec.halfLifeMs === null ? sql`true` : sql`v.user_id IS DISTINCT FROM p.user_id`;
}

/**
 * The factor that turns a tally weight into the score at `now`: 2^((epoch - now) / half-life), as SQL
 * (1 for a leaderboard range).
 */
export function tallyScoreFactor(sql: Tx, spec: TallySpec, epoch: Date, now: Date) {
  if (spec.halfLifeMs === null) return sql`1::float8`;
  return sql`power(2::float8, extract(epoch FROM (${epoch}::timestamptz - ${now}::timestamptz))::float8 * 1000 / ${spec.halfLifeMs}::float8)`;
}

/**
 * Adds (sign 1) or removes (sign -1) the weighed votes created in [from, to) to/from `board`'s tally;
 * with `voter`, only that member's votes on projects not their own. A row left with no vote is deleted.
 */
async function applyVotes(
  tx: Tx,
  board: TalliedBoard,
  spec: TallySpec,
  epoch: Date,
  from: Date,
  to: Date,
  sign: 1 | -1,
  voter?: number,
): Promise<void> {
  if (to <= from) return;
  const weight = tallyWeight(tx, spec, epoch);
  const byVoter = voter === undefined ? tx`` : tx`AND v.user_id = ${voter} AND p.user_id IS DISTINCT FROM ${voter}`;
  const emptied = await tx<{ projectId: number }[]>`
    WITH delta AS (
      SELECT v.project_id, sum(${weight}) * ${sign}::float8 AS weight, count(*)::int * ${sign}::int AS votes
      FROM votes v JOIN projects p ON p.id = v.project_id
      WHERE v.created_at >= ${from}::timestamptz AND v.created_at < ${to}::timestamptz AND ${countedVote(tx, spec)} ${byVoter}
      GROUP BY v.project_id
    ), changed AS (
      INSERT INTO ranking_tallies AS t (board, project_id, weight, votes)
      SELECT ${board}, project_id, weight, votes FROM delta
      ON CONFLICT (board, project_id) DO UPDATE SET weight = t.weight + EXCLUDED.weight, votes = t.votes + EXCLUDED.votes
      RETURNING t.project_id, t.votes
    )
    SELECT project_id FROM changed WHERE votes <= 0`;
  if (emptied.length > 0) {
    await tx`DELETE FROM ranking_tallies WHERE board = ${board} AND project_id = ANY(${emptied.map((r) => r.projectId)}::int[])`;
  }
}

/**
 * The end of the next batch from `from` toward `to`: the created_at of the vote `batchVotes` later,
 * or `to` when fewer votes are left. Progress is guaranteed: when that many share `from`'s very
 * instant, the next later instant.
 */
async function batchEnd(tx: Tx, from: Date, to: Date, batchVotes: number): Promise<Date> {
  const [row] = await tx<{ at: Date | null }[]>`
    SELECT (SELECT created_at FROM votes
            WHERE created_at >= ${from}::timestamptz AND created_at < ${to}::timestamptz
            ORDER BY created_at OFFSET ${batchVotes} LIMIT 1) AS at`;
  const at = row?.at ?? null;
  if (at === null) return to;
  if (at > from) return at;
  const [next] = await tx<
    { at: Date | null }[]
  >`SELECT min(created_at) AS at FROM votes WHERE created_at > ${from}::timestamptz`;
  return next?.at && next.at < to ? next.at : to;
}

/**
 * The instant before which every vote that will ever commit has committed (see the module comment):
 * a moment before the clock, or the start of the oldest open transaction of the database if earlier.
 */
export async function safeWatermark(sql: Sql): Promise<Date> {
  const [row] = await sql<{ safe: Date }[]>`
    SELECT least(clock_timestamp() - make_interval(secs => ${WATERMARK_MARGIN_MS / 1000}), min(xact_start)) AS safe
    FROM pg_stat_activity
    WHERE datname = current_database() AND pid <> pg_backend_pid() AND xact_start IS NOT NULL AND backend_type = 'client backend'`;
  return row!.safe;
}

const earlier = (a: Date, b: Date) => (a < b ? a : b);
const later = (a: Date, b: Date) => (a > b ? a : b);

/**
 * Queries on the tallies. Advancing takes the board's swap lock (`lock`, rankings.ts) for each step, so
 * a deletion (which takes every board's lock first, then forgetVotesOf) sees a window that holds still.
 */
export function makeTallyQueries(
  sql: Sql,
  lock: (tx: Tx, board: TalliedBoard) => Promise<void>,
  options: { batchVotes?: number } = {},
) {
  const batchVotes = options.batchVotes ?? TALLY_BATCH_VOTES;
  /**
   * One bounded step toward the window [now - window, min(now, safe)), in a transaction of its own
   * under the board's lock: drops at most `batchVotes` votes that left the window and adds at most
   * `batchVotes` new ones. Once the window has arrived, `finish` runs in the same transaction with it
   * (the board's swap: one transaction per recompute in the steady state); before, the answer is null.
   */
  async function step<T>(
    board: TalliedBoard,
    spec: TallySpec,
    now: Date,
    safe: Date,
    finish: (tx: Tx, window: TallyWindow) => Promise<T>,
  ): Promise<{ value: T } | null> {
    return retryTransaction(
      () =>
        sql.begin(async (tx) => {
          await lock(tx, board);
          const since = new Date(now.getTime() - spec.windowMs);
          const until = later(since, earlier(now, safe));
          const [w] = await tx<
            TallyWindow[]
          >`SELECT epoch, since, until FROM ranking_tally_windows WHERE board = ${board}`;
          if (!w || since < w.since || until < w.until || w.until <= since) {
            // A first build; a tally wholly older than the window (nothing in it would stay); or asked
            // for a `now` before the tally's (a clock set back, a test's fixed clock): start again from an
            // empty window. Its votes in one statement: a first build reads them all whatever the batches
            // (one aggregate does it several times faster than upserting batch after batch), and it holds
            // only this board's lock (reads never wait; a deletion waits for it, once).
            await tx`DELETE FROM ranking_tallies WHERE board = ${board}`;
            await tx`
          INSERT INTO ranking_tally_windows (board, epoch, since, until) VALUES (${board}, ${since}, ${since}, ${until})
          ON CONFLICT (board) DO UPDATE SET epoch = EXCLUDED.epoch, since = EXCLUDED.since, until = EXCLUDED.until`;
            await applyVotes(tx, board, spec, since, since, until, 1);
            return { value: await finish(tx, { epoch: since, since, until }) };
          }
          let { epoch } = w;
          if (
            spec.halfLifeMs !== null &&
            (until.getTime() - epoch.getTime()) / spec.halfLifeMs > REBASE_AFTER_HALF_LIVES
          ) {
            await tx`
          UPDATE ranking_tallies SET weight = weight * ${tallyScoreFactor(tx, spec, epoch, since)}
          WHERE board = ${board}`;
            epoch = since;
          }
          // Votes leave the window: drop [since, ...) up to the new start; votes arrive: add [until, ...).
          const dropTo = w.since < since ? await batchEnd(tx, w.since, since, batchVotes) : w.since;
          await applyVotes(tx, board, spec, epoch, w.since, dropTo, -1);
          const addTo = w.until < until ? await batchEnd(tx, w.until, until, batchVotes) : w.until;
          await applyVotes(tx, board, spec, epoch, w.until, addTo, 1);
          const next = { epoch, since: dropTo, until: addTo };
          await tx`UPDATE ranking_tally_windows SET epoch = ${next.epoch}, since = ${next.since}, until = ${next.until} WHERE board = ${board}`;
          if (next.since < since || next.until < until) return null;
          return { value: await finish(tx, next) };
        }) as Promise<{ value: T } | null>,
    );
  }

  return {
    /**
     * Brings `board`'s tally to the window ending at `now` (the votes of [now - window, now) created
     * before the safe watermark), in bounded steps, and runs `finish` with the window in the
     * transaction of the last one, under the board's lock: the votes from the window's `until` to
     * `now` are `finish`'s to add (rankings.ts reads them as the board's tail). Answers what `finish` does.
     */
    async advance<T>(board: TalliedBoard, now: Date, finish: (tx: Tx, window: TallyWindow) => Promise<T>): Promise<T> {
      const spec = tallySpec(board);
      const safe = await safeWatermark(sql);
      for (;;) {
        const done = await step(board, spec, now, safe, finish);
        if (done) return done.value;
      }
    },
  };
}

/**
 * Takes a member's votes out of every tally before the member is deleted (their votes go by cascade;
 * their own projects' tally rows go with the projects). Run it inside the deletion's transaction, after
 * lockBoardsForDeletion and before the delete.
 */
export async function forgetVotesOf(tx: Tx, userId: number): Promise<void> {
  const windows = await tx<
    Array<TallyWindow & { board: TalliedBoard }>
  >`SELECT board, epoch, since, until FROM ranking_tally_windows`;
  for (const w of windows) await applyVotes(tx, w.board, tallySpec(w.board), w.epoch, w.since, w.until, -1, userId);
}

/** Drops every tally's window: the next recompute of each tallied board builds its tally again from the votes. */
export async function restartTallies(tx: Tx): Promise<void> {
  await tx`DELETE FROM ranking_tally_windows`;
}

/** A vote whose weight changed: its id, its project, and new weight minus old. */
export interface Reweighed {
  voteId: number;
  projectId: number;
  delta: number;
}

/**
 * Moves every tally by votes whose weight changed (a ring flagged, confirmed or cleared, standing
 * reached): each tally row whose window holds such a vote gains its weight's delta, decayed as the
 * tally counts it (the vote's own created_at, read from its row); the votes past a window's `until`
 * are read live by the next recompute. Run it in the transaction that changed the weights, after
 * lockBoardsForDeletion (rankings.ts), so no tally advances meanwhile.
 */
export async function reweighTallies(tx: Tx, changes: Reweighed[]): Promise<void> {
  if (changes.length === 0) return;
  const windows = await tx<
    Array<TallyWindow & { board: TalliedBoard }>
  >`SELECT board, epoch, since, until FROM ranking_tally_windows`;
  const input = changes.map((c) => ({ vote_id: c.voteId, delta: c.delta }));
  for (const w of windows) {
    const spec = tallySpec(w.board);
    const delta = weighed(tx, spec, w.epoch, tx`d.delta`);
    await tx`
      UPDATE ranking_tallies t SET weight = t.weight + c.weight
      FROM (
        SELECT v.project_id, sum(${delta}) AS weight
        FROM jsonb_to_recordset(${tx.json(input)}) AS d(vote_id int, delta float8)
        JOIN votes v ON v.id = d.vote_id JOIN projects p ON p.id = v.project_id
        WHERE v.created_at >= ${w.since}::timestamptz AND v.created_at < ${w.until}::timestamptz AND ${countedVote(tx, spec)}
        GROUP BY v.project_id
      ) c
      WHERE t.board = ${w.board} AND t.project_id = c.project_id`;
  }
}
