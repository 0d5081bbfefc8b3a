import { afterEach, describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { backoffDelay, processAlive as alive, startSupervisor, type ExitInfo, type Supervisor } from './supervisor';

const CHILD = fileURLToPath(new URL('./supervisor-fixtures/child.ts', import.meta.url));
const PARENT = fileURLToPath(new URL('./supervisor-fixtures/parent.ts', import.meta.url));
/** Upper bound of every wait below (a loaded machine starts node + tsx slowly). */
const WAIT_MS = 20_000;

/** Polls until `check` holds; throws after WAIT_MS. */
async function until(what: string, check: () => boolean): Promise<void> {
  const deadline = Date.now() + WAIT_MS;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

let supervisor: Supervisor | undefined;
afterEach(async () => {
  await supervisor?.stop();
  supervisor = undefined;
});

describe('backoffDelay', () => {
  it('doubles from the first delay up to the ceiling', () => {
    expect([1, 2, 3, 4].map((n) => backoffDelay(n, 100, 1000))).toEqual([100, 200, 400, 800]);
    expect(backoffDelay(5, 100, 1000)).toBe(1000);
    expect(backoffDelay(50, 100, 1000)).toBe(1000);
  });
});

describe('the supervisor', () => {
  it('restarts a child that was killed from outside, and reports the exit as unexpected', async () => {
    const exits: ExitInfo[] = [];
    supervisor = startSupervisor([{ name: 'child', script: CHILD }], {
      initialBackoffMs: 50,
      log: () => {},
      onExit: (info) => exits.push(info),
    });
    await until('the child to start', () => supervisor!.pid('child') !== undefined);
    const first = supervisor.pid('child')!;

    process.kill(first, 'SIGKILL');
    expect(await supervisor.waitForRestart('child', first, WAIT_MS)).toBe(true);

    const second = supervisor.pid('child')!;
    expect(second).not.toBe(first);
    expect(alive(second)).toBe(true);
    expect(exits).toHaveLength(1);
    expect(exits[0]).toMatchObject({ name: 'child', pid: first, signal: 'SIGKILL', expected: false, restartInMs: 50 });
  });

  it('reports a kill asked through kill() as expected, and still restarts the child', async () => {
    const exits: ExitInfo[] = [];
    supervisor = startSupervisor([{ name: 'child', script: CHILD }], {
      initialBackoffMs: 50,
      log: () => {},
      onExit: (info) => exits.push(info),
    });
    await until('the child to start', () => supervisor!.pid('child') !== undefined);
    const first = supervisor.pid('child')!;

    expect(supervisor.kill('child', 'SIGKILL')).toBe(true);
    expect(await supervisor.waitForRestart('child', first, WAIT_MS)).toBe(true);
    expect(exits[0]).toMatchObject({ pid: first, expected: true });
  });

  it('stop() ends a child that ignores SIGTERM with SIGKILL after the grace period, and restarts nothing', async () => {
    const exits: ExitInfo[] = [];
    const dir = mkdtempSync(path.join(tmpdir(), 'vitrine-supervisor-'));
    const logs = { polite: path.join(dir, 'polite.log'), stubborn: path.join(dir, 'stubborn.log') };
    supervisor = startSupervisor(
      [
        { name: 'polite', script: CHILD, logFile: logs.polite },
        { name: 'stubborn', script: CHILD, args: ['ignore-sigterm'], logFile: logs.stubborn },
      ],
      { graceMs: 500, log: () => {}, onExit: (info) => exits.push(info) },
    );
    // Both must have installed their handlers before we signal them.
    const ready = (file: string) => existsSync(file) && readFileSync(file, 'utf8').includes('ready');
    await until('both children to be ready', () => ready(logs.polite) && ready(logs.stubborn));
    const pids = [supervisor.pid('polite')!, supervisor.pid('stubborn')!];

    await supervisor.stop();
    rmSync(dir, { recursive: true, force: true });

    expect(pids.map(alive)).toEqual([false, false]);
    expect(supervisor.pid('polite')).toBeUndefined();
    expect(supervisor.pid('stubborn')).toBeUndefined();
    expect(exits.map((e) => [e.name, e.signal, e.expected, e.restartInMs]).sort()).toEqual([
      ['polite', 'SIGTERM', true, null],
      ['stubborn', 'SIGKILL', true, null],
    ]);
  });

  it('a child stops by itself when its supervisor is SIGKILLed (no orphan)', async () => {
    const parent = spawn(process.execPath, ['--import', 'tsx', PARENT], { stdio: ['ignore', 'pipe', 'inherit'] });
    try {
      const lines = createInterface({ input: parent.stdout! });
      const childPid = await new Promise<number>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('the supervisor printed no child pid')), WAIT_MS);
        lines.once('line', (line) => {
          clearTimeout(timer);
          resolve((JSON.parse(line) as { childPid: number }).childPid);
        });
      });
      await until('the child to run', () => alive(childPid));

      parent.kill('SIGKILL');

      await until('the orphaned child to exit', () => !alive(childPid));
    } finally {
      parent.kill('SIGKILL');
    }
  });
});
