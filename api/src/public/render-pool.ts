import { availableParallelism } from 'node:os';
import { Piscina } from 'piscina';
import type { ShareCardFields } from '@vitrine/domain/share-card';
import { loggerFor } from '@vitrine/runtime/logger';
import { Counter, metricsRegistry } from '@vitrine/runtime/metrics';
import { HttpError } from '../errors';
import type { CardRenderer } from './share-card';
import type { RenderResult, RenderTask } from './render-tasks';

/** What a render answers when the pool's queue is full (503, with Retry-After). */
export const RENDER_BUSY_MESSAGE = 'Too many pictures and sitemaps are being made right now. Please try again shortly.';
/** What a render answers when its thread failed (503, with Retry-After): the pool is rebuilt meanwhile. */
export const RENDER_FAILED_MESSAGE = 'This picture or sitemap could not be made right now. Please try again shortly.';
/** Seconds a client is told to wait when the render queue is full or a render failed. */
const RENDER_RETRY_AFTER_SECONDS = 2;
/** Renders waiting for a thread at most; one more is refused (503) instead of queuing without end. */
const RENDER_QUEUE = 16;
/**
 * Added to the render threads' nice value (Linux; piscina through @napi-rs/nice): on a busy machine the
 * event loop and PostgreSQL get the cores first, renders what is left.
 */
const RENDER_NICE_INCREMENT = 10;
/** A thread idle this long ends (the next render starts one again). */
const IDLE_TIMEOUT_MS = 60_000;

/**
 * A render thread's entry. The production build compiles it beside this module (scripts/build-server.ts:
 * `render-worker.js`, plain JavaScript); from TypeScript sources `render-worker.mjs` loads the tasks
 * through tsx's loader in a namespace of its own.
 */
const RENDER_WORKER = import.meta.url.endsWith('.ts')
  ? new URL('./render-worker.mjs', import.meta.url)
  : new URL('./render-worker.js', import.meta.url);

/** Renders that failed, by why: `queue-full` (503 busy), `task` (a render or its thread failed), `pool` (the pool itself). */
export const renderFailures = new Counter({
  name: 'vitrine_render_failures_total',
  help: 'Share-card and sitemap renders that failed, by reason (queue-full, task, pool).',
  labelNames: ['reason'] as const,
  registers: [metricsRegistry],
});

/** Threads of the pool: one core is left to the event loop, at most 4. */
function defaultRenderThreads(): number {
  return Math.max(1, Math.min(4, availableParallelism() - 1));
}

/** Share cards and sitemap files made off the event loop. */
export interface RenderPool extends CardRenderer {
  /** One sitemap file's XML: `rows` (a sitemapPageText text, db/src/queries/syndication.ts) as absolute URLs under `origin`. */
  urlSet(rows: string, pages: 'projects' | 'users', origin: string): Promise<string>;
  /** Renders running and waiting now. */
  load(): { running: number; waiting: number };
  close(): Promise<void>;
}

/** How the pool is made; tests point `worker` at a thread that fails. */
export interface RenderPoolOptions {
  threads?: number;
  queue?: number;
  /** The thread's entry module (RENDER_WORKER unless set). */
  worker?: URL;
  /** Preloads of the threads (none unless set; tests use it to make a thread fail as it starts). */
  execArgv?: string[];
}

/**
 * The render pool: CPU-heavy renders (share cards: satori + resvg; sitemap files of up to 50,000
 * URLs) run in worker threads (piscina), at most `threads` at once and `queue` waiting, so they never
 * block the event loop that answers every other request; a render beyond that is 503 RENDER_BUSY_MESSAGE.
 *
 * A failure never leaves the api process: a render whose thread fails answers 503 RENDER_FAILED_MESSAGE
 * and the pool is replaced (the old one finishes what it runs, then closes); an `error` the pool emits
 * (a thread that failed before it took its task) is logged, counted and answered by a new pool, the old
 * one closed by force so that the renders waiting in it answer 503 too. The threads start with no `execArgv` of their own:
 * the process's preloads (`--import tsx`, the supervisor's parent watch) are not theirs to run.
 */
export function createRenderPool(options: RenderPoolOptions = {}): RenderPool {
  const log = loggerFor('render-pool');
  const threads = options.threads ?? defaultRenderThreads();
  const makePool = () => {
    const made = new Piscina<RenderTask, RenderResult>({
      filename: (options.worker ?? RENDER_WORKER).href,
      minThreads: 0,
      maxThreads: threads,
      maxQueue: options.queue ?? RENDER_QUEUE,
      idleTimeout: IDLE_TIMEOUT_MS,
      niceIncrement: RENDER_NICE_INCREMENT,
      execArgv: options.execArgv ?? [],
    });
    made.on('error', (err: unknown) => {
      renderFailures.inc({ reason: 'pool' });
      log.error({ err }, 'the render pool failed; starting a new one');
      // Its waiting tasks would wait for ever: closing it by force fails them (503) at once.
      replace(made, true);
    });
    return made;
  };
  let pool = makePool();
  let closed = false;
  const replace = (failed: Piscina<RenderTask, RenderResult>, force = false) => {
    if (closed || pool !== failed) return;
    pool = makePool();
    failed.close({ force }).catch((err: unknown) => log.warn({ err }, 'a replaced render pool did not close cleanly'));
  };
  let inFlight = 0;
  const run = async (task: RenderTask): Promise<RenderResult> => {
    const current = pool;
    inFlight++;
    try {
      return await current.run(task);
    } catch (err) {
      // piscina refuses a task at once when `queue` tasks already wait.
      if (err instanceof Error && err.message === 'Task queue is at limit') {
        renderFailures.inc({ reason: 'queue-full' });
        throw new HttpError(503, RENDER_BUSY_MESSAGE, { 'Retry-After': String(RENDER_RETRY_AFTER_SECONDS) });
      }
      // A task its failed pool aborted (closed by force above) was counted and logged with the pool.
      const abortedWithPool = current !== pool && err instanceof Error && err.name === 'AbortError';
      if (!abortedWithPool) {
        renderFailures.inc({ reason: 'task' });
        log.error({ err, kind: task.kind }, 'a render failed');
        // piscina gives up replacing threads that fail as they start: a new pool starts over.
        replace(current);
      }
      throw new HttpError(503, RENDER_FAILED_MESSAGE, { 'Retry-After': String(RENDER_RETRY_AFTER_SECONDS) });
    } finally {
      inFlight--;
    }
  };
  const png = async (task: RenderTask) => {
    const bytes = (await run(task)) as Uint8Array;
    return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  };
  return {
    projectCard: (fields: ShareCardFields, siteName: string) => png({ kind: 'projectCard', fields, siteName }),
    siteCard: (siteName: string, tagline: string) => png({ kind: 'siteCard', siteName, tagline }),
    urlSet: async (rows, pages, origin) => (await run({ kind: 'urlSet', rows, pages, origin })) as string,
    load: () => ({ running: inFlight - pool.queueSize, waiting: pool.queueSize }),
    close: () => {
      closed = true;
      return pool.close({ force: true });
    },
  };
}
