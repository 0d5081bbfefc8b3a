import { HttpError } from './errors';

/** What an expensive read answers when its gate's queue is full (503, with Retry-After). */
export const HEAVY_READS_BUSY_MESSAGE =
  'Too many searches and sitemaps are being read right now. Please try again shortly.';
/** Seconds a client is told to wait when a gate's queue is full. */
const BUSY_RETRY_AFTER_SECONDS = 2;

/**
 * At most `concurrency` runs at once, `queue` more waiting in turn; one beyond that is refused at
 * once (503 HEAVY_READS_BUSY_MESSAGE). Each run's statements end within the pool's statement_timeout
 * (db/src/sql.ts), so a wait is bounded too.
 */
export class Gate {
  private running = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(
    readonly concurrency: number,
    readonly queue: number,
    /** The 503's text when the queue is full. */
    readonly busyMessage: string = HEAVY_READS_BUSY_MESSAGE,
  ) {}

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.running >= this.concurrency) {
      if (this.waiting.length >= this.queue)
        throw new HttpError(503, this.busyMessage, { 'Retry-After': String(BUSY_RETRY_AFTER_SECONDS) });
      // The run that ends hands its place over (running stays counted).
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else {
      this.running++;
    }
    try {
      return await work();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.running--;
    }
  }

  /** Runs going and waiting now. */
  load(): { running: number; waiting: number } {
    return { running: this.running, waiting: this.waiting.length };
  }
}

/**
 * The gates of the public reads that no cache shares and whose cost grows with the data: searches
 * (ILIKE over every project when the text has no trigram to look up) and the sitemap files and index
 * (whole-table counts and deep pages). Each may hold a few of the main pool's connections, never all:
 * the cheap reads (first pages, keyset pages, a project) always find one.
 */
export interface HeavyReads {
  search: Gate;
  crawl: Gate;
  /** The New & rising strip reads and impression writes (each is read for its visitor, never shared). */
  rising: Gate;
}

/** Searches at once per node; more wait (SEARCH_QUEUE), then 503. */
const SEARCH_CONCURRENCY = 2;
const SEARCH_QUEUE = 32;
/** Sitemap reads at once per node; more wait (CRAWL_QUEUE), then 503. */
const CRAWL_CONCURRENCY = 2;
const CRAWL_QUEUE = 16;

/** What a strip read or impression batch answers when the rising gate's queue is full (503). */
export const RISING_BUSY_MESSAGE = 'Too many new projects are being shown right now. Please try again shortly.';
/** Strip reads and impression batches at once per node; more wait (RISING_QUEUE), then 503. */
const RISING_CONCURRENCY = 2;
const RISING_QUEUE = 32;

export function createHeavyReads(): HeavyReads {
  return {
    search: new Gate(SEARCH_CONCURRENCY, SEARCH_QUEUE),
    crawl: new Gate(CRAWL_CONCURRENCY, CRAWL_QUEUE),
    rising: new Gate(RISING_CONCURRENCY, RISING_QUEUE, RISING_BUSY_MESSAGE),
  };
}
