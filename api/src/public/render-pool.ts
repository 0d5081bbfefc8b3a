import { availableParallelism } from 'node:os';
import { Piscina } from 'piscina';
import type { ShareCardFields } from '@vitrine/domain/share-card';
import { HttpError } from '../errors';
import type { CardRenderer } from './share-card';
import type { RenderResult, RenderTask } from './render-tasks';

/** What a render answers when the pool's queue is full (503, with Retry-After). */
export const RENDER_BUSY_MESSAGE = 'Too many pictures and sitemaps are being made right now. Please try again shortly.';
/** Seconds a client is told to wait when the render queue is full. */
const RENDER_BUSY_RETRY_AFTER_SECONDS = 2;
/** Renders waiting for a thread at most; one more is refused (503) instead of queuing without end. */
const RENDER_QUEUE = 16;
/**
 * Added to the render threads' nice value (Linux; piscina through @napi-rs/nice): on a busy machine the
 * event loop and PostgreSQL get the cores first, renders what is left.
 */
const RENDER_NICE_INCREMENT = 10;
/** A thread idle this long ends (the next render starts one again). */
const IDLE_TIMEOUT_MS = 60_000;

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

/**
 * The render pool: CPU-heavy renders (share cards: satori + resvg; sitemap files of up to 50,000
 * URLs) run in worker threads (piscina), at most `threads` at once and `queue` waiting, so they never
 * block the event loop that answers every other request; a render beyond that is 503 RENDER_BUSY_MESSAGE.
 */
export function createRenderPool(options: { threads?: number; queue?: number } = {}): RenderPool {
  const threads = options.threads ?? defaultRenderThreads();
  const pool = new Piscina<RenderTask, RenderResult>({
    filename: new URL('./render-worker.mjs', import.meta.url).href,
    minThreads: 0,
    maxThreads: threads,
    maxQueue: options.queue ?? RENDER_QUEUE,
    idleTimeout: IDLE_TIMEOUT_MS,
    niceIncrement: RENDER_NICE_INCREMENT,
  });
  let inFlight = 0;
  const run = async (task: RenderTask): Promise<RenderResult> => {
    inFlight++;
    try {
      return await pool.run(task);
    } catch (err) {
      // piscina refuses a task at once when `queue` tasks already wait.
      if (err instanceof Error && err.message === 'Task queue is at limit') {
        throw new HttpError(503, RENDER_BUSY_MESSAGE, { 'Retry-After': String(RENDER_BUSY_RETRY_AFTER_SECONDS) });
      }
      throw err;
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
    close: () => pool.close({ force: true }),
  };
}
