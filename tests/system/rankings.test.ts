import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Job } from 'bullmq';
import type { DomainEvent } from '@vitrine/domain/events';
import { createSql, type Sql } from '@vitrine/db/sql';
import { buildProject, buildUser } from '@vitrine/db/testing';
import { makeEventQueries } from '@vitrine/db/queries/events';
import { restartRunningTotals } from '@vitrine/db/queries/rankings';
import type { UserRow } from '@vitrine/db/queries/users';
import { makeTestApp, randomIp, type TestApp } from '@vitrine/api/testing';
import type { Config } from '@vitrine/runtime/config';
import { startWorker, type RunningWorker } from '@vitrine/worker/index';
import { boardId, type Board } from '@vitrine/worker/boards';
import { waitFor, workerTestConfig } from '@vitrine/worker/testing';

const HOUR = 3600_000;
const DAY = 24 * HOUR;

let config: Config;
let t: TestApp;
let sql: Sql;
let worker: RunningWorker;
beforeAll(async () => {
  config = workerTestConfig();
  // The API of the same deployment: its publisher enqueues on the worker's queues.
  t = await makeTestApp({ redisPrefix: config.redisPrefix });
  sql = createSql(config.databaseUrl, { max: 3 });
  worker = await startWorker(config, { schedulers: false, contributorsDelayMs: 1000 });
});
afterAll(async () => {
  await worker?.close();
  await t?.close();
  await sql?.end();
});

/** Records events in the outbox and publishes them, as a command does after its transaction. */
async function publish(events: DomainEvent[]) {
  const stored = await sql.begin((tx) => makeEventQueries(tx).recordEvents(events));
  await t.deps.publisher.publish(stored);
  return stored;
}

/** A vote row at `at` (its weight by the voter's plain kind), with the project's counters, as voteCaster writes them (minus the event). */
async function vote(projectId: number, userId: number | null, at: Date) {
  const [row] = await sql<{ weight: number }[]>`
    INSERT INTO votes (project_id, user_id, ip_address, created_at) VALUES (${projectId}, ${userId}, ${randomIp()}, ${at})
    RETURNING weight`;
  await sql`UPDATE projects SET votes = votes + 1, weighted_votes = weighted_votes + ${row!.weight} WHERE id = ${projectId}`;
}

const trendingOrder = (period: string, ids: number[]) =>
  sql<{ projectId: number }[]>`
    SELECT project_id FROM trending_scores WHERE period = ${period} AND project_id = ANY(${ids})
    ORDER BY weight DESC, created_at DESC, project_id DESC`.then((rows) => rows.map((r) => r.projectId));
const leaderboardOrder = (range: string, ids: number[]) =>
  sql<{ projectId: number }[]>`
    SELECT project_id FROM leaderboard_entries WHERE time_range = ${range} AND project_id = ANY(${ids})
    ORDER BY weight DESC, votes DESC, rating_bound DESC, created_at ASC, project_id`.then((rows) =>
    rows.map((r) => r.projectId),
  );
const sameOrder = (a: number[], b: number[]) => a.length === b.length && a.every((x, i) => x === b[i]);

describe('ranking boards after votes', () => {
  it('hold the hand-computed trending and leaderboard order', async () => {
    const now = Date.now();
    const authors: UserRow[] = [];
    for (let i = 0; i < 4; i += 1) authors.push(await buildUser(sql));
    // Created one after the other: p1 is the oldest submission (the last leaderboard tie-break).
    const p1 = await buildProject(sql, { userId: authors[0]!.id, createdAt: new Date(now - 60 * DAY) });
    const p2 = await buildProject(sql, { userId: authors[1]!.id, createdAt: new Date(now - 59 * DAY) });
    const p3 = await buildProject(sql, { userId: authors[2]!.id, createdAt: new Date(now - 58 * DAY) });
    const p4 = await buildProject(sql, { userId: authors[3]!.id, createdAt: new Date(now - 57 * DAY) });
    const voters: number[] = [];
    for (let i = 0; i < 5; i += 1) voters.push((await buildUser(sql)).id);

    // p1: two members, 20 h ago.
    await vote(p1.id, voters[0]!, new Date(now - 20 * HOUR));
    await vote(p1.id, voters[1]!, new Date(now - 20 * HOUR));
    // p2: one member a minute ago, three members 40 days ago (outside every window but all time); rated 9.
    await vote(p2.id, voters[0]!, new Date(now - 60_000));
    for (const v of voters.slice(2, 5)) await vote(p2.id, v, new Date(now - 40 * DAY));
    await sql`INSERT INTO ratings (project_id, user_id, ip_address, rating) VALUES (${p2.id}, ${voters[4]!}, '203.0.113.9', 9)`;
    await sql`UPDATE projects SET average_rating = 9, total_ratings = 1 WHERE id = ${p2.id}`;
    // p3: three visitors (weight 0.25 each), 5 h ago.
    for (let i = 0; i < 3; i += 1) await vote(p3.id, null, new Date(now - 5 * HOUR));
    // p4: its author's own vote (weight 0; the API refuses new ones, rows from before may remain) 2 minutes ago, one visitor 10 days ago.
    await vote(p4.id, authors[3]!.id, new Date(now - 2 * 60_000));
    await vote(p4.id, null, new Date(now - 10 * DAY));
    // A vote is created at its transaction's time; these were written with times in the past, after
    // the tallies and the top contributors' totals may have counted past those times
    // (db/src/queries/tallies.ts, rankings.ts addVotesToTopContributors), and the projects without
    // their project.created events: start them anew, as a seed does on an empty database.
    await restartRunningTotals(sql);
    const ids = [p1.id, p2.id, p3.id, p4.id];
    await publish(
      ids.map((projectId) => ({ name: 'vote.created', projectId, votes: 0, averageRating: 0, totalRatings: 0 })),
    );

    // Scores, weight * 0.5^(age / half-life), half-lives 6 h / 48 h / 168 h (members with standing 1,
    // visitors 0.25: domain/src/rankings.ts VOTE_WEIGHTS):
    //   today  p2 1*0.5^(0.017/6)=0.998  p3 0.75*0.5^(5/6)=0.421   p1 2*0.5^(20/6)=0.198   p4 0 (author only: absent)
    //   week   p1 2*0.5^(20/48)=1.498    p2 0.998                  p3 0.75*0.5^(5/48)=0.698 p4 0 (visitor vote is 10 days old)
    //   month  p1 2*0.5^(20/168)=1.841   p2 0.999                  p3 0.75*0.5^(5/168)=0.735 p4 0.25*0.5^(240/168)=0.093
    const expected: [Board, number[]][] = [
      [{ kind: 'trending', period: 'today' }, [p2.id, p3.id, p1.id]],
      [{ kind: 'trending', period: 'week' }, [p1.id, p2.id, p3.id]],
      [{ kind: 'trending', period: 'month' }, [p1.id, p2.id, p3.id, p4.id]],
      // Weighted votes in range (the author's old vote on p4 weighs as any member's: 1); ties by the raw
      // count, then the rating's Bayesian bound (p2's 9 beats no rating), then the older submission.
      //   all   p2 4, p1 2, p4 1.25, p3 0.75
      //   month p1 2, p4 1.25, p2 1, p3 0.75
      //   week  p1 2, p2 1 = p4 1 (p2 rated 9: bound 6.08 > 5.5), p3 0.75
      [{ kind: 'leaderboard', range: 'all' }, [p2.id, p1.id, p4.id, p3.id]],
      [{ kind: 'leaderboard', range: 'month' }, [p1.id, p4.id, p2.id, p3.id]],
      [{ kind: 'leaderboard', range: 'week' }, [p1.id, p2.id, p4.id, p3.id]],
    ];
    for (const [board, order] of expected) {
      const read = () =>
        board.kind === 'trending'
          ? trendingOrder(board.period, ids)
          : board.kind === 'leaderboard'
            ? leaderboardOrder(board.range, ids)
            : Promise.resolve([]);
      await waitFor(`${boardId(board)} order`, async () => sameOrder(await read(), order), 5000).catch(async (err) => {
        expect(await read(), boardId(board)).toEqual(order);
        throw err;
      });
    }
    const contributors = await waitFor('top contributors', async () => {
      const rows = await sql<{ userId: number; projectCount: number; totalVotes: number }[]>`
        SELECT user_id, project_count, total_votes FROM top_contributors WHERE user_id = ANY(${authors.map((a) => a.id)})
        ORDER BY total_votes DESC, project_count DESC, user_id`;
      return rows.length === 4 ? rows : null;
    });
    expect(contributors.map((c) => [c.userId, c.totalVotes])).toEqual([
      [authors[1]!.id, 4],
      [authors[2]!.id, 3],
      [authors[0]!.id, 2],
      [authors[3]!.id, 2],
    ]);
  });
});

describe('deduplicated recomputes', () => {
  it('a burst of 100 votes triggers at most a few recomputes per board, the last one after the last vote', async () => {
    const projects = [await buildProject(sql), await buildProject(sql)];
    const runs = new Map<string, number>();
    const onCompleted = (job: Job) => {
      const key =
        job.name === 'recompute-trending'
          ? `trending:${job.data.period}`
          : job.name === 'recompute-leaderboard'
            ? `leaderboard:${job.data.range}`
            : job.name;
      runs.set(key, (runs.get(key) ?? 0) + 1);
    };
    worker.workers.tasks.on('completed', onCompleted);
    try {
      const started = Date.now();
      const statuses: number[] = [];
      for (let batch = 0; batch < 4; batch += 1) {
        const replies = await Promise.all(
          Array.from({ length: 25 }, (_, i) =>
            t
              .agent()
              .post(`/api/projects/${projects[(batch * 25 + i) % 2]!.id}/vote`)
              .set('X-Forwarded-For', `192.0.2.${batch * 25 + i + 1}`),
          ),
        );
        statuses.push(...replies.map((r) => r.status));
      }
      const burstMs = Date.now() - started;
      expect(statuses.filter((s) => s === 200)).toHaveLength(100);

      const eventIds = await sql<{ id: string }[]>`
        SELECT id FROM events WHERE name = 'vote.created' AND (payload->>'projectId')::int = ANY(${projects.map((p) => p.id)})`;
      expect(eventIds).toHaveLength(100);
      await waitFor(
        'the 100 event jobs',
        async () => {
          const states = await Promise.all(eventIds.map((e) => worker.queues.events.getJobState(`event-${e.id}`)));
          return states.every((s) => s === 'completed');
        },
        10_000,
      );
      await waitFor(
        'no pending recompute',
        async () => {
          const counts = await worker.queues.tasks.getJobCounts('waiting', 'delayed', 'active', 'prioritized');
          return Object.values(counts).every((n) => n === 0);
        },
        10_000,
      );

      const [row] = await sql<
        { votes: number }[]
      >`SELECT votes FROM leaderboard_entries WHERE time_range = 'all' AND project_id = ${projects[0]!.id}`;
      expect(row?.votes).toBe(50);
      const boards = [
        'trending:today',
        'trending:week',
        'trending:month',
        'leaderboard:all',
        'leaderboard:month',
        'leaderboard:week',
        'recompute-top-contributors',
      ];
      // One recompute per board per second of burst at most (the 1 s gathering delay), plus the one
      // kept to run after an active one: 3 for a burst under a second, a few more on a loaded machine.
      const bound = Math.max(3, Math.ceil(burstMs / 1000) + 2);
      for (const board of boards) {
        expect(runs.get(board), `${board} (burst took ${burstMs} ms)`).toBeGreaterThanOrEqual(1);
        expect(runs.get(board), `${board} (burst took ${burstMs} ms)`).toBeLessThanOrEqual(Math.min(bound, 10));
      }
    } finally {
      worker.workers.tasks.off('completed', onCompleted);
    }
  });
});

describe('events after the fact', () => {
  it('a job for a deleted project or a deleted message ends quietly', async () => {
    const project = await buildProject(sql);
    const member = await buildUser(sql);
    const [message] = await sql<{ id: number }[]>`
      INSERT INTO contact_messages (sender_user_id, recipient_user_id, subject, message) VALUES (NULL, ${member.id}, 'Gone soon', 'This message will be deleted.') RETURNING id`;
    await sql`DELETE FROM projects WHERE id = ${project.id}`;
    await sql`DELETE FROM contact_messages WHERE id = ${message!.id}`;
    const failed: string[] = [];
    const onFailed = (job: Job | undefined, err: Error) => failed.push(`${job?.name}: ${err.message}`);
    for (const w of Object.values(worker.workers)) w.on('failed', onFailed);
    try {
      const stored = await publish([
        { name: 'vote.created', projectId: project.id, votes: 1, averageRating: 0, totalRatings: 0 },
        { name: 'rating.saved', projectId: project.id, votes: 1, averageRating: 5, totalRatings: 1 },
        { name: 'project.deleted', projectId: project.id },
        {
          name: 'message.created',
          messageId: message!.id,
          recipientUserId: member.id,
          senderUserId: null,
          kind: 'reply',
          sendCopy: false,
          emailMode: false,
        },
      ]);
      for (const event of stored) {
        await waitFor(
          `event ${event.name} completed`,
          async () => (await worker.queues.events.getJobState(`event-${event.id}`)) === 'completed',
        );
      }
      await waitFor('no pending recompute', async () => {
        const counts = await worker.queues.tasks.getJobCounts('waiting', 'delayed', 'active');
        return Object.values(counts).every((n) => n === 0);
      });
      expect(failed).toEqual([]);
      // The reply that is gone tells nobody: no notification, so no mail.
      expect(await sql`SELECT 1 FROM notifications WHERE user_id = ${member.id}`).toHaveLength(0);
    } finally {
      for (const w of Object.values(worker.workers)) w.off('failed', onFailed);
    }
  });
});
