import { afterEach, describe, expect, it, vi } from 'vitest';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startHeartbeat } from './heartbeat';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** Resolves once the first beat has written `file` (a loaded machine can take longer than any fixed pause). */
const written = (file: string) =>
  vi.waitFor(
    () => {
      if (!existsSync(file) || !readFileSync(file, 'utf8').endsWith('\n')) throw new Error(`${file} not written yet`);
    },
    { timeout: 10_000, interval: 20 },
  );

describe('worker heartbeat', () => {
  it('touches the file while the worker is ready, and not while it is not', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'vitrine-heartbeat-'));
    dirs.push(dir);
    const readyFile = path.join(dir, 'ready');
    const downFile = path.join(dir, 'down');
    const stops = [
      startHeartbeat(
        readyFile,
        () => true,
        () => {},
      ),
      startHeartbeat(
        downFile,
        () => false,
        () => {},
      ),
    ];
    // The down file's beat never writes: its check runs first, in the same tick as the ready one's.
    await written(readyFile);
    for (const stop of stops) stop();
    expect(Number.isNaN(Date.parse(readFileSync(readyFile, 'utf8').trim()))).toBe(false);
    expect(existsSync(downFile)).toBe(false);
  });
});
