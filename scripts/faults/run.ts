/**
 * One scenario: load, the fault, more load, then the checks: acknowledged writes in the database,
 * the mails owed for them received once each, how long requests kept failing after the fault ended,
 * and which processes exited without being asked.
 */
import { createSql, type Sql } from '@vitrine/db/sql';
import type { ExitInfo } from '../lib/supervisor';
import { healthy, waitUntil, type Cluster } from './cluster';
import type { RequestRecord } from './http';
import type { LoadDriver } from './load';
import type { World } from './seed';
import type { Fault, FaultWindow, OutageOptions } from './fault';
import { counterMismatches, lostWrites, owedMails, WriteLog } from './writes';

/** Requests must succeed again within this long after a fault ends; 503s are fine until then. */
export const RECOVERY_TARGET_S = 10;
/** Bound of the wait for every node to answer healthy after the load. */
const SETTLE_WAIT_MS = 60_000;

/** The timing of a scenario. */
export interface ScenarioOptions extends OutageOptions {
  /** Load before the fault and after it ends. */
  warmupS: number;
  afterS: number;
  thinkMs: number;
  /** Longest wait for the owed mails once the load stopped (mail retries back off). */
  drainS: number;
}

/** What a scenario measured. */
export interface ScenarioResult {
  scenario: string;
  requests: number;
  fiveXX: number;
  /** 5xx other than 503, and 503s outside the outage window. */
  fiveXXOffTarget: number;
  noAnswer: number;
  /** Requests without an answer that no outage explains (only a killed api node does, inside its window). */
  noAnswerOffTarget: number;
  acknowledged: number;
  lost: string[];
  mailsOwed: number;
  mailsLost: number;
  mailsDoubled: number;
  /**
   * Seconds from the fault's end to the start of the last request that failed (every request started
   * after it succeeded); null when requests still failed in the load's last second.
   */
  recoveryS: number | null;
  crashed: ExitInfo[];
  counters: string[];
  /** Signed-in clients that had to sign in again (their session was gone: a 401). */
  signInsAgain: number;
  /** The fault's own missed targets, and the strict ones (Fault.strict, Fault.keepsSessions). */
  missed: string[];
  notes: string[];
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
const failed = (r: RequestRecord) => r.status === 0 || r.status >= 500;

/** Runs `fn` on a connection of its own (never open while PostgreSQL is restarted). */
async function withSql<T>(url: string, fn: (sql: Sql) => Promise<T>): Promise<T> {
  const sql = createSql(url, { max: 2 });
  try {
    return await fn(sql);
  } finally {
    await sql.end({ timeout: 5 });
  }
}

/** Mails received more than once, over all keys. */
const doubledSoFar = (received: Map<string, number>) =>
  [...received.values()].reduce((sum, n) => sum + Math.max(0, n - 1), 0);

/** Failure figures of the requests around a fault window. */
function requestFigures(records: RequestRecord[], window: FaultWindow, loadEnd: number, noAnswerIsOutage: boolean) {
  const outageEnd = window.end + RECOVERY_TARGET_S * 1000;
  const inOutage = (r: RequestRecord) => r.end >= window.start && r.start <= outageEnd;
  let fiveXX = 0;
  let fiveXXOffTarget = 0;
  let noAnswer = 0;
  let noAnswerOffTarget = 0;
  let lastFailureStart = 0;
  let failingAtEnd = false;
  for (const r of records) {
    if (!failed(r)) continue;
    if (r.status >= 500) {
      fiveXX += 1;
      if (r.status !== 503 || !inOutage(r)) fiveXXOffTarget += 1;
    } else {
      noAnswer += 1;
      if (!noAnswerIsOutage || !inOutage(r)) noAnswerOffTarget += 1;
    }
    if (r.end >= window.start) lastFailureStart = Math.max(lastFailureStart, r.start);
    if (r.start >= loadEnd - 1000) failingAtEnd = true;
  }
  const recoveryS = failingAtEnd ? null : Math.max(0, Math.round((lastFailureStart - window.end) / 100) / 10);
  return { fiveXX, fiveXXOffTarget, noAnswer, noAnswerOffTarget, recoveryS };
}

/** The failed requests by kind and by second since the fault started (`+12 s: 503 ×20, timeout ×3`). */
function failureTimeline(records: RequestRecord[], window: FaultWindow): string {
  const bySecond = new Map<number, Map<string, number>>();
  for (const r of records) {
    if (!failed(r)) continue;
    const second = Math.floor((r.start - window.start) / 1000);
    const kinds = bySecond.get(second) ?? new Map<string, number>();
    const kind = r.status ? String(r.status) : (r.failure ?? 'no answer');
    kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
    bySecond.set(second, kinds);
  }
  return [...bySecond]
    .sort(([a], [b]) => a - b)
    .map(
      ([second, kinds]) =>
        `${second >= 0 ? '+' : ''}${second} s: ${[...kinds].map(([kind, n]) => `${kind} ×${n}`).join(', ')}`,
    )
    .join('; ');
}

/** Runs one fault under load and measures it. */
export async function runScenario(
  cluster: Cluster,
  world: World,
  driver: LoadDriver,
  fault: Fault,
  o: ScenarioOptions,
  log: (line: string) => void,
): Promise<ScenarioResult> {
  const notes: string[] = [];
  const sink = { records: [] as RequestRecord[], writes: new WriteLog(), signInsAgain: 0 };
  const exitsBefore = cluster.exits.length;
  const doubledBefore = doubledSoFar(cluster.mail.received);
  const countsBefore = new Map(cluster.mail.received);
  const maxLoadMs = (o.warmupS + o.afterS + o.redisOutageS + o.smtpOutageS) * 1000 + 120_000;

  log(`--- ${fault.label(o)}: ${o.warmupS} s of load first`);
  const load = driver.start(sink, o.thinkMs, maxLoadMs);
  await sleep(o.warmupS * 1000);
  let window: FaultWindow;
  try {
    window = await fault.inject(cluster, o, log, world);
  } catch (err) {
    await load.stop();
    throw err;
  }
  await sleep(o.afterS * 1000);
  const loadEnd = Date.now();
  await load.stop();

  if (
    !(await waitUntil(
      async () => (await Promise.all(cluster.apiUrls.map(healthy))).every(Boolean),
      SETTLE_WAIT_MS,
      500,
    ))
  ) {
    notes.push(`an api node was still not healthy ${SETTLE_WAIT_MS / 1000} s after the load`);
  }
  const { lost, owed, counters } = await withSql(cluster.databaseUrl, async (sql) => ({
    lost: await lostWrites(sql, sink.writes),
    owed: await owedMails(sql, sink.writes),
    counters: await counterMismatches(sql),
  }));
  log(
    `checking ${sink.writes.acknowledged} acknowledged writes: ${lost.length} lost; waiting for ${owed.length} mails`,
  );
  const received = cluster.mail.received;
  await waitUntil(() => owed.every((key) => received.has(key)), o.drainS * 1000, 500);
  // A mail sent twice usually arrives right after the first: give it a moment to show.
  await sleep(1000);

  const figures = requestFigures(sink.records, window, loadEnd, fault.name === 'api-node');
  const timeline = failureTimeline(sink.records, window);
  if (timeline)
    notes.push(
      `failed requests by start, from the fault's start (it lasted ${Math.round((window.end - window.start) / 100) / 10} s): ${timeline}`,
    );
  const crashed = cluster.exits.slice(exitsBefore).filter((e) => !e.expected);
  for (const exit of crashed)
    notes.push(
      `${exit.name} (pid ${exit.pid}) exited unasked (${exit.signal ?? `code ${exit.code}`}) ${Math.round((exit.at - window.end) / 100) / 10} s after the fault ended`,
    );
  if (lost.length) notes.push(`lost writes: ${lost.slice(0, 10).join('; ')}${lost.length > 10 ? ' ...' : ''}`);
  if (counters.length) notes.push(`counters that differ from their rows: ${counters.slice(0, 5).join('; ')}`);
  const mailsLost = owed.filter((key) => !received.has(key));
  if (mailsLost.length) notes.push(`mails not received: ${mailsLost.slice(0, 10).join(', ')}`);
  const doubled = [...received].filter(([key, n]) => n > 1 && n > (countsBefore.get(key) ?? 0)).map(([key]) => key);
  if (doubled.length) notes.push(`mails received more than once: ${doubled.slice(0, 10).join(', ')}`);

  for (const figure of window.figures ?? []) notes.push(figure);
  if (fault.keepsSessions || sink.signInsAgain)
    notes.push(`signed-in clients that lost their session: ${sink.signInsAgain}`);
  const missed = [...(window.missed ?? [])];
  if (fault.strict) {
    const inWindow = sink.records.filter((r) => failed(r) && r.end >= window.start && r.start <= window.end).length;
    if (inWindow) missed.push(`${inWindow} request(s) failed during the fault, where none may`);
  }
  if (fault.keepsSessions && sink.signInsAgain) missed.push(`${sink.signInsAgain} session(s) lost`);

  return {
    scenario: fault.label(o),
    signInsAgain: sink.signInsAgain,
    missed,
    requests: sink.records.length,
    ...figures,
    acknowledged: sink.writes.acknowledged,
    lost,
    mailsOwed: owed.length,
    mailsLost: mailsLost.length,
    mailsDoubled: doubledSoFar(received) - doubledBefore,
    crashed,
    counters,
    notes,
  };
}
