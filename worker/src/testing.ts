import { inject } from 'vitest';
import { randomBytes } from 'node:crypto';
import net from 'node:net';
import { loadConfig, type Config } from '@vitrine/runtime/config';

/** A configuration on this test run's database and Redis, with a Redis prefix of its own. */
export function workerTestConfig(overrides: Partial<Config> = {}): Config {
  return {
    ...loadConfig({ NODE_ENV: 'test' }),
    databaseUrl: inject('databaseUrl'),
    redisUrl: inject('redisUrl'),
    redisPrefix: `${inject('redisPrefix')}wk-${randomBytes(3).toString('hex')}:`,
    ...overrides,
  };
}

/** Polls `check` until it returns something truthy; throws with `what` after `timeoutMs`. */
export async function waitFor<T>(
  what: string,
  check: () => Promise<T | null | undefined | false>,
  timeoutMs = 20_000,
  everyMs = 50,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      const value = await check();
      if (value) return value;
    } catch (err) {
      last = err;
    }
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}${last ? `: ${String(last)}` : ''}`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}

/** A TCP port nothing listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** Resolves after `ms`. */
export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
