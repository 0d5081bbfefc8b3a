/**
 * A small process supervisor for `npm start` and the fault suite: runs each child (a module of the
 * compiled build, or TypeScript through tsx), restarts one that exits unasked with exponential backoff, and stops them
 * all with SIGTERM, then SIGKILL after a grace period. Children never outlive it: each gets an IPC
 * pipe and the parent-watch preload, which stops the child when the pipe closes (the supervisor died
 * without stopping it), and the supervisor signals them when its own process exits.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, openSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { SUPERVISOR_PID_ENV } from './parent-watch';
import { REPO_ROOT } from '../../db/src/repo-root';
import { createLogger } from '../../runtime/src/logger';

/**
 * How node runs a child's module, with the parent-watch preload that stops it when the supervisor's
 * pipe closes: a compiled module (the production build, scripts/build-server.ts) with the compiled
 * preload and source maps, a TypeScript one through tsx.
 */
export function childNodeArgs(script: string): string[] {
  if (script.endsWith('.ts'))
    return ['--import', 'tsx', '--import', pathToFileURL(path.join(REPO_ROOT, 'scripts/lib/parent-watch.ts')).href];
  return ['--enable-source-maps', '--import', pathToFileURL(path.join(path.dirname(script), 'parent-watch.js')).href];
}

/** First restart delay, doubled for each crash in a row. */
const DEFAULT_INITIAL_BACKOFF_MS = 1_000;
/** The restart delay never grows past this. */
const DEFAULT_MAX_BACKOFF_MS = 30_000;
/** A child that stayed up this long before exiting starts the backoff over. */
const DEFAULT_STABLE_AFTER_MS = 30_000;
/** How long stop() waits after SIGTERM before SIGKILL (npm start promises a stop within 10 s). */
const DEFAULT_GRACE_MS = 8_000;
/** How long stop() waits for a SIGKILLed child to be reaped. */
const KILL_WAIT_MS = 2_000;

/** One supervised process. */
export interface ChildSpec {
  name: string;
  /** The module node runs: compiled JavaScript beside the compiled parent-watch.js, or TypeScript (through tsx). */
  script: string;
  args?: string[];
  /** Added to the supervisor's environment. */
  env?: NodeJS.ProcessEnv;
  /** Appends the child's stdout and stderr to this file instead of sharing the supervisor's. */
  logFile?: string;
}

/** What the supervisor tells about a child that exited. */
export interface ExitInfo {
  name: string;
  pid: number;
  code: number | null;
  signal: NodeJS.Signals | null;
  /** True when the supervisor was asked for it: stop(), or kill() (a fault injected on purpose). */
  expected: boolean;
  uptimeMs: number;
  /** When it starts again, or null when it does not (the supervisor is stopping). */
  restartInMs: number | null;
}

/** Tunables of a supervisor; the defaults suit `npm start`. */
export interface SupervisorOptions {
  initialBackoffMs?: number;
  maxBackoffMs?: number;
  stableAfterMs?: number;
  graceMs?: number;
  log?: (line: string) => void;
  onStart?: (name: string, pid: number) => void;
  onExit?: (info: ExitInfo) => void;
}

/** A running set of children. */
export interface Supervisor {
  /** The current process id of a child, undefined while it is down. */
  pid(name: string): number | undefined;
  /** Sends a signal to a child on purpose (its exit is reported as expected); false when it is down. */
  kill(name: string, signal: NodeJS.Signals): boolean;
  /** Resolves once the child has started again after its last exit (bounded by `timeoutMs`). */
  waitForRestart(name: string, previousPid: number, timeoutMs: number): Promise<boolean>;
  /** SIGTERM to every child, SIGKILL after the grace period; resolves when all have exited. */
  stop(): Promise<void>;
}

/** True when a process with this id exists (signal 0 probes without signalling). */
export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** The delay before restarting a child that crashed `crashesInARow` times without staying up. */
export function backoffDelay(
  crashesInARow: number,
  initialMs = DEFAULT_INITIAL_BACKOFF_MS,
  maxMs = DEFAULT_MAX_BACKOFF_MS,
): number {
  return Math.min(maxMs, initialMs * 2 ** Math.max(0, crashesInARow - 1));
}

interface ChildState {
  spec: ChildSpec;
  proc?: ChildProcess;
  exited?: Promise<void>;
  startedAt: number;
  crashesInARow: number;
  killedOnPurpose: boolean;
  restartTimer?: NodeJS.Timeout;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** True when `promise` settles within `ms` (the timer does not outlive the answer). */
async function settlesWithin(promise: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  try {
    return await Promise.race([promise.then(() => true as const), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** Starts every child now and keeps them running until stop(). */
export function startSupervisor(specs: ChildSpec[], options: SupervisorOptions = {}): Supervisor {
  const initial = options.initialBackoffMs ?? DEFAULT_INITIAL_BACKOFF_MS;
  const max = options.maxBackoffMs ?? DEFAULT_MAX_BACKOFF_MS;
  const stableAfter = options.stableAfterMs ?? DEFAULT_STABLE_AFTER_MS;
  const grace = options.graceMs ?? DEFAULT_GRACE_MS;
  const logger = createLogger({ service: 'start' }).child({ component: 'supervisor' });
  const log = options.log ?? ((line: string) => logger.warn(line));
  const children = new Map<string, ChildState>(
    specs.map((spec) => [spec.name, { spec, startedAt: 0, crashesInARow: 0, killedOnPurpose: false }]),
  );
  let stopping = false;

  // The last resort when our process ends without stop() (an uncaught error, process.exit()).
  const onProcessExit = () => {
    for (const child of children.values()) child.proc?.kill('SIGTERM');
  };
  process.on('exit', onProcessExit);

  function launch(child: ChildState) {
    const { spec } = child;
    const out = spec.logFile ? openSync(spec.logFile, 'a') : 'inherit';
    const proc = spawn(process.execPath, [...childNodeArgs(spec.script), spec.script, ...(spec.args ?? [])], {
      cwd: REPO_ROOT,
      env: { ...process.env, ...spec.env, [SUPERVISOR_PID_ENV]: String(process.pid) },
      stdio: ['ignore', out, out, 'ipc'],
    });
    if (typeof out === 'number') closeSync(out);
    child.proc = proc;
    child.startedAt = Date.now();
    child.killedOnPurpose = false;
    child.exited = new Promise<void>((resolve) => {
      let done = false;
      const finish = (code: number | null, signal: NodeJS.Signals | null) => {
        if (done) return;
        done = true;
        resolve();
        onChildExit(child, proc, code, signal);
      };
      proc.once('exit', finish);
      proc.once('error', (err) => {
        log(`${spec.name} could not run: ${err.message}`);
        finish(null, null);
      });
    });
    if (proc.pid !== undefined) options.onStart?.(spec.name, proc.pid);
  }

  function onChildExit(child: ChildState, proc: ChildProcess, code: number | null, signal: NodeJS.Signals | null) {
    if (child.proc === proc) child.proc = undefined;
    const uptimeMs = Date.now() - child.startedAt;
    const expected = stopping || child.killedOnPurpose;
    let restartInMs: number | null = null;
    if (!stopping) {
      child.crashesInARow = uptimeMs >= stableAfter ? 1 : child.crashesInARow + 1;
      restartInMs = backoffDelay(child.crashesInARow, initial, max);
      if (!expected)
        log(
          `${child.spec.name} (pid ${proc.pid}) exited (${signal ?? `code ${code}`}) after ${Math.round(uptimeMs / 1000)} s; restarting in ${restartInMs} ms`,
        );
      child.restartTimer = setTimeout(() => {
        child.restartTimer = undefined;
        if (!stopping) launch(child);
      }, restartInMs);
    }
    options.onExit?.({ name: child.spec.name, pid: proc.pid ?? 0, code, signal, expected, uptimeMs, restartInMs });
  }

  for (const child of children.values()) launch(child);

  return {
    pid: (name) => children.get(name)?.proc?.pid,
    kill(name, signal) {
      const child = children.get(name);
      if (!child?.proc) return false;
      child.killedOnPurpose = true;
      return child.proc.kill(signal);
    },
    async waitForRestart(name, previousPid, timeoutMs) {
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline) {
        const pid = children.get(name)?.proc?.pid;
        if (pid !== undefined && pid !== previousPid) return true;
        await sleep(50);
      }
      return false;
    },
    async stop() {
      stopping = true;
      const running = [...children.values()].filter((child) => {
        clearTimeout(child.restartTimer);
        return child.proc !== undefined;
      });
      for (const child of running) child.proc!.kill('SIGTERM');
      await Promise.all(
        running.map(async (child) => {
          const proc = child.proc;
          const exited = child.exited!;
          if ((await settlesWithin(exited, grace)) || !proc) return;
          log(`${child.spec.name} did not stop within ${grace} ms; killing it`);
          proc.kill('SIGKILL');
          await settlesWithin(exited, KILL_WAIT_MS);
        }),
      );
      process.off('exit', onProcessExit);
    },
  };
}
