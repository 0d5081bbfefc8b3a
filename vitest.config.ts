import { relative } from 'node:path';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Files that change what a whole process shares, so each runs in a fresh process of its own:
 * module mocks (vi.mock), the root logger (setRootLogger), the metrics registry's sources (startApi,
 * startWorker, measure*With), process listeners and environment, globals a module reads once (location,
 * Function), the whole-system tests that start servers of their own, and the render pool's users.
 */
const ISOLATED = [
  'tests/system/**/*.test.ts',
  'scripts/faults/**/*.test.ts',
  'domain/src/zod.test.ts',
  'runtime/src/emitter-errors.test.ts',
  'api/src/emitter-errors.test.ts',
  'api/src/metrics.test.ts',
  'api/src/middleware/body-errors.test.ts',
  'api/src/middleware/session.test.ts',
  'api/src/public/render-pool.test.ts',
  // The render pool's threads (share cards, sitemaps) timed out in a process shared with other files
  // on a loaded machine, and never alone: these files keep a process each.
  'api/src/routes/cards.test.ts',
  'api/src/routes/crawl.test.ts',
  'api/src/site-address.test.ts',
  'api/src/strict-ids.test.ts',
  'api/src/routes/password-race.test.ts',
  'worker/src/emitter-errors.test.ts',
  'worker/src/metrics.test.ts',
  'worker/src/stall.test.ts',
  'worker/src/tasks/fold-stats-task.test.ts',
  'web/src/lib/socket.test.ts',
];

const ALL = ['{domain,db,runtime,api,worker,web,scripts,tests}/**/*.test.{ts,tsx}'];

/**
 * The web's screens rendered in a DOM (jsdom): routes through the app's providers, the API answered
 * by MSW, checked with Testing Library and axe (web/src/testing/). Each file gets a fresh module graph:
 * the app keeps page-wide state in modules (the session store, the toaster, the live socket).
 */
const DOM = ['web/src/**/*.dom.test.tsx'];
const EXCLUDE = ['**/node_modules/**', 'web/e2e/**'];

/**
 * The files that take 10 s or more on a 2-core machine, longest first. They start before the rest: a
 * clean clone has no timings from an earlier run, and vitest's own order (projects by name, larger
 * files first) started the longest, the million-project EXPLAIN, minutes in: it was the last file of
 * every CI run, the machine half idle while it finished (docs/operations.md "CI").
 */
const LONGEST = [
  'db/src/queries/lists-at-scale.test.ts',
  'tests/system/production-start.test.ts',
  'scripts/faults/smoke.test.ts',
  'db/src/queries/projects.test.ts',
  'db/src/queries/notifications.test.ts',
  'db/src/queries/project-stats.test.ts',
  'web/src/pages/admin.dom.test.tsx',
  'db/src/queries/messages.test.ts',
  'db/src/queries/fair-exposure.test.ts',
  'api/src/routes/test-requests.test.ts',
];

/** vitest's order (failed, then longest by the last run's timings, else largest), the LONGEST first. */
class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (spec: TestSpecification) => {
      const at = LONGEST.indexOf(relative(spec.project.config.root, spec.moduleId));
      return at === -1 ? LONGEST.length : at;
    };
    // Array sort is stable: the rest keep vitest's order.
    return (await super.sort(files)).sort((a, b) => rank(a) - rank(b));
  }
}

/**
 * One vitest run: unit tests and API/worker integration tests against real PostgreSQL and Redis.
 * The global setup makes a throwaway database and Redis key prefix for the run and removes them after.
 *
 * Loading the modules (koa, zod schemas, postgres, bullmq, socket.io, the app's routes) costs more than
 * most files' tests, so the files in the `shared` project run one after another in long-lived
 * processes that keep what they loaded (isolate: false). Those files leave nothing process-wide behind:
 * every app, database pool and Redis client is their own and closed in afterAll. A file that does
 * change process-wide state belongs in ISOLATED.
 */
export default defineConfig({
  test: {
    exclude: EXCLUDE,
    globalSetup: ['./scripts/test/global-setup.ts'],
    pool: 'forks',
    sequence: { sequencer: LongestFirst },
    // Most files wait on PostgreSQL and Redis part of the time: three at once keep a 2-core machine
    // busy (the whole run 258 s against 308 s with two, docs/operations.md "CI"; vitest's default is
    // one fewer than the cores). VITEST_MAX_WORKERS overrides it.
    maxWorkers: Number(process.env.VITEST_MAX_WORKERS ?? 3),
    // Tests keep the logs quiet (warnings and errors only); tests of the logs capture their own lines.
    env: { LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn' },
    // The built server renderer (web/dist-ssr, one large bundle) loads as Node loads it in production,
    // not through vite's transform.
    server: { deps: { external: [/\/web\/dist-ssr\//] } },
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      {
        extends: true,
        test: { name: 'shared', include: ALL, exclude: [...EXCLUDE, ...ISOLATED, ...DOM], isolate: false },
      },
      { extends: true, test: { name: 'isolated', include: ISOLATED, isolate: true } },
      {
        extends: true,
        test: {
          name: 'dom',
          include: DOM,
          isolate: true,
          environment: 'jsdom',
          // A reserved name: the page's address, never reached (MSW answers every request).
          environmentOptions: { jsdom: { url: 'http://vitrine.example/' } },
          setupFiles: ['./web/src/testing/setup-dom.ts'],
        },
      },
    ],
  },
});
