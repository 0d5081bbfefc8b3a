import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { StoredEvent } from '@vitrine/domain/events';
import type { LiveEmitter } from '@vitrine/runtime/publisher';
import { STALE, staleReadsChannel, staleTagsOf } from '@vitrine/runtime/stale-reads';
import { duplicateRedis } from '@vitrine/runtime/redis';
import { sharedReadHits, sharedReadMisses } from '../metrics';

/** Entries one API node keeps; the oldest goes first beyond this (an entry is a page of JSON, a few kB). */
const MAX_ENTRIES = 2000;
/**
 * Safety net for changes no event announces (a board a read recomputed itself): an entry older than
 * this is read again. Every change users make is announced and drops its entries at once.
 */
const MAX_AGE_MS = 60_000;

/** A shared answer, its JSON and its ETag (a hash of that JSON). */
export interface SharedEntry<T = unknown> {
  value: T;
  /** The answer as it goes out, serialised once when it was loaded. */
  json: string;
  etag: string;
  /** Headers the answer carries besides the caching ones (a page's `Link`). */
  headers?: Record<string, string>;
  /** The JSON compressed, by Content-Encoding, made the first time a client asks for it (cache/http.ts sharedReadsFront). */
  encoded?: Partial<Record<string, Buffer>>;
  /** The answer ready to send, by audience, encoding and HSTS, made the first time the front sends it that way. */
  prepared?: Array<PreparedAnswer | undefined>;
}

/** A kept answer made ready to send one way (cache/http.ts sharedReadsFront): its headers and body. */
export interface PreparedAnswer {
  /** Headers of the 200 answer, as name, value, name, value... */
  ok: string[];
  /** Headers of the 304 answer (no body, so no type, encoding or length). */
  notModified: string[];
  /** The JSON as it is, or compressed. */
  body: string | Buffer;
}

/**
 * What a loader answers: the value, the tags it depends on and the headers it carries, or null when
 * it must not be shared; `keep: false` serves it to the waiting requests without keeping it (it may
 * be older than a change).
 */
export type SharedLoad<T = unknown> = {
  value: T;
  tags: string[];
  headers?: Record<string, string>;
  keep?: boolean;
} | null;

/** Who a GET's URL may be answered for by the front (sharedReadsFront): everyone, or visitors only. */
export type UrlAudience = 'everyone' | 'visitors';

/** What a GET's URL was answered with: the entry's key, for whom, and the route pattern that answered it. */
interface Remembered {
  key: string;
  audience: UrlAudience;
  /** The route pattern (`/api/projects/:id`), so the front's answers are logged and measured by their route. */
  route?: string;
}

interface Stored extends SharedEntry {
  tags: string[];
  at: number;
}

/**
 * Reads that are the same for every visitor (lists, a visible project's page), kept in this process
 * and dropped by the tags of each change (runtime/src/stale-reads.ts), which every node hears on a
 * Redis channel. While that channel is not subscribed (Redis down, reconnecting) nothing is kept,
 * since a change could go unheard. A read that started before a change is never stored after it
 * (the generation counter), and parallel misses of one key share one load.
 */
export class SharedReads {
  private entries = new Map<string, Stored>();
  private loading = new Map<string, { generation: number; promise: Promise<SharedEntry | null> }>();
  private generation = 0;
  /**
   * When this node last dropped entries (ms, this node's clock): an answer older than that (from a
   * replica behind it, read-routing.ts) is not kept (cache/http.ts).
   */
  changedAt = 0;
  private listening = false;
  /** Request URLs (path and query, as sent) answered by a kept entry: that entry's key, and for whom. */
  private urls = new Map<string, Remembered>();

  /** The answer under `key`, loaded (and kept, if it may be) on a miss; null when `load` says not shared. */
  async get<T>(key: string, load: () => Promise<SharedLoad<T>>): Promise<SharedEntry<T> | null> {
    return (await this.lookup(key, load)) as SharedEntry<T> | null;
  }

  private lookup(key: string, load: () => Promise<SharedLoad>): Promise<SharedEntry | null> | SharedEntry {
    const hit = this.entries.get(key);
    if (hit && Date.now() - hit.at < MAX_AGE_MS) {
      sharedReadHits.inc();
      return hit;
    }
    sharedReadMisses.inc();
    const pending = this.loading.get(key);
    if (pending && pending.generation === this.generation) return pending.promise;
    const generation = this.generation;
    const promise = this.fill(key, generation, load).finally(() => {
      if (this.loading.get(key)?.promise === promise) this.loading.delete(key);
    });
    this.loading.set(key, { generation, promise });
    return promise;
  }

  private async fill(key: string, generation: number, load: () => Promise<SharedLoad>): Promise<SharedEntry | null> {
    const loaded = await load();
    if (loaded === null) return null;
    const json = JSON.stringify(loaded.value);
    const etag = `"${createHash('sha1').update(json).digest('base64url')}"`;
    const entry = { value: loaded.value, json, etag, ...(loaded.headers ? { headers: loaded.headers } : {}) };
    if (this.listening && generation === this.generation && loaded.keep !== false) {
      this.entries.delete(key);
      this.entries.set(key, { ...entry, tags: loaded.tags, at: Date.now() });
      if (this.entries.size > MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
    }
    return entry;
  }

  /** Notes that a GET of `url` is answered by the entry under `key`, for `audience`, by `route` (see byUrl). */
  rememberUrl(url: string, key: string, audience: UrlAudience = 'everyone', route?: string): void {
    if (!this.entries.has(key)) return;
    if (this.urls.size >= MAX_ENTRIES) this.urls.delete(this.urls.keys().next().value!);
    this.urls.set(url, { key, audience, route });
  }

  /**
   * The kept entry a GET of `url` was last answered with, while it is kept and fresh, and for whom;
   * undefined otherwise (the request then goes the whole way to its route). The entry itself, not a
   * copy: what the front makes of it (its compressed forms) is kept with it.
   */
  byUrl(url: string): { entry: SharedEntry; audience: UrlAudience; route?: string } | undefined {
    const remembered = this.urls.get(url);
    if (remembered === undefined) return undefined;
    const hit = this.entries.get(remembered.key);
    if (hit && Date.now() - hit.at < MAX_AGE_MS) {
      sharedReadHits.inc();
      return { entry: hit, audience: remembered.audience, route: remembered.route };
    }
    this.urls.delete(url);
    return undefined;
  }

  /** Drops this node's entries carrying one of `tags` (STALE.all: every entry); other nodes hear of it through announceStale. */
  dropStale(tags: readonly string[]): void {
    if (tags.length === 0) return;
    this.generation++;
    this.changedAt = Date.now();
    if (tags.includes(STALE.all)) {
      this.entries.clear();
      this.urls.clear();
      return;
    }
    for (const [key, entry] of this.entries) {
      if (entry.tags.some((tag) => tags.includes(tag))) this.entries.delete(key);
    }
  }

  /** Whether entries are kept (the stale-reads channel is subscribed). */
  get isListening(): boolean {
    return this.listening;
  }

  /** Starts or stops keeping entries; either way everything kept so far is dropped. */
  setListening(listening: boolean): void {
    this.listening = listening;
    this.dropStale([STALE.all]);
  }
}

/**
 * Subscribes `reads` to the stale-reads channel on a connection of its own (a subscribed ioredis
 * connection can do nothing else). Entries are kept only while subscribed; every (re)subscription
 * starts from an empty cache, since messages sent in between were lost.
 */
function listenForStaleReads(
  reads: SharedReads,
  connection: Redis,
  prefix: string,
  log: (err: unknown) => void,
): { close: () => void } {
  const channel = staleReadsChannel(prefix);
  // It subscribes again on each 'ready' itself, handling the answer; ioredis's own resubscribe drops the
  // promise, which rejects when a drain closes the connection before Redis answers.
  const subscriber = duplicateRedis(connection, 'stale-reads', { maxRetriesPerRequest: null, autoResubscribe: false });
  const stop = () => reads.setListening(false);
  subscriber.on('close', stop);
  subscriber.on('reconnecting', stop);
  subscriber.on('ready', () => {
    subscriber.subscribe(channel).then(() => reads.setListening(true), log);
  });
  subscriber.on('message', (from: string, message: string) => {
    if (from !== channel) return;
    try {
      const tags: unknown = JSON.parse(message);
      if (Array.isArray(tags)) reads.dropStale(tags.filter((t): t is string => typeof t === 'string'));
    } catch (err) {
      log(err);
    }
  });
  return {
    close() {
      stop();
      subscriber.disconnect();
    },
  };
}

/**
 * This node's shared reads, listening on the stale-reads channel. `live` wraps a publisher's live
 * listener so that this node drops what an event makes stale at once (it hears its own message too,
 * but a moment later, and not at all while Redis is down).
 */
export function connectSharedReads(connection: Redis, prefix: string, log: (err: unknown) => void) {
  const reads = new SharedReads();
  const listener = listenForStaleReads(reads, connection, prefix, log);
  return {
    reads,
    live:
      (inner?: LiveEmitter): LiveEmitter =>
      (event: StoredEvent) => {
        reads.dropStale(staleTagsOf(event));
        return inner?.(event);
      },
    close: listener.close,
  };
}
