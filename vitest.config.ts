import { defineConfig } from 'vitest/config';

/**
 * One vitest run: unit tests and API/worker integration tests against real PostgreSQL and Redis.
 * The global setup makes a throwaway database and Redis key prefix for the run and removes them after.
 */
export default defineConfig({
  test: {
    include: ['{domain,db,runtime,api,worker,web,scripts,tests}/**/*.test.{ts,tsx}'],
    exclude: ['**/node_modules/**', 'web/e2e/**'],
    globalSetup: ['./scripts/test/global-setup.ts'],
    pool: 'forks',
    // Most files wait on PostgreSQL and Redis, not the CPU: two at once keep a 2-core machine busy
    // (vitest's default is one fewer than the cores). VITEST_MAX_WORKERS overrides it.
    maxWorkers: Number(process.env.VITEST_MAX_WORKERS ?? 2),
    // Tests keep the logs quiet (warnings and errors only); tests of the logs capture their own lines.
    env: { LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn' },
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
