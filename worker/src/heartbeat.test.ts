import { afterEach, describe, expect, it } from 'vitest';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startHeartbeat } from './heartbeat';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** Resolves once pending file writes of the first beat are done. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

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
    await settle();
    for (const stop of stops) stop();
    expect(Number.isNaN(Date.parse(readFileSync(readyFile, 'utf8').trim()))).toBe(false);
    expect(existsSync(downFile)).toBe(false);
  });
});
