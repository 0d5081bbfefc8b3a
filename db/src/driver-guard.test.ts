import { describe, expect, it, inject } from 'vitest';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** The fixture that terminates backends under queued writes, run in a process of its own. */
const FIXTURE = fileURLToPath(new URL('./driver-guard.fixture.ts', import.meta.url));
/** How a query on a connection cut under it may fail (which one depends on when the socket notices). */
const CONNECTION_LOST = /^(57P01|CONNECTION_CLOSED|ECONNRESET|EPIPE)$/;
/**
 * A hang guard, not a time limit: far above the child's run time even on a loaded machine (its own
 * work takes about 2 s, but starting tsx alone took 13 s with 2 cores at a load of 23), so only a
 * fixture that never ends fails on it.
 */
const CHILD_TIMEOUT_MS = 120_000;

describe('postgres.js nextWrite guard (patches/postgres+3.4.9.patch)', () => {
  it(
    'survives writes queued on a connection whose backend was terminated, and a failed array-types query',
    () => {
      const child = spawnSync(process.execPath, ['--import', 'tsx', FIXTURE, inject('databaseUrl')], {
        encoding: 'utf8',
        timeout: CHILD_TIMEOUT_MS,
      });
      expect(child.error, 'the child did not end within CHILD_TIMEOUT_MS').toBeUndefined();
      expect(child.stderr).not.toContain("Cannot read properties of null (reading 'write')");
      expect(child.status, child.stderr).toBe(0);
      const result = JSON.parse(child.stdout.trim().split('\n').at(-1) ?? '{}') as Record<string, unknown>;
      expect(result).toEqual({
        transaction: expect.stringMatching(CONNECTION_LOST),
        first: expect.stringMatching(CONNECTION_LOST),
        queued: ['CONNECTION_CLOSED', 'CONNECTION_CLOSED'],
        // The caller's own query is cancelled too (57014, its 1 ms statement_timeout); the process lives.
        typesFetch: '57014',
        answer: 42,
      });
    },
    CHILD_TIMEOUT_MS + 30_000,
  );
});
