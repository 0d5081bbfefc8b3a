import { quantile, loadAverages } from './measure';
import { setTimeout as sleep } from 'node:timers/promises';
import { io as connectClient, type Socket } from 'socket.io-client';
import type { ClientToServerEvents, CommentPush, ServerToClientEvents } from '@vitrine/domain/events';
import type { Sql } from '../../db/src/sql';
import { buildProject, buildUser, TEST_PASSWORD } from '../../db/src/testing';

/**
 * The live cases (docs/performance.md "Live pushes"), against an API child and a worker on the same
 * database and Redis prefix:
 * - a comment reaches WATCHERS sockets watching its project: each of COMMENTS comments, posted
 *   COMMENT_GAP_MS apart by a member, is timed from the POST's send (and from its answer) to its
 *   arrival on each socket;
 * - a maker with FOLLOWERS followers submits a project through the API: the time until every
 *   follower's notification row exists (the worker's fan-out, worker/src/notifications/fan-out.ts).
 */

/** Sockets watching the project. */
export const WATCHERS = 1000;
/** Comments measured, and the pause between two (a member's quota allows 10 per 10 minutes). */
const COMMENTS = 10;
const COMMENT_GAP_MS = 1000;
/** Handshakes in flight at once while the sockets connect. */
const CONNECTING_AT_ONCE = 50;
/** How long a comment is waited for on every socket before the sockets that missed it are counted. */
const ARRIVAL_WAIT_MS = 10_000;
/** The target: p95 of every arrival, from the POST's send. */
const ARRIVAL_P95_TARGET_MS = 100;
/** Followers of the maker, and the target for all their notification rows to exist. */
export const FOLLOWERS = 10_000;
const FAN_OUT_TARGET_MS = 5000;
/** How often the notification rows are counted, and when the fan-out is given up. */
const POLL_MS = 25;
const FAN_OUT_GIVE_UP_MS = 120_000;

type WatchingSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

const round1 = (ms: number) => Math.round(ms * 10) / 10;

/** A member's session cookie, signed in through the API as a browser would. */
export async function signIn(apiUrl: string, username: string): Promise<string> {
  const res = await fetch(`${apiUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: apiUrl },
    body: JSON.stringify({ username, password: TEST_PASSWORD }),
  });
  if (res.status !== 200) throw new Error(`sign-in answered ${res.status}: ${await res.text()}`);
  const cookies = res.headers.getSetCookie().map((c) => c.split(';')[0]);
  return cookies.join('; ');
}

/** A POST with the member's cookie; answers the status, the body and the times of its send and answer. */
async function post(apiUrl: string, cookie: string, path: string, body: unknown) {
  const sent = performance.now();
  const res = await fetch(`${apiUrl}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: apiUrl, Cookie: cookie },
    body: JSON.stringify(body),
  });
  const answer = (await res.json()) as { id?: number; message?: string };
  return { status: res.status, answer, sent, answered: performance.now() };
}

/** Opens `count` visitor sockets (WebSocket only, as the web client) that watch `projectId`. */
async function openWatchers(apiUrl: string, projectId: number, count: number): Promise<WatchingSocket[]> {
  const sockets: WatchingSocket[] = [];
  for (let i = 0; i < count; i += CONNECTING_AT_ONCE) {
    const batch = Array.from({ length: Math.min(CONNECTING_AT_ONCE, count - i) }, () => {
      const socket: WatchingSocket = connectClient(apiUrl, {
        transports: ['websocket'],
        forceNew: true,
        reconnection: false,
      });
      sockets.push(socket);
      return new Promise<void>((resolve, reject) => {
        socket.once('connect', () => {
          socket.emit('projects:watch', [projectId]);
          resolve();
        });
        socket.once('connect_error', reject);
      });
    });
    await Promise.all(batch);
  }
  return sockets;
}

/** Resolves once `done()` holds, checking every few milliseconds, or after `ms` (answers whether it held). */
async function until(done: () => boolean, ms: number): Promise<boolean> {
  const started = Date.now();
  while (!done()) {
    if (Date.now() - started > ms) return false;
    await sleep(5);
  }
  return true;
}

/** Case 1: comments to WATCHERS watching sockets; every arrival's delay, percentiles and how many sockets got each. */
export async function commentFanOut(opts: { apiUrl: string; sql: Sql; log: (line: string) => void }) {
  const { apiUrl, sql, log } = opts;
  const loadBefore = loadAverages(2);
  // An account older than a day: the standing quota (10 comments per 10 minutes).
  const member = await buildUser(sql, { createdAt: new Date(Date.now() - 2 * 24 * 60 * 60 * 1000) });
  const project = await buildProject(sql);
  const cookie = await signIn(apiUrl, member.username);

  const connectStarted = performance.now();
  const sockets = await openWatchers(apiUrl, project.id, WATCHERS);
  log(`${sockets.length} sockets connected in ${Math.round(performance.now() - connectStarted)} ms`);
  /** Arrival times of each comment id on each socket (index in `sockets`). */
  const arrivals = new Map<number, Map<number, number>>();
  sockets.forEach((socket, index) =>
    socket.on('comment:created', (push: CommentPush) => {
      const at = performance.now();
      let got = arrivals.get(push.commentId);
      if (!got) arrivals.set(push.commentId, (got = new Map()));
      got.set(index, at);
    }),
  );
  const postComment = (n: number) =>
    post(apiUrl, cookie, `/api/projects/${project.id}/comments`, { body: `Live bench comment ${n}` });

  // A first comment, not measured: every socket has joined the room once it reaches them all.
  const warm = await postComment(0);
  if (warm.status !== 201) throw new Error(`comment answered ${warm.status}: ${warm.answer.message}`);
  const everyone = await until(() => (arrivals.get(warm.answer.id!)?.size ?? 0) === WATCHERS, ARRIVAL_WAIT_MS);
  log(`warm-up comment reached ${arrivals.get(warm.answer.id!)?.size ?? 0} of ${WATCHERS} sockets`);
  if (!everyone) log('some sockets never joined the room: they count as missing every comment');

  const fromSend: number[] = [];
  const fromAnswer: number[] = [];
  const fromFirst: number[] = [];
  const perComment: Array<Record<string, number | string>> = [];
  for (let n = 1; n <= COMMENTS; n += 1) {
    await sleep(COMMENT_GAP_MS);
    const { status, answer, sent, answered } = await postComment(n);
    if (status !== 201) throw new Error(`comment ${n} answered ${status}: ${answer.message}`);
    await until(() => (arrivals.get(answer.id!)?.size ?? 0) === WATCHERS, ARRIVAL_WAIT_MS);
    const times = [...(arrivals.get(answer.id!)?.values() ?? [])];
    const delays = times.map((t) => t - sent).sort((a, b) => a - b);
    fromSend.push(...delays);
    fromAnswer.push(...times.map((t) => t - answered));
    // The spread of one push over the sockets, apart from the write before it.
    fromFirst.push(...delays.map((d) => d - (delays[0] ?? 0)));
    perComment.push({
      comment: n,
      'POST ms': round1(answered - sent),
      sockets: times.length,
      'p50 ms': round1(quantile(delays, 0.5)),
      'p95 ms': round1(quantile(delays, 0.95)),
      'max ms': round1(delays.at(-1) ?? 0),
      'first to last ms': round1((delays.at(-1) ?? 0) - (delays[0] ?? 0)),
    });
  }
  for (const socket of sockets) socket.disconnect();

  fromSend.sort((a, b) => a - b);
  fromAnswer.sort((a, b) => a - b);
  fromFirst.sort((a, b) => a - b);
  const row = (measure: string, sorted: number[]) => ({
    measure,
    arrivals: sorted.length,
    'of expected': COMMENTS * WATCHERS,
    'p50 ms': round1(quantile(sorted, 0.5)),
    'p95 ms': round1(quantile(sorted, 0.95)),
    'p99 ms': round1(quantile(sorted, 0.99)),
    'max ms': round1(sorted.at(-1) ?? 0),
  });
  const p95 = quantile(fromSend, 0.95);
  return {
    perComment,
    // From the answer is negative when the push arrived first: the API publishes before it answers.
    summary: [
      row('from the POST sent', fromSend),
      row('from the POST answered', fromAnswer),
      row('from the first socket reached', fromFirst),
    ],
    target: {
      measure: `comment to ${WATCHERS} watching sockets, p95 ms (from the send)`,
      value: round1(p95),
      target: `<= ${ARRIVAL_P95_TARGET_MS}`,
      'value / target': Number((p95 / ARRIVAL_P95_TARGET_MS).toFixed(2)),
      'load before': loadBefore,
      'load after': loadAverages(2),
    },
  };
}

/**
 * Adds `count` followers to `makerId` the way following does (a follows row each, the follower's
 * following_count and the maker's follower_count moved with it, db/src/queries/users.ts
 * addFollowCounts), in three statements.
 */
async function seedFollowers(sql: Sql, makerId: number, count: number, passwordHash: string): Promise<void> {
  await sql.begin(async (tx) => {
    await tx`
      WITH fans AS (
        INSERT INTO users (username, password_hash, following_count)
        SELECT 'fan_' || ${makerId}::int || '_' || i, ${passwordHash}, 1 FROM generate_series(1, ${count}::int) i
        RETURNING id)
      INSERT INTO follows (follower_id, followee_id) SELECT id, ${makerId} FROM fans`;
    await tx`UPDATE users SET follower_count = follower_count + ${count}::int WHERE id = ${makerId}`;
  });
}

/** Case 2: a maker with FOLLOWERS followers submits a project; time until every follower's notification row exists. */
export async function followerFanOut(opts: { apiUrl: string; sql: Sql; log: (line: string) => void }) {
  const { apiUrl, sql, log } = opts;
  const maker = await buildUser(sql, { createdAt: new Date(Date.now() - 30 * 24 * 60 * 60 * 1000) });
  await seedFollowers(sql, maker.id, FOLLOWERS, maker.passwordHash);
  await sql`ANALYZE users, follows`;
  log(`${FOLLOWERS} followers seeded for maker ${maker.id}`);
  const cookie = await signIn(apiUrl, maker.username);
  const loadBefore = loadAverages(2);

  const { status, answer, sent, answered } = await post(apiUrl, cookie, '/api/projects', {
    title: 'Live bench project',
    description: 'A project whose followers all hear of it.',
    replitUrl: 'https://bench.example/',
    category: 'Game',
    tags: 'bench',
  });
  if (status !== 201) throw new Error(`project submission answered ${status}: ${answer.message}`);
  const projectId = answer.id!;
  let rows = 0;
  let first: number | null = null;
  while (rows < FOLLOWERS && performance.now() - sent < FAN_OUT_GIVE_UP_MS) {
    const [counted] = await sql<{ n: number }[]>`
      SELECT count(*)::int AS n FROM notifications WHERE project_id = ${projectId} AND kind = 'newProject'`;
    rows = counted!.n;
    if (rows > 0 && first === null) first = performance.now();
    if (rows < FOLLOWERS) await sleep(POLL_MS);
  }
  const total = performance.now() - sent;
  const seconds = Number((total / 1000).toFixed(2));
  return {
    rows,
    table: [
      { measure: 'POST /api/projects answered, ms', value: round1(answered - sent) },
      { measure: 'first notification row, ms after the send', value: first === null ? null : round1(first - sent) },
      { measure: `notification rows (of ${FOLLOWERS})`, value: rows },
    ],
    target: {
      measure: `project to ${FOLLOWERS} followers' notifications, s`,
      value: rows === FOLLOWERS ? seconds : null,
      target: `<= ${FAN_OUT_TARGET_MS / 1000}`,
      'value / target': rows === FOLLOWERS ? Number((total / FAN_OUT_TARGET_MS).toFixed(2)) : null,
      'load before': loadBefore,
      'load after': loadAverages(2),
    },
  };
}
