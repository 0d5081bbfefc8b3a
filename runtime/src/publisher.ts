import { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import type { StoredEvent } from '@vitrine/domain/events';
import { makeEventQueries } from '@vitrine/db/queries/events';
import type { Sql } from '@vitrine/db/sql';
import { bullPrefix, eventJob, EVENTS_QUEUE } from './queues';
import { createLivePushes } from './live';
import { createBatcher } from './batch';
import { staleTagsOfAll } from './stale-reads';
import { loggerFor } from './logger';
import { handleErrors } from './metrics';
import { duplicateRedis } from './redis';

/** Hands committed events on: to the worker queue (job id from the event id) and to live listeners. */
export interface Publisher {
  /**
   * Called after the transaction that recorded `events` committed: announces the shared reads they
   * make stale, pushes them live and queues them for the worker; resolves when all is done. Never
   * throws: the relay retries.
   */
  publish(events: StoredEvent[]): Promise<void>;
  /**
   * publish for the hottest writes (votes): resolves once every API node has been told which shared
   * reads the events make stale (so the writer's next read, on any node, sees its write); the queue
   * add and the live pushes go on after it. The outbox relay delivers what they miss. Never throws.
   */
  publishStaleFirst(events: StoredEvent[]): Promise<void>;
  /** After a sign-out: that session's sockets leave the user's private rooms on every node. Never throws. */
  signedOut(sessionId: string, userId: number): void;
  /** After a password change: the sockets of the user's other sessions leave the private rooms on every node. Never throws. */
  otherSessionsEnded(userId: number, keepSessionId: string): void;
  /** Tells every API node that shared reads carrying one of `tags` are stale (a change no event announces). Never throws. */
  announceStale(tags: string[]): Promise<void>;
  close(): Promise<void>;
}

/** An extra listener called with each published event (tests observe with it). */
export type LiveEmitter = (event: StoredEvent) => void | Promise<void>;

/**
 * A Redis command of the publisher that gets no answer within this long fails (a frozen server must
 * not hold a request open; the relay delivers the event later).
 */
const PUBLISH_COMMAND_TIMEOUT_MS = 1500;

/**
 * The publisher of the API. It enqueues each event (job id = event id) and pushes the live update
 * through the Socket.IO Redis emitter, both on a connection of its own that has no offline queue:
 * while Redis is down, publish() returns at once and the events stay unpublished in the outbox; the
 * worker's relay enqueues them when Redis is back. The request that made them has already succeeded.
 */
export function createPublisher(opts: {
  sql: Sql;
  /** The app's Redis connection; the publisher duplicates it with fail-fast settings. */
  connection: Redis;
  prefix: string;
  live?: LiveEmitter;
  log?: (err: unknown) => void;
}): Publisher {
  const log = opts.log ?? ((err) => loggerFor('publisher').error({ err }, 'publish failed; the relay will deliver'));
  const redis = duplicateRedis(opts.connection, 'publisher', {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    commandTimeout: PUBLISH_COMMAND_TIMEOUT_MS,
  });
  const queue = new Queue(EVENTS_QUEUE, { connection: redis, prefix: bullPrefix(opts.prefix) });
  handleErrors(queue, `queue:${EVENTS_QUEUE}`);
  const pushes = createLivePushes({ sql: opts.sql, redis, prefix: opts.prefix, log });
  const events = makeEventQueries(opts.sql);

  async function enqueueNow(list: StoredEvent[]) {
    if (redis.status !== 'ready') return;
    try {
      await queue.addBulk(list.map(eventJob));
    } catch (err) {
      log(err);
      return;
    }
    try {
      await events.markPublished(list.map((e) => e.id));
    } catch (err) {
      // Enqueued but not marked: the relay enqueues them again, and BullMQ ignores a known job id.
      log(err);
    }
  }

  // Under load, the events of concurrent requests are enqueued and marked together (a vote each is
  // one addBulk and one UPDATE per burst rather than per vote).
  const enqueue = createBatcher(enqueueNow);

  /** This process's own listener (its shared reads, tests' observers) for each event. */
  async function tellListener(list: StoredEvent[]) {
    for (const event of list) {
      try {
        await opts.live?.(event);
      } catch (err) {
        log(err);
      }
    }
  }

  /** Work publishStaleFirst left running: close() waits for it. */
  const inFlight = new Set<Promise<unknown>>();

  return {
    async publish(list) {
      if (list.length === 0) return;
      await Promise.all([enqueue(list), pushes.announceAndPush(list).then(() => tellListener(list))]);
    },
    async publishStaleFirst(list) {
      if (list.length === 0) return;
      await Promise.all([pushes.announceStale(staleTagsOfAll(list)), tellListener(list)]);
      const rest = Promise.all([enqueue(list), pushes.push(list)]);
      inFlight.add(rest);
      void rest.finally(() => inFlight.delete(rest));
    },
    signedOut(sessionId, userId) {
      pushes.leaveSession(sessionId, userId);
    },
    otherSessionsEnded(userId, keepSessionId) {
      pushes.leaveOtherSessions(userId, keepSessionId);
    },
    announceStale: (tags) => pushes.announceStale(tags),
    async close() {
      await Promise.all(inFlight);
      await queue.close().catch(log);
      redis.disconnect();
    },
  };
}
