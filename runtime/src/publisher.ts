import { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import type { StoredEvent } from '@vitrine/domain/events';
import { makeEventQueries } from '@vitrine/db/queries/events';
import type { Sql } from '@vitrine/db/sql';
import { bullPrefix, eventJob, EVENTS_QUEUE } from './queues';
import { createLivePushes } from './live';

/** Hands committed events on: to the worker queue (job id from the event id) and to live listeners. */
export interface Publisher {
  /** Called after the transaction that recorded `events` committed. Never throws: the relay retries. */
  publish(events: StoredEvent[]): Promise<void>;
  /** After a sign-out: that session's sockets leave the user's private rooms on every node. Never throws. */
  signedOut(sessionId: string, userId: number): void;
  /** After a password change: the sockets of the user's other sessions leave the private rooms on every node. Never throws. */
  otherSessionsEnded(userId: number, keepSessionId: string): void;
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
  const log = opts.log ?? ((err) => console.error('[publisher]', err));
  const redis = opts.connection.duplicate({
    connectionName: 'publisher',
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    commandTimeout: PUBLISH_COMMAND_TIMEOUT_MS,
  });
  // Failures show up (and are logged) where a publish fails; the app's own connection reports outages.
  redis.on('error', () => {});
  const queue = new Queue(EVENTS_QUEUE, { connection: redis, prefix: bullPrefix(opts.prefix) });
  queue.on('error', () => {});
  const pushes = createLivePushes({ sql: opts.sql, redis, prefix: opts.prefix, log });
  const events = makeEventQueries(opts.sql);

  async function enqueue(list: StoredEvent[]) {
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

  async function emitLive(event: StoredEvent) {
    await pushes.emit(event);
    try {
      await opts.live?.(event);
    } catch (err) {
      log(err);
    }
  }

  return {
    async publish(list) {
      if (list.length === 0) return;
      await Promise.all([enqueue(list), ...list.map(emitLive)]);
    },
    signedOut(sessionId, userId) {
      pushes.leaveSession(sessionId, userId);
    },
    otherSessionsEnded(userId, keepSessionId) {
      pushes.leaveOtherSessions(userId, keepSessionId);
    },
    async close() {
      await queue.close().catch(log);
      redis.disconnect();
    },
  };
}
